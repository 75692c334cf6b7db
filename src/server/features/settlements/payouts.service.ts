import { and, desc, eq, sql } from 'drizzle-orm';
import {
  adminHoldReason,
  PAYOUT_MESSAGES,
  sellerHoldMessage,
  type AdminPayouts,
  type SellerPayable,
  type SellerPayouts,
} from '@shared/settlements/settlements.schema';
import type { Database, Transaction } from '../../db/client';
import type { PlatformScope, SellerScope } from '../../lib/scope';
import { countRowsBy } from '../../db/count-rows';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { profileContacts } from '../profiles/profiles.service';
import { sellerBalance, sellerBalances } from './balances.service';
import {
  destinationLabel,
  nobodyHeld,
  payoutStanding,
  type PayoutRules,
  type PayoutStanding,
} from './payout-standing';
import { payoutBatches, payouts } from './payouts.table';

export type { PayoutRules } from './payout-standing';

/** Sellers with at least the minimum available, ready or blocked by their payment details. */
async function payableSellers(
  db: Database | Transaction,
  everySeller: PlatformScope,
  rules: PayoutRules,
): Promise<(SellerPayable & { fields: Record<string, string> | null; ready: boolean })[]> {
  const balances = await sellerBalances(db, everySeller, rules);
  const due = [...balances.entries()].filter(([, b]) => b.availableCents >= rules.minimumCents);
  const [people, underReview] = await Promise.all([
    profileContacts(
      db,
      due.map(([id]) => id),
    ),
    (rules.underReview ?? nobodyHeld)(
      db,
      due.map(([id]) => id),
    ),
  ]);
  return due
    .map(([id, balance]) => {
      const person = people.get(id);
      const { destination, blocked, heldUntil, ready, holds } = payoutStanding(
        person,
        underReview.has(id),
        balance.availableCents,
        rules,
      );
      return {
        seller_id: id,
        name: person?.name ?? '',
        email: person?.email ?? '',
        province: person?.province ?? null,
        available_cents: balance.availableCents,
        destination: destination ? destinationLabel(destination) : null,
        blocked_reason: blocked,
        held_until: heldUntil?.toISOString() ?? null,
        state: ready
          ? ('ready' as const)
          : holds[0]?.code === 'details_changed'
            ? ('waiting' as const)
            : ('blocked' as const),
        fields: destination?.fields ?? null,
        ready,
      };
    })
    .sort((a, b) => b.available_cents - a.available_cents || a.name.localeCompare(b.name));
}

/** Every seller's payouts and the batches: the caller says so with the platform scope. */
export async function adminPayouts(
  db: Database,
  _everySeller: PlatformScope,
  rules: PayoutRules,
): Promise<AdminPayouts> {
  const [sellers, batches] = await Promise.all([
    payableSellers(db, _everySeller, rules),
    db
      .select()
      .from(payoutBatches)
      .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
      .limit(50),
  ]);
  const countOf = await countRowsBy(
    db,
    payouts.batchId,
    batches.map((batch) => batch.id),
  );
  const inState = (state: SellerPayable['state']) =>
    sellers.filter((seller) => seller.state === state);
  return {
    minimum_cents: rules.minimumCents,
    hold_days: rules.holdDays,
    ready_cents: inState('ready').reduce((sum, seller) => sum + seller.available_cents, 0),
    ready_sellers: inState('ready').length,
    waiting_sellers: inState('waiting').length,
    blocked_sellers: inState('blocked').length,
    sellers: sellers.map(({ fields: _fields, ready: _ready, ...seller }) => seller),
    batches: batches.map((batch) => ({
      id: batch.id,
      status: batch.status,
      total_cents: batch.totalCents,
      payouts: countOf.get(batch.id) ?? 0,
      created_at: batch.createdAt.toISOString(),
      paid_at: batch.paidAt ? batch.paidAt.toISOString() : null,
      reference: batch.reference,
    })),
  };
}

/** The lock batches are made under, one at a time. */
const PAYOUT_BATCHES_LOCK = sql`hashtextextended('payout-batches', 0)`;

/**
 * Waits for a payout batch being made to be written, and keeps a new one from
 * reading who to pay until the caller's transaction ends (a shared lock:
 * such callers do not wait for each other). 'No fui yo' takes it, so a batch
 * either was written before the seller's payouts were held, or sees the hold.
 */
