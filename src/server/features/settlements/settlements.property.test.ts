import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  buy,
  createPayWorld,
  moveOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { argentineDay } from '@shared/time';
import { companyBalance } from './balances.service';
import { ledgerEntries } from './ledger.table';
import { createPayoutBatch, markPayoutBatchPaid, sellerPayouts } from './payouts.service';
import { payoutBatches, payouts } from './payouts.table';
import { recordCompanyPayment, statementList } from './statements.service';

type Step =
  | { kind: 'status'; order: number; to: 'approved' | 'delivered' | 'refunded' }
  | { kind: 'pay'; share: number }
  | { kind: 'batch' }
  | { kind: 'paid' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    order: fc.integer({ min: 0, max: 3 }),
    to: fc.constantFrom('approved' as const, 'delivered' as const, 'refunded' as const),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    share: fc.double({ min: 0.1, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('batch' as const) }),
  fc.record({ kind: fc.constant('paid' as const) }),
);

/** Orders 0 and 2 are paid through a connected account: their commission is collected at the source. */
const COLLECTED = new Set([0, 2]);

describe('settlements: any sequence of approvals, refunds, company payments and payouts, owed or collected at the source', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;
  const rules = { holdDays: 0, minimumCents: 1 };

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV, AUTH_RATE_LIMIT: '10000' });
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('creates and loses no cent: what is earned is pending, available, in process or paid, and a batch pays exactly what was available', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 16 }), async (steps) => {
        // A fresh company and seller per run, so each run's sums are its own.
        world = await createPayWorld(t, { stock: 1000 });
        const actor = { id: admin.id, name: 'Admin' };
        const created: string[] = [];
        for (let i = 0; i < 4; i += 1) {
          const response = await buy(t, world.productId, {
            provider: 'transferencia',
            quantity: 1 + (i % 2),
            ...(i === 3 ? {} : { ref: world.ref }),
          });
          created.push(response.json().order_id as string);
        }
        let companyPaid = false;
        for (const action of steps) {
          if (action.kind === 'status') {
            await moveOrder(t, created[action.order]!, action.to, {
              changedBy: 'property-test',
              ...(action.to === 'approved' && COLLECTED.has(action.order)
                ? { collectedAtSource: true }
                : {}),
            });
          } else if (action.kind === 'pay') {
            const { balance_cents: balance } = await statementList(t.db, {
              kind: 'company',
              id: world.company.id,
            });
            const amount = Math.floor(balance * action.share);
            if (amount > 0) {
              await recordCompanyPayment(t.db, {
                companyId: world.company.id,
                amountCents: amount,
                paidOn: argentineDay(new Date()),
                reference: 'PROP',
                actor,
              });
              companyPaid = true;
            }
          } else if (action.kind === 'batch') {
            const before = await sellerPayouts(
              t.db,
              { kind: 'seller', id: world.seller.id },
              rules,
            );
            // The seller needs payment details to be paid.
            await t.app.inject({
              method: 'PATCH',
              url: '/api/seller/settings',
              headers: { cookie: world.seller.cookie, origin: t.config.appUrl },
              payload: {
                payment_method: 'mercadopago',
                payment_details: { email: 'sergio@example.com' },
              },
            });
            const batchId = await createPayoutBatch(t.db, { kind: 'platform' }, rules, actor).catch(
              () => null,
            );
            const after = await sellerPayouts(t.db, { kind: 'seller', id: world.seller.id }, rules);
            if (before.available_cents >= rules.minimumCents) {
              expect(batchId).not.toBeNull();
              expect(after.available_cents).toBe(0);
              expect(after.in_process_cents).toBe(before.in_process_cents + before.available_cents);
            } else {
              expect(after.available_cents).toBe(before.available_cents);
            }
          } else {
            const [open] = await t.db
              .select()
              .from(payoutBatches)
              .where(eq(payoutBatches.status, 'created'));
            if (open) await markPayoutBatchPaid(t.db, open.id, 'PROP', actor);
          }

          // What the seller earned is split, to the cent, into pending, available, in process and paid.
          const [earned] = await t.db
            .select({ value: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.sellerId, world.seller.id));
          const mine = await sellerPayouts(t.db, { kind: 'seller', id: world.seller.id }, rules);
          expect(
            mine.pending_cents + mine.available_cents + mine.in_process_cents + mine.paid_cents,
          ).toBe(Number(earned?.value ?? 0));
          // Payouts never exceed what was earned and covered (only a later refund makes available negative).
          expect(mine.pending_cents).toBeGreaterThanOrEqual(0);
          // A company's balance is what it owes minus what it paid.
          const owes = await companyBalance(t.db, { kind: 'company', id: world.company.id });
          const [paid] = await t.db
            .execute(
              sql`select coalesce(sum(amount_cents), 0)::text as value from company_payments where company_id = ${world.company.id}`,
            )
            .then((result) => (result as unknown as { rows: { value: string }[] }).rows);
          const list = await statementList(t.db, { kind: 'company', id: world.company.id });
          expect(list.balance_cents).toBe(owes.owedCents - Number(paid?.value ?? 0));
          expect(owes.sellersCents + owes.platformCents).toBe(owes.owedCents);
          // Owed and collected commission are the company's entries, each counted once.
          const [split] = await t.db
            .select({
              owed: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where not ${ledgerEntries.collected}), 0)`,
              collected: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.collected}), 0)`,
              sellerOwed: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where not ${ledgerEntries.collected} and ${ledgerEntries.sellerId} is not null), 0)`,
            })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.companyId, world.company.id));
          expect(owes.owedCents).toBe(Number(split!.owed));
          expect(owes.collectedCents).toBe(Number(split!.collected));
          // Until the company pays anything, only collected commission can reach the seller.
          if (!companyPaid) expect(mine.pending_cents).toBe(Number(split!.sellerOwed));
        }
        // Every batch's total is the sum of its payouts.
        const batches = await t.db.select().from(payoutBatches);
        const sums = await t.db
          .select({ batchId: payouts.batchId, sum: sql<string>`sum(${payouts.amountCents})` })
          .from(payouts)
          .groupBy(payouts.batchId);
        for (const batch of batches) {
          const sum = sums.find((row) => row.batchId === batch.id);
          expect(Number(sum?.sum ?? 0)).toBe(batch.totalCents);
        }
      }),
      { numRuns: 10 },
    );
    // Ten whole histories through the API: about 10 s on an idle 2-core machine, more when
    // the machine is busy; the suite's 20 s default is meant for single flows.
  }, 60_000);
});
