import { and, eq, inArray, lt } from 'drizzle-orm';
import {
  countsAsSale,
  isUnpaid,
  LINK_ORDER_STATUSES,
  UNPAID_STATUSES,
  type OrderStatus,
} from '@shared/order-status';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import { pointsForOrder } from '@shared/points';
import { type Scope, scopeCondition, sellerScope } from '../../lib/scope';
import type { Database, Transaction } from '../../db/client';
import {
  commit,
  moveProductUnits,
  release,
  reserve,
  returnUnits,
  type StockLine,
  type UnitsState,
} from '../inventory/inventory.service';
import { adjustSellerTally } from '../profiles/profiles.service';
import { countOrderIn } from './orders-totals';
import {
  isLinkOrder,
  stockLinesOf,
  SYSTEM,
  type LinkOrderRow,
  type OrderRow,
} from './orders.service';
import { orders, orderStatusHistory, ORDER_OWNERS } from './orders.table';

/**
 * What an order's status change does, in order (ARCHITECTURE §3). Inside the
 * change's transaction, with the row locked:
 *
 *   1. status         compare with what the caller allows; nothing else happens if it differs
 *   2. stock          per line: hold, commit, or give back the units (`no_stock` when they are gone)
 *   3. points         add or take back the seller's points and sale (kept on the order)
 *   4. write          the order row, conditionally on the status just read
 *   5. totals         move the order between the per-status and per-day totals
 *   6. history        the history row (who, when)
 *   7. ledger         workflow.ledger: what the company owes (settlements)
 *   8. risk           workflow.risk: signals the change raises (a refund's share, risk center)
 *   9. notifications  workflow.notifications: bell entries and e-mails (outbox)
 *  10. webhooks       workflow.webhooks: the company's webhook events (order-events.ts)
 *
 * Once the transaction has committed: workflow.invalidateCaches (the admin
 * dashboard's platform figures). A caller with a transaction of its own
 * (`transactionWithWorkflow`) gets it once its own transaction has committed.
 *
 * Both surfaces' orders change here. A storefront order (channel `store`) has
 * no company, seller or commission: steps 3, 5, 7, 8, 9 and 10 leave it alone.
 *
 * Steps 1–6 are the orders feature's own; 7, 8, 9, 10 and the caches belong to other
 * features, so `buildApp` (app.ts) hands them in as an `OrderWorkflow`, one per
 * app: nothing here is module-global, and two apps in one process share nothing.
 */

/** A status change, as the steps that react to it see it: inside its transaction. */
export interface OrderTransition {
  tx: Transaction;
  /** Steps 7 to 10 run for payment-link orders only. */
  order: LinkOrderRow;
  previous: OrderStatus;
  /** When the change happened, when the caller gave its own clock (demo history); else now. */
  at?: Date;
}

/** A step written in the change's transaction: if it throws, the change is rolled back. */
export type TransitionStep = (change: OrderTransition) => Promise<void>;

/** The collaborators of a status change, composed by `buildApp`. */
export interface OrderWorkflow {
  /** Step 7: the ledger entries the change causes (settlements/ledger.service). */
  ledger: TransitionStep;
  /** Step 8: what the change tells the risk center (risk/risk-signals); it never fails the change. */
  risk: TransitionStep;
  /** Step 9: who must hear about it (notifications/notifications.service). */
  notifications: TransitionStep;
  /** Step 10: the company's webhooks (orders/order-events.ts, features/webhooks). */
  webhooks: TransitionStep;
  /**
   * After the change's transaction ends: drop what summarises orders (the admin
   * dashboard's platform figures). Called only for a change that happened; it
   * must not throw (the change is already written).
   */
  invalidateCaches: (change: { order: OrderRow; previous: OrderStatus }) => void;
}

export type TransitionResult =
  | { kind: 'changed'; order: OrderRow; previous: OrderStatus }
  /** The order was not in one of the statuses the caller allows (or already there). */
  | { kind: 'unchanged'; order: OrderRow }
  /** Reopening an expired or refunded order needs its units, and there are not enough. */
  | { kind: 'no_stock'; order: OrderRow }
  | { kind: 'not_found' };

export interface TransitionRequest {
  orderId: string;
  to: OrderStatus;
  changedBy: string;
  /** Only move from these statuses; anything else is left as it is. */
  from?: readonly OrderStatus[];
  /**
   * Whose order it may be: a company's (another company's order is not found),
   * or the platform's for the admin. Required, so a forgotten scope is a type error.
   */
  scope: Scope;
  /** Only orders paid with this provider; others are left as they are. */
  provider?: PaymentProvider;
  /** An unpaid order's new deadline, when it moves to a pending status. */
  expiresAt?: Date | null;
  /** Who pays and how, when they are told on the way (the storefront's buyer, on its checkout page). */
  payment?: {
    provider: PaymentProvider;
    buyer: { name: string; email: string; phone: string | null };
  };
  providerPaymentId?: string;
  /** The approving payment split itself at the provider: the company owes nothing for it. */
  collectedAtSource?: boolean;
  /** When it happens: now, unless demo data writes its history with a clock of its own. */
  at?: Date;
}

