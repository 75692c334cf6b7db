import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  RISK_KIND_LABELS,
  RISK_MESSAGES,
  SELF_REPORTED_RISK_KINDS,
  type ResolveRiskBody,
  type RiskFlag,
  type RiskFlagList,
  type RiskQuery,
} from '@shared/risk/risk.schema';
import type { Database, Transaction } from '../../db/client';
import { type PlatformScope, sellerScope } from '../../lib/scope';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { endSessionsOf } from '../auth/users.service';
import { sendNotice } from '../notifications/notifications.service';
import { lockOrders, orderReferences } from './order-signals.service';
import { profileContacts } from '../profiles/profiles.service';
import { banSeller } from '../profiles/seller-standing.service';
import { clawBackSellerCommission } from '../settlements/ledger.service';
import { riskEvents, riskFlags } from './risk.table';

/** The events a flag lists (the newest); `count` says how many it has in all. */
const EVENTS_SHOWN = 50;

type FlagRow = typeof riskFlags.$inferSelect;

/** Which of these sellers have an open flag: they are held out of payouts. */
export async function sellersUnderReview(
  db: Database | Transaction,
  sellerIds: string[],
): Promise<Set<string>> {
  const ids = [...new Set(sellerIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sellerId: riskFlags.sellerId })
    .from(riskFlags)
    .where(and(inArray(riskFlags.sellerId, ids), eq(riskFlags.status, 'open')));
  return new Set(rows.map((row) => row.sellerId));
}

/** How many open flags each of these sellers has (the admin's Usuarios). */
export async function openFlagCounts(
  db: Database,
  sellerIds: string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(sellerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ sellerId: riskFlags.sellerId, value: count() })
    .from(riskFlags)
    .where(and(inArray(riskFlags.sellerId, ids), eq(riskFlags.status, 'open')))
    .groupBy(riskFlags.sellerId);
  return new Map(rows.map((row) => [row.sellerId, row.value]));
}

/**
 * GET /api/admin/risk: flags of a status (open by default), of a kind or a
 * seller, newest activity first, each with its latest events.
 */
