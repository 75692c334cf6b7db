import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories/accounts';
import type { TestApp } from '../../../../tests/setup/test-app';
import { orders } from '../orders/orders.table';
import { argentineDay } from '@shared/time';
import { companyBalance, sellerBalance } from './balances.service';
import { ledgerEntries } from './ledger.table';
import { linkCodeFor } from '../orders/seller-links.service';
import { raiseRisk } from '../risk/risk-signals';
import { resolveRiskFlag } from '../risk/risk.service';
import { riskFlags } from '../risk/risk.table';
import {
  buy,
  companyCall,
  createPayWorld,
  type PayWorld,
  moveOrder,
  startPayWorld,
} from '../../../../tests/factories/pay-world';
import { statusSteps } from '../../../../tests/factories/order-steps';

/** Each property runs a dozen worlds of orders: more than one API test's time on a busy machine. */
const PROPERTY_TIMEOUT_MS = 90_000;

describe('the ledger (what companies owe sellers and the platform)', () => {
  let t: TestApp;
  let world: PayWorld;
  beforeAll(async () => ({ t, world } = await startPayWorld({ stock: 1000 })));
  afterAll(() => t.close());

  it(
    'any sequence of status changes leaves every order owing exactly what its status awards, to the cent',
    async () => {
      await fc.assert(
        fc.asyncProperty(statusSteps(4, 14), async (steps) => {
          const created: string[] = [];
          for (let i = 0; i < 4; i += 1) {
            // One order in four has no seller: the whole commission is the platform's.
            const response = await buy(t, world.productId, {
              provider: 'transferencia',
              quantity: 1 + (i % 3),
              ...(i === 3 ? {} : { ref: world.ref }),
            });
            created.push(response.json().order_id as string);
          }
          for (const step of steps) {
            await moveOrder(t, created[step.order]!, step.to, { changedBy: 'property-test' });
          }
          for (const id of created) {
            const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
            const [net] = await t.db
              .select({ value: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
              .from(ledgerEntries)
              .where(eq(ledgerEntries.orderId, id));
            const sold = order!.status === 'approved' || order!.status === 'delivered';
            expect(Number(net!.value)).toBe(sold ? order!.sellerCents + order!.platformCents : 0);
          }
          // Company-wide: owed = sellers + platform = the commission of its sold orders.
          const sold = await t.db
            .select({
              seller: sql<string>`coalesce(sum(${orders.sellerCents}) filter (where ${orders.sellerId} is not null), 0)`,
              commission: sql<string>`coalesce(sum(${orders.sellerCents} + ${orders.platformCents}), 0)`,
            })
            .from(orders)
            .where(
              sql`${orders.companyId} = ${world.company.id} and ${orders.status} in ('approved', 'delivered')`,
            );
          const owes = await companyBalance(t.db, { kind: 'company', id: world.company.id });
          expect(owes.owedCents).toBe(Number(sold[0]!.commission));
          expect(owes.sellersCents + owes.platformCents).toBe(owes.owedCents);
          expect(owes.sellersCents).toBe(Number(sold[0]!.seller));
          const balance = await sellerBalance(t.db, { kind: 'seller', id: world.seller.id }, 14);
          expect(balance.pendingCents + balance.availableCents).toBe(owes.sellersCents);
        }),
        { numRuns: 15 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'a confirmed fraud leaves the flagged orders owing the seller nothing and the platform its share, before and after any status change',
    async () => {
      const admin = await createUser(t.app, { role: 'admin' });
      await fc.assert(
        fc.asyncProperty(
          statusSteps(3, 10),
          fc.nat({ max: 10 }),
          fc.subarray([0, 1, 2], { minLength: 1 }),
          async (steps, confirmAfter, flagged) => {
            const seller = await createUser(t.app, { role: 'seller', signIn: false });
            const ref = await linkCodeFor(t.db, seller.id, world.productId);
            const created: string[] = [];
            for (let i = 0; i < 3; i += 1) {
              const response = await buy(t, world.productId, {
                provider: 'transferencia',
                quantity: 1 + i,
                ref,
              });
              created.push(response.json().order_id as string);
            }
            const confirm = async () => {
              const flagId = await t.db.transaction(async (tx) => {
                for (const index of flagged) {
                  await raiseRisk(tx, {
                    sellerId: seller.id,
                    kind: 'self_purchase',
                    at: new Date(),
                    orderId: created[index]!,
                    detail: 'Prueba.',
                  });
                }
                const [flag] = await tx
                  .select({ id: riskFlags.id })
                  .from(riskFlags)
                  .where(eq(riskFlags.sellerId, seller.id));
                return flag!.id;
              });
              await resolveRiskFlag(
                t.db,
                { kind: 'platform' },
                flagId,
                { decision: 'confirm', note: 'Prueba.' },
                { id: admin.id, name: admin.name },
              );
            };
            const at = Math.min(confirmAfter, steps.length);
            for (let index = 0; index <= steps.length; index += 1) {
              if (index === at) await confirm();
              const step = steps[index];
              if (step) {
                await moveOrder(t, created[step.order]!, step.to, { changedBy: 'property-test' });
              }
            }
            for (const [index, id] of created.entries()) {
              const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
              const entries = await t.db
                .select()
                .from(ledgerEntries)
                .where(eq(ledgerEntries.orderId, id));
              const sum = (party: 'seller' | 'platform') =>
                entries
                  .filter((entry) => entry.party === party)
                  .reduce((total, entry) => total + entry.amountCents, 0);
              const sold = order!.status === 'approved' || order!.status === 'delivered';
              expect(sum('platform')).toBe(sold ? order!.platformCents : 0);
              expect(sum('seller')).toBe(sold && !flagged.includes(index) ? order!.sellerCents : 0);
            }
            // The company owes what its sellers and the platform are owed, to the cent.
            const owes = await companyBalance(t.db, { kind: 'company', id: world.company.id });
            expect(owes.sellersCents + owes.platformCents).toBe(owes.owedCents);
          },
        ),
        { numRuns: 12 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('holds a sale for SETTLEMENT_HOLD_DAYS: pending first, available after, and a refund inside the hold never becomes available', async () => {
    const other = await createPayWorld(t);
    const first = await buy(t, other.productId, { provider: 'transferencia', ref: other.ref });
    const second = await buy(t, other.productId, { provider: 'transferencia', ref: other.ref });
    for (const response of [first, second]) {
      await companyCall(
        t,
        other.company,
        'POST',
        `/orders/${response.json().order_id}/confirm-transfer`,
      );
    }
    await moveOrder(t, second.json().order_id, 'refunded', { changedBy: 'test' });
    // The company pays what it owes (available money is money the company paid),
    // so only the hold stands between the seller and the commission.
    const admin = await createUser(t.app, { role: 'admin' });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/settlements/${other.company.id}/payments`,
      headers: { cookie: admin.cookie, origin: t.config.appUrl },
      payload: { amount_cents: 100_000, paid_on: argentineDay(new Date()), reference: 'TRF-1' },
    });
    expect(paid.statusCode).toBe(201);
    const now = await sellerBalance(t.db, { kind: 'seller', id: other.seller.id }, 14);
    expect(now).toMatchObject({ pendingCents: 75_000, availableCents: 0 });
    const later = await sellerBalance(
      t.db,
      { kind: 'seller', id: other.seller.id },
      14,
      new Date(Date.now() + 15 * 86_400_000),
    );
    expect(later).toMatchObject({ pendingCents: 0, availableCents: 75_000 });

    const api = await t.app.inject({
      method: 'GET',
      url: '/api/seller/balance',
      headers: { cookie: other.seller.cookie },
    });
    expect(api.json()).toEqual({
      pending_cents: 75_000,
      available_cents: 0,
      in_process_cents: 0,
      paid_cents: 0,
      hold_days: 14,
    });
    const company = await companyCall(t, other.company, 'GET', '/balance');
    expect(company.json()).toEqual({
      owed_cents: 100_000,
      sellers_cents: 75_000,
      platform_cents: 25_000,
    });
  });
});
