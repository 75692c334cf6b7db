import type { Invoice } from '@shared/invoicing/invoicing.schema';

/** A document as the API lists it, with what a test cares about overridden. */
export function testInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv-1',
    company_id: 'company-1',
    company_name: 'Ríos Hermanos SRL',
    month: '2026-10',
    kind: 'invoice',
    letter: 'A',
    point_of_sale: 3,
    number: 12,
    total_cents: 121_000,
    net_cents: 100_000,
    vat_cents: 21_000,
    cae: '76123456789012',
    cae_due: '2026-11-11',
    status: 'authorized',
    observations: [],
    issued_at: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}
