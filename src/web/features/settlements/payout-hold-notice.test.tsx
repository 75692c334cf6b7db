import { describe, expect, it } from 'vitest';
import type { SellerPayouts } from '@shared/settlements/settlements.schema';
import { availableHint } from './payout-hold-notice';

const payouts = (overrides: Partial<SellerPayouts>): SellerPayouts => ({
  pending_cents: 0,
  available_cents: 1_800_000,
  in_process_cents: 0,
  paid_cents: 0,
  hold_days: 0,
  minimum_cents: 500_000,
  destination: { method: 'bank', label: 'CBU 0110599520000001234569' },
  blocked_reason: null,
  held_until: null,
  holds: [],
  in_next_batch: true,
  items: [],
  ...overrides,
});

describe('Mis Cobros, the line under «Disponible»', () => {
  it('promises the next payout only when the server says the batch would pay it', () => {
    expect(availableHint(payouts({}))).toBe('Entra en el próximo pago.');
    const underReview = payouts({
      in_next_batch: false,
      blocked_reason: 'En revisión',
      holds: [{ code: 'under_review', message: 'Estamos revisando…', until: null }],
    });
    expect(availableHint(underReview)).toBe('Retenido mientras revisamos tu cuenta.');
    const waiting = payouts({
      in_next_batch: false,
      holds: [{ code: 'details_changed', message: '…', until: '2026-03-08T15:00:00Z' }],
    });
    expect(availableHint(waiting)).toBe('Retenido hasta el 08/03/2026 12:00.');
    const noDetails = payouts({
      in_next_batch: false,
      destination: null,
      holds: [{ code: 'no_details', message: 'No cargaste…', until: null }],
    });
    expect(availableHint(noDetails)).toBe('Retenido hasta que cargues tus datos de cobro.');
  });

  it('says when there is nothing to pay, or the minimum is not reached yet', () => {
    expect(availableHint(payouts({ available_cents: 0, in_next_batch: false }))).toBe(
      'Nada para cobrar por ahora.',
    );
    expect(
      availableHint(
        payouts({
          available_cents: 0,
          in_next_batch: false,
          holds: [{ code: 'no_details', message: 'No cargaste…', until: null }],
        }),
      ),
    ).toBe('Nada para cobrar por ahora.');
    expect(availableHint(payouts({ available_cents: 300_000, in_next_batch: false }))).toMatch(
      /^Se paga cuando llegues a \$\s5\.000,00\.$/,
    );
    expect(availableHint(payouts({ available_cents: -75_000, in_next_batch: false }))).toBe(
      'Un reembolso posterior a un pago: se descuenta del próximo.',
    );
  });
});
