import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { linkCodeFor } from '../../src/server/features/orders/seller-links.service';
import { payouts } from '../../src/server/features/settlements/payouts.table';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../setup/test-app';
import { createUser, type CreatedUser } from './accounts';
import { BUYER, BUYER_AGENT, callAs, createPayWorld, type PayWorld } from './pay-world';

/** A flag as GET /api/admin/risk lists it. */
export interface Flag {
  id: number;
  seller: { id: string; name: string; email: string };
  kind: string;
  status: string;
  count: number;
  events: { at: string; order_id?: string; order_reference?: string; detail: string }[];
  resolution: null | { decision: string; note: string; by_name: string; reversed_cents: number };
}

/** The risk center's tests: an app with low thresholds, a pay world and an admin. */
export interface RiskCenter {
  t: TestApp;
  world: PayWorld;
  admin: CreatedUser;
}

export async function createRiskCenter(): Promise<RiskCenter> {
  const t = await createTestApp({
    ...UNLIMITED_PAY_ENV,
    RISK_VELOCITY_ORDERS_PER_HOUR: '2',
    // Every seller here signs in from one address.
    AUTH_RATE_LIMIT: '1000',
    RISK_REFUND_RATE_BPS: '2000',
    RISK_REFUND_MIN_SALES: '5',
    SETTLEMENT_HOLD_DAYS: '0',
    PAYOUT_MINIMUM_CENTS: '1',
  });
  const world = await createPayWorld(t, { stock: 500 });
  const admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  return { t, world, admin };
}

/** What the risk center's tests do, on the center `current()` answers once it is built. */
export function riskCenterSteps(current: () => RiskCenter) {
  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    callAs(current().t, user, method, url, payload);

  /** A seller of their own with a link to the world's product. */
  const newSeller = async (name: string) => {
    const { t, world } = current();
    const seller = await createUser(t.app, { role: 'seller', name });
    return { seller, ref: await linkCodeFor(t.db, seller.id, world.productId) };
  };

  /** An order through a link: its id (a flag never stops it). */
  const order = async (
    ref: string,
    options: { email?: string; address?: string; agent?: string } = {},
  ) => {
    const { t, world } = current();
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/public/pay/${world.productId}`,
      remoteAddress: options.address ?? '127.0.0.1',
      headers: { origin: t.config.appUrl, 'user-agent': options.agent ?? BUYER_AGENT },
      payload: {
        provider: 'transferencia',
        ref,
        quantity: 1,
        buyer: { ...BUYER, email: options.email ?? BUYER.email },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().order_id as string;
  };

  const flagsOf = async (sellerId: string, status = 'open'): Promise<Flag[]> => {
    const list = await as(
      current().admin,
      'GET',
      `/api/admin/risk?status=${status}&seller_id=${sellerId}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    return list.json().items as Flag[];
  };

  const payoutsTo = async (sellerId: string) =>
    (
      await current()
        .t.db.select({ amount: payouts.amountCents })
        .from(payouts)
        .where(eq(payouts.sellerId, sellerId))
    ).map((row) => row.amount);

  const resolve = (flagId: number, decision: 'dismiss' | 'confirm', note = 'Revisado.') =>
    as(current().admin, 'POST', `/api/admin/risk/${flagId}/resolve`, { decision, note });

  return { as, newSeller, order, flagsOf, payoutsTo, resolve };
}
