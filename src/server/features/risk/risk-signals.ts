import { and, eq, lt, sql } from 'drizzle-orm';
import MailChecker from 'mailchecker';
import { formatBpsAsPercent } from '@shared/commission';
import { countsAsSale } from '@shared/order-status';
import type { RiskKind } from '@shared/risk/risk.schema';
import { argentineDay } from '@shared/time';
import type { RiskThresholds } from '../../config/env';
import type { Transaction } from '../../db/client';
import { mailboxOf } from '../notifications/notifications.service';
import { recentOrdersFrom, sellerRefundShare } from './order-signals.service';
import type { OrderTransition } from '../orders/order-workflow';
import type { LinkOrderRow } from '../orders/orders.service';
import { profileContacts, type ProfileRow } from '../profiles/profiles.service';
import {
  payoutKeysOf,
  sellersSharingPayoutKeys,
  type PayoutKeys,
} from '../profiles/seller-standing.service';
import { riskEvents, riskFlags, sellerSightings } from './risk.table';
import { sellerScope } from '../../lib/scope';

/**
 * The risk center's signals, each written as an event under the seller's open
 * flag of its kind, in the transaction of the order or settings change that
 * raises it. A signal never stops that change: its checks run in a savepoint,
 * and if they fail the change goes on without them (and the failure is logged).
 */

const HOUR_MS = 3_600_000;

export interface RiskEventInput {
  sellerId: string;
  kind: RiskKind;
  at: Date;
  orderId?: string | null;
  detail: string;
}

/**
 * Adds an event to the seller's open flag of its kind, opening one when there
 * is none. The open flag is one row per seller and kind (a partial unique
 * index), so concurrent signals join the same flag; an order raises a flag
 * once. Answers whether the event was new.
 */
export async function raiseRisk(tx: Transaction, event: RiskEventInput): Promise<boolean> {
  const [flag] = await tx
    .insert(riskFlags)
    .values({ sellerId: event.sellerId, kind: event.kind, firstAt: event.at, lastAt: event.at })
    .onConflictDoUpdate({
      target: [riskFlags.sellerId, riskFlags.kind],
      targetWhere: sql`${riskFlags.status} = 'open'`,
      set: { lastAt: sql`greatest(${riskFlags.lastAt}, excluded.last_at)` },
    })
    .returning({ id: riskFlags.id });
  if (!flag) throw new Error('risk flag upsert returned nothing');
  const added = await tx
    .insert(riskEvents)
    .values({ flagId: flag.id, at: event.at, orderId: event.orderId ?? null, detail: event.detail })
    .onConflictDoNothing()
    .returning({ id: riskEvents.id });
  if (added.length === 0) return false;
  await tx
    .update(riskFlags)
    .set({
      eventCount: sql`${riskFlags.eventCount} + 1`,
      firstAt: sql`least(${riskFlags.firstAt}, ${event.at.toISOString()}::timestamptz)`,
    })
    .where(eq(riskFlags.id, flag.id));
  return true;
}

