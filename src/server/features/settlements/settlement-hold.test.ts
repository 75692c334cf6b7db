import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories/accounts';
import {
  buy,
  createPayWorld,
  type PayWorld,
  PAY_WORLD_SALE,
  moveOrder,
} from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { argentineDay } from '@shared/time';
import { sellerBalance } from './balances.service';
import { sellerPayouts } from './payouts.service';

const SELLER = PAY_WORLD_SALE.sellerCents;
const OWED = PAY_WORLD_SALE.owedCents;
const HOLD_DAYS = 14;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the settlement hold is counted in days', () => {
  let t: TestApp;
  let world: PayWorld;
  let approvedAt: number;

  beforeAll(async () => {
    t = await createTestApp({ PAY_RATE_LIMIT: '1000' });
    world = await createPayWorld(t);
    const placed = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
    const orderId = placed.json().order_id as string;
    const before = Date.now();
    await moveOrder(t, orderId, 'approved');
    approvedAt = before;
    // The company has paid what it owes, so only the hold stands between the seller and the money.
    const admin = await createUser(t.app, { role: 'admin' });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/settlements/${world.company.id}/payments`,
      headers: { cookie: admin.cookie, origin: t.config.appUrl },
      payload: { amount_cents: OWED, paid_on: argentineDay(new Date()), reference: 'TRF-HOLD' },
    });
    expect(paid.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const figuresAt = async (offset: number) => {
    const now = new Date(approvedAt + offset);
    const payouts = await sellerPayouts(
      t.db,
      { kind: 'seller', id: world.seller.id },
      {
        holdDays: HOLD_DAYS,
        minimumCents: 1,
        now,
      },
    );
    const balance = await sellerBalance(
      t.db,
      { kind: 'seller', id: world.seller.id },
      HOLD_DAYS,
      now,
    );
    return {
      payouts: { pending: payouts.pending_cents, available: payouts.available_cents },
      balance: { pending: balance.pendingCents, available: balance.availableCents },
    };
  };
  const held = { pending: SELLER, available: 0 };
  const free = { pending: 0, available: SELLER };

  it(`keeps a sale's commission pending for ${HOLD_DAYS} days, not ${HOLD_DAYS} hours`, async () => {
    for (const offset of [
      HOLD_DAYS * HOUR + HOUR,
      DAY + HOUR,
      (HOLD_DAYS - 1) * DAY,
      HOLD_DAYS * DAY - HOUR,
    ]) {
      expect(await figuresAt(offset), `${offset / HOUR} h after the approval`).toEqual({
        payouts: held,
        balance: held,
      });
    }
  });

  it(`makes it available once ${HOLD_DAYS} days have passed`, async () => {
    for (const offset of [HOLD_DAYS * DAY + 10 * 60_000, (HOLD_DAYS + 30) * DAY]) {
      expect(await figuresAt(offset), `${offset / HOUR} h after the approval`).toEqual({
        payouts: free,
        balance: free,
      });
    }
  });
});
