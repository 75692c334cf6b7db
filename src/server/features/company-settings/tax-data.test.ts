import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SETTINGS_MESSAGES } from '@shared/company/company-settings.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { callAs } from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';

describe('a company’s tax data in /api/company/settings', () => {
  let t: TestApp;
  let company: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    company = await createUser(t.app, { role: 'company', company: 'Yerbatera Misionera SA' });
  });
  afterAll(() => t.close());

  const patch = (payload: object) => callAs(t, company, 'PATCH', '/api/company/settings', payload);

  it('has none until given, then keeps the CUIT as 30-71234567-1 and audits the change', async () => {
    const before = await callAs(t, company, 'GET', '/api/company/settings');
    expect(before.json()).toMatchObject({ legal_name: null, tax_id: null, tax_condition: null });

    const saved = await patch({
      legal_name: '  Yerbatera Misionera S.A.  ',
      tax_id: '30712345671',
      tax_condition: 'responsable_inscripto',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      legal_name: 'Yerbatera Misionera S.A.',
      tax_id: '30-71234567-1',
      tax_condition: 'responsable_inscripto',
    });
    // Other settings are left as they were.
    await patch({ shipping_provinces: ['Misiones'] });
    expect((await callAs(t, company, 'GET', '/api/company/settings')).json()).toMatchObject({
      tax_id: '30-71234567-1',
      shipping_provinces: ['Misiones'],
    });

    await patch({ tax_condition: 'monotributo' });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.targetId, company.id));
    expect(audited.map((row) => [row.action, row.before, row.after])).toEqual([
      [
        'company.tax_data_changed',
        { legal_name: null, tax_id: null, tax_condition: null },
        {
          legal_name: 'Yerbatera Misionera S.A.',
          tax_id: '30-71234567-1',
          tax_condition: 'IVA Responsable Inscripto',
        },
      ],
      [
        'company.tax_data_changed',
        expect.objectContaining({ tax_condition: 'IVA Responsable Inscripto' }),
        expect.objectContaining({ tax_condition: 'Responsable Monotributo' }),
      ],
    ]);
  });

  it('refuses a CUIT whose check digit is wrong, an unknown condition and a one-letter name, and changes nothing', async () => {
    for (const [payload, field, message] of [
      [{ tax_id: '30-71234567-2' }, 'tax_id', COMPANY_SETTINGS_MESSAGES.taxIdInvalid],
      [{ tax_id: '12345678901' }, 'tax_id', COMPANY_SETTINGS_MESSAGES.taxIdInvalid],
      [{ tax_id: '30-7123456' }, 'tax_id', COMPANY_SETTINGS_MESSAGES.taxIdInvalid],
      [
        { tax_condition: 'gran_contribuyente' },
        'tax_condition',
        COMPANY_SETTINGS_MESSAGES.taxConditionInvalid,
      ],
      [{ legal_name: 'Y' }, 'legal_name', COMPANY_SETTINGS_MESSAGES.legalNameInvalid],
    ] as const) {
      const refused = await patch(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.fields[field]).toBe(message);
    }
    expect((await callAs(t, company, 'GET', '/api/company/settings')).json()).toMatchObject({
      legal_name: 'Yerbatera Misionera S.A.',
      tax_id: '30-71234567-1',
      tax_condition: 'monotributo',
    });
  });
});