/** An e-mail as an admin sees it in the evidence: the start of the name and the domain. */
export function maskEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  const local = address.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}***${address.slice(at)}`;
}

/**
 * Whether two addresses reach one inbox (the self-purchase check): a `+tag` is
 * dropped for every provider, dots in the name only for Gmail (gmail.com and
 * googlemail.com are one mailbox); elsewhere a dot is part of the name.
 */
export function sameMailbox(a: string, b: string): boolean {
  return mailboxOf(a) === mailboxOf(b);
}

/** Whether an address's domain is a disposable-inbox service (mailchecker's maintained list). */
export function isDisposableEmail(email: string): boolean {
  return !MailChecker.isValid(email.trim());
}

/** Runs signals in a savepoint: their failure is logged, never the caller's. */
async function quietly(
  tx: Transaction,
  onError: (error: unknown) => void,
  signals: (tx: Transaction) => Promise<void>,
): Promise<void> {
  try {
    await tx.transaction(signals);
  } catch (error) {
    onError(error);
  }
}

/**
 * A payment-link order through a seller's link, as it is written: the buyer
 * is the seller (their e-mail, or the browser and connection the seller's
 * panel was used from that day), the buyer's e-mail is disposable, or the
 * same visitor or address has placed more orders through this seller's links
 * in the last hour than the threshold.
 */
export async function orderPlacedSignals(
  tx: Transaction,
  order: LinkOrderRow,
  options: { thresholds: RiskThresholds; now: Date; onError: (error: unknown) => void },
): Promise<void> {
  const sellerId = order.sellerId;
  if (!sellerId || !order.buyerEmail) return;
  const buyerEmail = order.buyerEmail;
  const { now, thresholds } = options;
  await quietly(tx, options.onError, async (sp) => {
    const seller = (await profileContacts(sp, [sellerId])).get(sellerId);
    const raise = (kind: RiskKind, detail: string) =>
      raiseRisk(sp, { sellerId, kind, at: now, orderId: order.id, detail });

    if (seller && sameMailbox(seller.email, buyerEmail)) {
      await raise(
        'self_purchase',
        `El comprador usó el e-mail del vendedor (${maskEmail(buyerEmail)}).`,
      );
    } else if (order.visitorHash && (await sightedOn(sp, sellerId, order.visitorHash, now))) {
      await raise(
        'self_purchase',
        'El comprador pagó desde el mismo navegador y la misma conexión con que el vendedor usó su panel ese día.',
      );
    }

    if (isDisposableEmail(buyerEmail)) {
      await raise(
        'disposable_email',
        `El comprador usó un e-mail descartable (${maskEmail(buyerEmail)}).`,
      );
    }

    const recent = await recentOrdersFrom(sp, {
      sellerId,
      since: new Date(now.getTime() - HOUR_MS),
      visitorHash: order.visitorHash,
      clientKey: order.clientKey,
    });
    if (recent > thresholds.velocityOrdersPerHour) {
      await raise(
        'order_velocity',
        `${recent} pedidos en una hora con links del vendedor desde el mismo navegador o la misma dirección (el máximo es ${thresholds.velocityOrdersPerHour}).`,
      );
    }
  });
}

/**
 * The order workflow's risk step: a refund of a seller's sale raises
 * `refund_rate` when the seller's refunded share of approved sales is above
 * the threshold, once they have the minimum of approved sales.
 */
export function refundRateStep(
  thresholds: RiskThresholds,
  onError: (error: unknown) => void,
): (change: OrderTransition) => Promise<void> {
  return async ({ tx, order, previous, at }) => {
    const sellerId = order.sellerId;
    if (!sellerId || order.status !== 'refunded' || !countsAsSale(previous)) return;
    await quietly(tx, onError, async (sp) => {
      const { approved, refunded } = await sellerRefundShare(sp, sellerId);
      if (approved < thresholds.refundMinSales) return;
      const shareBps = Math.floor((refunded * 10_000) / approved);
      if (shareBps <= thresholds.refundRateBps) return;
      await raiseRisk(sp, {
        sellerId,
        kind: 'refund_rate',
        at: at ?? new Date(),
        orderId: order.id,
        detail: `${refunded} de ${approved} ventas aprobadas fueron reembolsadas (${formatBpsAsPercent(shareBps)}; el máximo es ${formatBpsAsPercent(thresholds.refundRateBps)}).`,
      });
    });
  };
}

const KEY_LABELS: Record<keyof PayoutKeys, (keys: PayoutKeys) => string> = {
  cbu: (keys) => `el CBU terminado en ${keys.cbu!.slice(-4)}`,
  alias: (keys) => `el alias ${keys.alias!}`,
  email: (keys) => `el e-mail de MercadoPago ${maskEmail(keys.email!)}`,
};

/**
 * A seller saved payout details (a CBU, an alias or a MercadoPago e-mail) that
 * another seller already uses: both are flagged. Only details that changed
 * are looked at. Sellers saving the same details at once take turns on a lock
 * per value, so the second always sees the first.
 */
export async function payoutDetailsSignals(
  tx: Transaction,
  saved: { before: ProfileRow; after: ProfileRow },
  options: { now: Date; onError: (error: unknown) => void },
): Promise<void> {
  const before = payoutKeysOf(saved.before.paymentDetails);
  const after = payoutKeysOf(saved.after.paymentDetails);
  const changed: PayoutKeys = {
    cbu: after.cbu !== before.cbu ? after.cbu : null,
    alias: after.alias !== before.alias ? after.alias : null,
    email: after.email !== before.email ? after.email : null,
  };
  const values = (Object.keys(changed) as (keyof PayoutKeys)[])
    .filter((key) => changed[key] !== null)
    .map((key) => `payout:${key}:${changed[key]}`)
    .sort();
  if (values.length === 0) return;
  // Outside the savepoint: the lock must be held until the settings commit.
  for (const value of values) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${value}, 0))`);
  }
  await quietly(tx, options.onError, async (sp) => {
    const others = await sellersSharingPayoutKeys(sp, sellerScope(saved.after.id), changed);
    for (const other of others) {
      const what = other.matches.map((key) => KEY_LABELS[key](changed)).join(', ');
      await raiseRisk(sp, {
        sellerId: saved.after.id,
        kind: 'duplicate_payout_details',
        at: options.now,
        detail: `Guardó ${what}, que también usa ${other.name}.`,
      });
      await raiseRisk(sp, {
        sellerId: other.id,
        kind: 'duplicate_payout_details',
        at: options.now,
        detail: `${saved.after.name} guardó ${what}, que este vendedor ya usaba.`,
      });
    }
  });
}

/** Whether the seller's signed-in requests came from this visitor hash on the day of `at`. */
async function sightedOn(
  tx: Transaction,
  sellerId: string,
  visitorHash: string,
  at: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ sellerId: sellerSightings.sellerId })
    .from(sellerSightings)
    .where(
      and(
        eq(sellerSightings.visitorHash, visitorHash),
        eq(sellerSightings.day, argentineDay(at)),
        eq(sellerSightings.sellerId, sellerId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Sightings older than yesterday are of no use (an order compares its own day) and are deleted. */
export async function forgetOldSightings(tx: Transaction, today: string): Promise<void> {
  await tx.delete(sellerSightings).where(lt(sellerSightings.day, sql`(${today}::date - 1)`));
}