/**
 * THE one place an order's status changes, step by step as listed above.
 * Concurrent webhooks, admin clicks and expiries queue at the row lock;
 * whoever comes second sees the new status and changes nothing. Given a
 * transaction, the change runs in a savepoint of it: a caller that writes
 * more in its own transaction opens it with `transactionWithWorkflow`, so the
 * caches are dropped only once that transaction has committed.
 */
export async function transitionOrder(
  db: Database | Transaction,
  workflow: OrderWorkflow,
  request: TransitionRequest,
): Promise<TransitionResult> {
  const result = await db.transaction(async (tx): Promise<TransitionResult> => {
    const current = await lockOrder(tx, request);
    if (!current) return { kind: 'not_found' };
    const previous = current.status;
    if (!allowed(current, request)) return { kind: 'unchanged', order: current };

    if (!(await moveStock(tx, current, request.to))) return { kind: 'no_stock', order: current };
    const pointsAwarded = await movePoints(tx, current, request.to);
    const updated = await writeStatus(tx, current, request, pointsAwarded);
    await moveTotals(tx, current, updated);
    await writeHistory(tx, current, request);

    if (isLinkOrder(updated)) {
      const change = { tx, order: updated, previous, ...(request.at ? { at: request.at } : {}) };
      await workflow.ledger(change);
      await workflow.risk(change);
      await workflow.notifications(change);
      await workflow.webhooks(change);
    }
    return { kind: 'changed', order: updated, previous };
  });
  if (result.kind === 'changed') workflow.invalidateCaches(result);
  return result;
}

/**
 * A transaction of the caller's own around one or more status changes (an
 * audited change, a payment event recorded with the change it causes): `work`
 * gets the transaction and a workflow whose cache step waits until the
 * transaction has committed, and is skipped if it rolls back.
 */
export async function transactionWithWorkflow<T>(
  db: Database,
  workflow: OrderWorkflow,
  work: (tx: Transaction, workflow: OrderWorkflow) => Promise<T>,
): Promise<T> {
  const committed: (() => void)[] = [];
  const inner: OrderWorkflow = {
    ...workflow,
    invalidateCaches: (change) => committed.push(() => workflow.invalidateCaches(change)),
  };
  const result = await db.transaction((tx) => work(tx, inner));
  for (const invalidate of committed) invalidate();
  return result;
}

/** The order, locked until the change's transaction ends (null: not found, or another company's). */
async function lockOrder(tx: Transaction, request: TransitionRequest): Promise<OrderRow | null> {
  const [current] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, request.orderId), scopeCondition(request.scope, ORDER_OWNERS)))
    .for('update');
  return current ?? null;
}

/** Step 1: the caller's conditions (from which statuses, which provider); already there is no change. */
function allowed(current: OrderRow, request: TransitionRequest): boolean {
  return !(
    current.status === request.to ||
    // A cart's own statuses (reserved, cancelled) are not a payment link's.
    (current.channel === 'link' &&
      !(LINK_ORDER_STATUSES as readonly OrderStatus[]).includes(request.to)) ||
    (request.from && !request.from.includes(current.status)) ||
    (request.provider && current.provider !== request.provider)
  );
}

/** Where an order's units are: held for it unpaid, sold, or back in stock. */
export function unitsState(status: OrderStatus): UnitsState {
  if (isUnpaid(status)) return 'held';
  return countsAsSale(status) ? 'sold' : 'free';
}

/**
 * Step 2, per line: units held again when an order comes back, committed when
 * it is paid, given back when it stops holding them. False (and nothing
 * changed) when an order coming back finds too few units.
 */
async function moveStock(tx: Transaction, current: OrderRow, to: OrderStatus): Promise<boolean> {
  const from = unitsState(current.status);
  const next = unitsState(to);
  if (from === next) return true;
  const lines = await stockLinesOf(tx, current.id);
  const taken: StockLine[] = [];
  for (const line of lines) {
    const moved = await moveLine(tx, line, from, next);
    if (!moved) {
      // Give back what this change took for the lines before it.
      for (const done of taken) {
        if (done.item.kind === 'product') {
          await moveProductUnits(tx, done.item.id, done.quantity, next, from);
        } else await release(tx, done);
      }
      return false;
    }
    taken.push(line);
  }
  return true;
}

