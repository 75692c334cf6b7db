import type { TaxCondition } from '../../src/shared/company/company-settings.schema';
import type { MemoryArca } from '../fakes/memory-arca';
import type { CreatedUser } from './accounts';
import { callAs } from './pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../setup/test-app';

/** The platform's CUIT in the invoicing tests (valid check digit). */
export const PLATFORM_CUIT = '30716420899';

/** A test app with ARCA configured on the in-memory services (the SOAP client has its own tests). */
export async function invoicingApp(arca: MemoryArca): Promise<TestApp> {
  return createTestApp(
    { ...UNLIMITED_PAY_ENV },
    (config) => ({
      ...config,
      invoicing: {
        ...config.invoicing,
        pointOfSale: 3,
        arca: {
          cuit: PLATFORM_CUIT,
          certificatePem: 'not read by the memory services',
          privateKeyPem: 'not read by the memory services',
          pointOfSale: 3,
          production: false,
          wsaaUrl: undefined,
          wsfeUrl: undefined,
        },
      },
    }),
    { invoicing: { arca } },
  );
}

/** The company's tax data as it types it in Configuración; fails unless saved. */
export async function saveTaxData(
  t: TestApp,
  company: CreatedUser,
  data: { tax_condition: TaxCondition; legal_name?: string; tax_id?: string },
): Promise<void> {
  const saved = await callAs(t, company, 'PATCH', '/api/company/settings', {
    legal_name: 'Yerbatera Misionera S.A.',
    tax_id: '30712345671',
    ...data,
  });
  if (saved.statusCode !== 200) throw new Error(`tax data: ${saved.body}`);
}
