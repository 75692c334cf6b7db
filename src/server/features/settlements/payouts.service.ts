import { and, desc, eq, sql } from 'drizzle-orm';
import { isValidAlias, isValidCbu, normalizeCbu } from '@shared/bank-data';
import {
  PAYOUT_BLOCKED_REASONS,
  PAYOUT_MESSAGES,
  payoutDetailsHoldReason,
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
import { payoutBatches, payouts } from './payouts.table';

export interface PayoutRules {
  holdDays: number;
  minimumCents: number;
  now?: Date;
  /**
   * Which of these sellers an open risk flag holds 'En revisión' (the risk
   * center, `app.risk.sellersUnderReview`); absent, nobody is held.
   */
  underReview?: (db: Database | Transaction, sellerIds: string[]) => Promise<Set<string>>;
  /** Hours payouts wait after a seller replaced their payout details (PAYOUT_DETAILS_HOLD_HOURS); absent, none. */
  detailsHoldHours?: number;
}

const nobodyHeld = async () => new Set<string>();

/**
 * The end of the wait after a seller replaced their payout details, while it
 * lasts; null once it is over or when nothing was replaced.
 */
function detailsHeldUntil(changedAt: Date | null, rules: PayoutRules): Date | null {
  const hours = rules.detailsHoldHours ?? 0;
  if (!changedAt || hours <= 0) return null;
  const until = new Date(changedAt.getTime() + hours * 3_600_000);
  return until > (rules.now ?? new Date()) ? until : null;
}

/**
 * Where a seller's payout goes and why it cannot go yet: the risk center's
 * hold first, then the details themselves, then the wait after a change of
 * them. The details and when they changed come from one read of the profile,
 * so a batch never sees new details without the wait they started.
 */
function sellerPayout(
  person:
    | {
        paymentMethod: 'mercadopago' | 'bank' | null;
        paymentDetails: Record<string, string>;
        bannedAt: Date | null;
        payoutDetailsChangedAt: Date | null;
      }
    | undefined,
  underReview: boolean,
  rules: PayoutRules,
) {
  const { destination, blocked } = payoutDestination(
    person?.paymentMethod ?? null,
    person?.paymentDetails ?? {},
    heldReason(underReview, person?.bannedAt ?? null),
  );
  const changedAt = person?.payoutDetailsChangedAt ?? null;
  const heldUntil = detailsHeldUntil(changedAt, rules);
  return {
    destination,
    blocked: blocked ?? (heldUntil ? payoutDetailsHoldReason(changedAt!, heldUntil) : null),
    heldUntil,
  };
}

/** An open risk flag holds a seller 'En revisión'; a ban (confirmed fraud) holds them for good. */
const heldReason = (underReview: boolean, bannedAt: Date | null): string | null =>
  underReview
    ? PAYOUT_BLOCKED_REASONS.underReview
    : bannedAt
      ? PAYOUT_BLOCKED_REASONS.banned
      : null;

/** Where a seller's payout goes, from the details they saved, or why it cannot go. */
export function payoutDestination(
  method: 'mercadopago' | 'bank' | null,
  details: Record<string, string>,
  /** Why the risk center holds the seller, whatever the details ('En revisión', a ban). */
  held: string | null = null,
): {
  destination: { method: 'mercadopago' | 'bank'; fields: Record<string, string> } | null;
  blocked: string | null;
} {
  if (held) {
    const { destination } = payoutDestination(method, details);
    return { destination, blocked: held };
  }
  if (method === 'mercadopago') {
    const email = details.email?.trim() ?? '';
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
      ? { destination: { method, fields: { email } }, blocked: null }
      : { destination: null, blocked: PAYOUT_BLOCKED_REASONS.invalidEmail };
  }
  if (method === 'bank') {
    const cbu = details.cbu ?? '';
    if (!isValidCbu(cbu)) return { destination: null, blocked: PAYOUT_BLOCKED_REASONS.invalidCbu };
    const alias = details.alias && isValidAlias(details.alias) ? details.alias : '';
    return {
      destination: { method, fields: { cbu: normalizeCbu(cbu), ...(alias ? { alias } : {}) } },
      blocked: null,
    };
  }
  return { destination: null, blocked: PAYOUT_BLOCKED_REASONS.noDetails };
}

export function destinationLabel(destination: {
  method: 'mercadopago' | 'bank';
  fields: Record<string, string>;
}): { method: 'mercadopago' | 'bank'; label: string } {
  return {
    method: destination.method,
    label:
      destination.method === 'mercadopago'
        ? `MercadoPago · ${destination.fields.email}`
        : `CBU ${destination.fields.cbu}${destination.fields.alias ? ` · alias ${destination.fields.alias}` : ''}`,
  };
}

/** Sellers with at least the minimum available, ready or blocked by their payment details. */
async function payableSellers(
  db: Database | Transaction,
  everySeller: PlatformScope,
  rules: PayoutRules,
): Promise<(SellerPayable & { fields: Record<string, string> | null })[]> {
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
      const { destination, blocked, heldUntil } = sellerPayout(person, underReview.has(id), rules);
      return {
        seller_id: id,
        name: person?.name ?? '',
        email: person?.email ?? '',
        province: person?.province ?? null,
        available_cents: balance.availableCents,
        destination: destination ? destinationLabel(destination) : null,
        blocked_reason: blocked,
        held_until: heldUntil?.toISOString() ?? null,
        fields: destination?.fields ?? null,
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
  return {
    minimum_cents: rules.minimumCents,
    hold_days: rules.holdDays,
    sellers: sellers.map(({ fields: _fields, ...seller }) => seller),
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
      (seller) => seller.fields && !seller.blocked_reason,
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
  const { destination, blocked, heldUntil } = sellerPayout(
    people.get(sellerId),
    underReview.has(sellerId),
    rules,
  );
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