async function moveLine(
  tx: Transaction,
  line: StockLine,
  from: UnitsState,
  to: UnitsState,
): Promise<boolean> {
  // A payment-link product's held and sold units are both off its stock; its
  // held ones are also counted apart (the unpaid share), so one statement moves them.
  if (line.item.kind === 'product') {
    return moveProductUnits(tx, line.item.id, line.quantity, from, to);
  }
  if (from === 'free') {
    if (to === 'held') return reserve(tx, line, { evenIfInactive: true });
    // A storefront variant paid after its cart expired: the money came, so the units go.
    await commit(tx, line, { held: false });
    return true;
  }
  if (from === 'held') {
    if (to === 'sold') await commit(tx, line, { held: true });
    else await release(tx, line);
    return true;
  }
  // Sold units come back: to stock (a refund), or to the order's hold again.
  await returnUnits(tx, line);
  return to === 'held' ? reserve(tx, line, { evenIfInactive: true }) : true;
}

/**
 * Step 3: the seller's points and sale, added or taken back by exactly what
 * this order awards; returns what the order awards from now on (points_awarded).
 */
async function movePoints(tx: Transaction, current: OrderRow, to: OrderStatus): Promise<number> {
  if (!current.sellerId || countsAsSale(to) === countsAsSale(current.status)) {
    return current.pointsAwarded;
  }
  if (countsAsSale(to)) {
    const points = pointsForOrder(current.sellerCents);
    await adjustSellerTally(tx, sellerScope(current.sellerId), { points, sales: 1 });
    return points;
  }
  await adjustSellerTally(tx, sellerScope(current.sellerId), {
    points: -current.pointsAwarded,
    sales: -1,
  });
  return 0;
}

/** Step 4: the order row, on condition that its status is still the one read under the lock. */
async function writeStatus(
  tx: Transaction,
  current: OrderRow,
  request: TransitionRequest,
  pointsAwarded: number,
): Promise<OrderRow> {
  const pending = isUnpaid(request.to);
  const [updated] = await tx
    .update(orders)
    .set({
      status: request.to,
      pointsAwarded,
      updatedAt: request.at ?? new Date(),
      expiresAt: pending ? (request.expiresAt ?? current.expiresAt) : null,
      ...(request.providerPaymentId ? { providerPaymentId: request.providerPaymentId } : {}),
      ...(request.collectedAtSource !== undefined
        ? { collectedAtSource: request.collectedAtSource }
        : {}),
      ...(request.payment
        ? {
            provider: request.payment.provider,
            buyerName: request.payment.buyer.name,
            buyerEmail: request.payment.buyer.email,
            buyerPhone: request.payment.buyer.phone,
          }
        : {}),
    })
    .where(and(eq(orders.id, current.id), eq(orders.status, current.status)))
    .returning();
  // The row is locked, so the status cannot have moved; if it did, undo everything.
  if (!updated) throw new Error(`order ${current.id} changed under its row lock`);
  return updated;
}

/** Step 5: out of the old status's totals, into the new one's. */
async function moveTotals(tx: Transaction, current: OrderRow, updated: OrderRow): Promise<void> {
  await countOrderIn(tx, current, current.status, -1);
  await countOrderIn(tx, updated, updated.status, 1);
}

/** Step 6: the history row (changed_by a user's id or `system`). */
async function writeHistory(
  tx: Transaction,
  current: OrderRow,
  request: TransitionRequest,
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: current.id,
    status: request.to,
    changedBy: request.changedBy,
    ...(request.at ? { createdAt: request.at } : {}),
  });
}

/**
 * Expires unpaid orders of both surfaces whose time ran out, giving their
 * units back. Safe with several instances: each order is moved by
 * `transitionOrder` from the status it was found in, so a second sweeper
 * changes nothing. Answers how many of each channel it expired.
 */
export async function expireDueOrders(
  db: Database,
  workflow: OrderWorkflow,
  now = new Date(),
): Promise<{ link: number; store: number }> {
  const due = await db
    .select({ id: orders.id, status: orders.status, companyId: orders.companyId })
    .from(orders)
    .where(and(inArray(orders.status, [...UNPAID_STATUSES]), lt(orders.expiresAt, now)))
    .orderBy(orders.expiresAt)
    .limit(200);
  const expired = { link: 0, store: 0 };
  for (const order of due) {
    const result = await transitionOrder(db, workflow, {
      orderId: order.id,
      scope: order.companyId ? { kind: 'company', id: order.companyId } : { kind: 'store' },
      to: 'expired',
      changedBy: SYSTEM,
      from: [order.status],
    });
    if (result.kind === 'changed') expired[result.order.channel] += 1;
  }
  return expired;
}