export async function waitForPayoutBatches(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PAYOUT_BATCHES_LOCK})`);
}

/**
 * A batch with every ready seller's available amount, their details copied
 * as they are now. One at a time (a lock), so a seller's money is never put
 * in two batches.
 */
export async function createPayoutBatch(
  db: Database,
  everySeller: PlatformScope,
  rules: PayoutRules,
  actor: { id: string; name: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_BATCHES_LOCK})`);
    const ready = (await payableSellers(tx, everySeller, rules)).filter(
      (seller) => seller.ready && seller.fields,
    );
    if (ready.length === 0) throw new AppError('NOTHING_TO_PAY', PAYOUT_MESSAGES.nothingToPay, 409);
    const total = ready.reduce((sum, seller) => sum + seller.available_cents, 0);
    // Dated by the rules' clock when one is given (the demo history), else now.
    const dated = rules.now ? { createdAt: rules.now } : {};
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ totalCents: total, createdBy: actor.id, ...dated })
      .returning({ id: payoutBatches.id });
    if (!batch) throw new Error('insert returned no batch');
    await tx.insert(payouts).values(
      ready.map((seller) => ({
        batchId: batch.id,
        sellerId: seller.seller_id,
        amountCents: seller.available_cents,
        method: seller.destination!.method,
        destination: seller.fields!,
        ...dated,
      })),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: 'settlement.payout_batch',
      targetType: 'payout_batch',
      targetId: String(batch.id),
      ...(rules.now ? { at: rules.now } : {}),
      after: { total_cents: total, payouts: ready.length },
    });
    return batch.id;
  });
}

/** Marks a batch as sent; only once. Returns the sellers and amounts it paid. */
export async function markPayoutBatchPaid(
  db: Database,
  batchId: number,
  reference: string,
  actor: { id: string; name: string },
  onPaid?: (
    tx: Transaction,
    paid: { sellerId: string; amountCents: number; destination: string }[],
  ) => Promise<void>,
  /** When it was paid: now, unless demo data writes its history with a clock of its own. */
  now?: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payoutBatches)
      .set({ status: 'paid', paidAt: now ?? new Date(), paidBy: actor.id, reference })
      .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.status, 'created')))
      .returning();
    if (!updated) {
      const [existing] = await tx
        .select({ id: payoutBatches.id })
        .from(payoutBatches)
        .where(eq(payoutBatches.id, batchId));
      if (!existing) throw AppError.notFound(PAYOUT_MESSAGES.batchNotFound);
      throw new AppError('BATCH_ALREADY_PAID', PAYOUT_MESSAGES.batchAlreadyPaid, 409);
    }
    const rows = await tx.select().from(payouts).where(eq(payouts.batchId, batchId));
    await recordAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: 'settlement.payout_paid',
      targetType: 'payout_batch',
      targetId: String(batchId),
      ...(now ? { at: now } : {}),
      before: { status: 'created' },
      after: { status: 'paid', reference, total_cents: updated.totalCents },
    });
    await onPaid?.(
      tx,
      rows.map((row) => ({
        sellerId: row.sellerId,
        amountCents: row.amountCents,
        destination: destinationLabel({ method: row.method, fields: row.destination }).label,
      })),
    );
  });
}

/**
 * Why a batch made now would leave this seller out, in the admin's words
 * (empty when nothing holds them): what the risk center answers after a decision.
 */
export async function sellerPayoutHolds(
  db: Database | Transaction,
  scope: SellerScope,
  rules: PayoutRules,
): Promise<string[]> {
  const [people, underReview] = await Promise.all([
    profileContacts(db, [scope.id]),
    (rules.underReview ?? nobodyHeld)(db, [scope.id]),
  ]);
  return payoutStanding(people.get(scope.id), underReview.has(scope.id), 0, rules).holds.map(
    adminHoldReason,
  );
}

/** Mis Cobros: the seller's figures, where payouts go, and their payout history. */
export async function sellerPayouts(
  db: Database,
  scope: SellerScope,
  rules: PayoutRules,
): Promise<SellerPayouts> {
  const sellerId = scope.id;
  const [balance, people, underReview, history] = await Promise.all([
    sellerBalance(db, scope, rules.holdDays, rules.now),
    profileContacts(db, [sellerId]),
    (rules.underReview ?? nobodyHeld)(db, [sellerId]),
    db
      .select({ payout: payouts, batch: payoutBatches })
      .from(payouts)
      .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
      .where(eq(payouts.sellerId, sellerId))
      .orderBy(desc(payouts.createdAt), desc(payouts.id)),
  ]);
  const standing: PayoutStanding = payoutStanding(
    people.get(sellerId),
    underReview.has(sellerId),
    balance.availableCents,
    rules,
  );
  const { destination, blocked, heldUntil } = standing;
  return {
    pending_cents: balance.pendingCents,
    available_cents: balance.availableCents,
    in_process_cents: balance.inProcessCents,
    paid_cents: balance.paidOutCents,
    hold_days: rules.holdDays,
    minimum_cents: rules.minimumCents,
    destination: destination ? destinationLabel(destination) : null,
    blocked_reason: blocked,
    held_until: heldUntil?.toISOString() ?? null,
    holds: standing.holds.map((hold) => ({
      code: hold.code,
      message: sellerHoldMessage(hold),
      until: hold.until ? new Date(hold.until).toISOString() : null,
    })),
    in_next_batch: standing.ready,
    items: history.map(({ payout, batch }) => ({
      id: payout.id,
      amount_cents: payout.amountCents,
      status: batch.status,
      destination: destinationLabel({ method: payout.method, fields: payout.destination }),
      created_at: payout.createdAt.toISOString(),
      paid_at: batch.paidAt ? batch.paidAt.toISOString() : null,
    })),
  };
}
