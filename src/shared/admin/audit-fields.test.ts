import { describe, expect, it } from 'vitest';
import { AUDIT_FIELDS, auditChanges, formatAuditValue } from './audit-fields';

// Intl puts a non-breaking space between the sign and the amount.
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('audit fields', () => {
  it('reads a company payment as people do: labels, pesos, the day, no row ids', () => {
    const changes = auditChanges(
      { balance_cents: 4_868_000 },
      {
        balance_cents: 0,
        amount_cents: 4_868_000,
        reference: 'TRF-0001',
        paid_on: '2026-03-05',
        payment_id: 12,
      },
      'company',
    );
    const shown = changes.map((change) => [
      change.label,
      plain(change.beforeText),
      plain(change.afterText),
    ]);
    expect(shown).toEqual([
      ['Saldo adeudado', '$ 48.680,00', '$ 0,00'],
      ['Monto del pago', null, '$ 48.680,00'],
      ['Referencia', null, 'TRF-0001'],
      ['Fecha del pago', null, '05/03/2026'],
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/_cents|_id|4868000/);
  });

  it("shows an order's status with its label and badge, a batch's with the batch's words", () => {
    const [order] = auditChanges({ status: 'pending_transfer' }, { status: 'approved' }, 'order');
    expect(order).toMatchObject({
      label: 'Estado',
      before: 'pending_transfer',
      beforeText: 'Pendiente de Transf.',
      afterText: 'Completado',
      orderStatus: true,
    });
    const [batch] = auditChanges({ status: 'created' }, { status: 'paid' }, 'payout_batch');
    expect(batch).toMatchObject({
      beforeText: 'Por transferir',
      afterText: 'Pagado',
      orderStatus: false,
    });
    expect(formatAuditValue('payouts', 1, 'payout_batch')).toBe('1 vendedor');
    expect(formatAuditValue('payouts', 3, 'payout_batch')).toBe('3 vendedores');
  });

  it('leaves out fields that did not change', () => {
    expect(
      auditChanges({ status: 'paid', total_cents: 5 }, { status: 'paid' }, 'payout_batch'),
    ).toEqual([expect.objectContaining({ field: 'total_cents', before: '5', after: null })]);
  });

  it('has a Spanish label for every field', () => {
    for (const field of Object.values(AUDIT_FIELDS)) expect(field.label).toMatch(/^[A-ZÁÉÍÓÚ]/);
  });
});