export async function listRiskFlags(
  db: Database,
  _everySeller: PlatformScope,
  query: Required<Pick<RiskQuery, 'status'>> &
    Omit<RiskQuery, 'status'> & {
      page: number;
      page_size: number;
    },
): Promise<RiskFlagList> {
  const where = and(
    eq(riskFlags.status, query.status),
    query.kind ? eq(riskFlags.kind, query.kind) : undefined,
    query.seller_id ? eq(riskFlags.sellerId, query.seller_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(riskFlags)
      .where(where)
      .orderBy(desc(riskFlags.lastAt), desc(riskFlags.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(riskFlags).where(where),
  ]);
  return {
    items: await toFlags(db, rows),
    total: total?.value ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

async function toFlags(db: Database | Transaction, rows: FlagRow[]): Promise<RiskFlag[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // The latest events of each flag, in one statement: per flag, at most EVENTS_SHOWN
  // rows read through its (flag_id, at) index, however many it has.
  const result = (await db.execute(sql`
    select f.id as "flagId", e.at, e.order_id as "orderId", e.detail
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::bigint[]) as f(id)
    cross join lateral (
      select ${riskEvents.at} as at, ${riskEvents.orderId} as order_id, ${riskEvents.detail} as detail, ${riskEvents.id} as id
      from ${riskEvents}
      where ${riskEvents.flagId} = f.id
      order by ${riskEvents.at} desc, ${riskEvents.id} desc
      limit ${EVENTS_SHOWN}
    ) as e
    order by f.id, e.at desc, e.id desc
  `)) as unknown as {
    rows: { flagId: string | number; at: Date | string; orderId: string | null; detail: string }[];
  };
  const shown = result.rows.map((row) => ({
    flagId: Number(row.flagId),
    at: new Date(row.at),
    orderId: row.orderId,
    detail: row.detail,
  }));
  const [people, references] = await Promise.all([
    profileContacts(
      db,
      rows.map((row) => row.sellerId),
    ),
    orderReferences(
      db,
      shown.flatMap((event) => (event.orderId ? [event.orderId] : [])),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    seller: {
      id: row.sellerId,
      name: people.get(row.sellerId)?.name ?? '',
      email: people.get(row.sellerId)?.email ?? '',
    },
    kind: row.kind,
    status: row.status,
    count: row.eventCount,
    first_at: row.firstAt.toISOString(),
    last_at: row.lastAt.toISOString(),
    events: shown
      .filter((event) => event.flagId === row.id)
      .map((event) => ({
        at: event.at.toISOString(),
        ...(event.orderId
          ? {
              order_id: event.orderId,
              ...(references.has(event.orderId)
                ? { order_reference: references.get(event.orderId)! }
                : {}),
            }
          : {}),
        detail: event.detail,
      })),
    resolution:
      row.status === 'open' || !row.resolvedAt
        ? null
        : {
            decision: row.status === 'confirmed' ? ('confirm' as const) : ('dismiss' as const),
            note: row.note ?? '',
            by_name: row.resolvedByName ?? '',
            at: row.resolvedAt.toISOString(),
            reversed_cents: row.reversedCents,
          },
  }));
}

/**
 * POST /api/admin/risk/:id/resolve. Dismissing closes the flag (the seller's
 * payouts are released once no flag of theirs is open). Confirming closes it,
 * claws back the seller's commission on every order the flag names (clawback
 * entries in the ledger), bans the seller (signed out everywhere, cannot sign
 * in, links sell without a seller) and tells them by e-mail. One transaction,
 * conditional on the flag being open: two admins deciding at once, one wins.
 */
export async function resolveRiskFlag(
  db: Database,
  _everySeller: PlatformScope,
  flagId: number,
  decision: ResolveRiskBody,
  actor: { id: string; name: string },
  now = new Date(),
): Promise<RiskFlag> {
  return db.transaction(async (tx) => {
    const status = decision.decision === 'confirm' ? 'confirmed' : 'dismissed';
    if (status === 'confirmed') {
      // A takeover the seller reported themself is no fraud of theirs: releasing is the only decision.
      const [target] = await tx
        .select({ kind: riskFlags.kind })
        .from(riskFlags)
        .where(eq(riskFlags.id, flagId));
      if (target && SELF_REPORTED_RISK_KINDS.includes(target.kind)) {
        throw new AppError('RISK_SELF_REPORTED', RISK_MESSAGES.selfReported, 409);
      }
    }
    const [flag] = await tx
      .update(riskFlags)
      .set({
        status,
        resolvedBy: actor.id,
        resolvedByName: actor.name,
        resolvedAt: now,
        note: decision.note,
      })
      .where(and(eq(riskFlags.id, flagId), eq(riskFlags.status, 'open')))
      .returning();
    if (!flag) {
      const [existing] = await tx
        .select({ id: riskFlags.id })
        .from(riskFlags)
        .where(eq(riskFlags.id, flagId));
      if (!existing) throw AppError.notFound(RISK_MESSAGES.flagNotFound);
      throw new AppError('RISK_FLAG_RESOLVED', RISK_MESSAGES.alreadyResolved, 409);
    }

    let reversed = 0;
    if (status === 'confirmed') {
      const orders = await tx
        .selectDistinct({ orderId: riskEvents.orderId })
        .from(riskEvents)
        .where(and(eq(riskEvents.flagId, flag.id), isNotNull(riskEvents.orderId)));
      const orderIds = orders.flatMap((row) => (row.orderId ? [row.orderId] : []));
      // A refund of one of them, or another flag confirmed at once, waits for this one.
      await lockOrders(tx, orderIds);
      reversed = await clawBackSellerCommission(tx, { sellerId: flag.sellerId, orderIds, at: now });
      await tx.update(riskFlags).set({ reversedCents: reversed }).where(eq(riskFlags.id, flag.id));
      flag.reversedCents = reversed;
      if (await banSeller(tx, sellerScope(flag.sellerId), now)) {
        await endSessionsOf(tx, flag.sellerId);
      }
      await sendNotice(tx, {
        userId: flag.sellerId,
        kind: 'seller_account_suspended',
        title: RISK_MESSAGES.suspendedTitle,
        body: RISK_MESSAGES.suspendedBody,
        link: '/support',
        payload: { reversedCents: reversed },
        dedupeKey: `risk-confirmed:${flag.id}`,
      });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: status === 'confirmed' ? 'risk.confirm' : 'risk.dismiss',
      targetType: 'risk_flag',
      targetId: String(flag.id),
      at: now,
      // The signal names the flag (it does not change): shown once, with the decision.
      before: { risk_status: 'open' },
      after: {
        signal: RISK_KIND_LABELS[flag.kind],
        risk_status: status,
        note: decision.note,
        ...(status === 'confirmed' ? { reversed_cents: reversed } : {}),
      },
    });
    const [resolved] = await toFlags(tx, [flag]);
    return resolved!;
  });
}
