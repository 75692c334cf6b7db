import { ORDER_MESSAGES } from '@shared/orders/orders.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import {
  transactionWithWorkflow,
  transitionOrder,
  type OrderWorkflow,
  type TransitionRequest,
  type TransitionResult,
} from './order-workflow';
import type { OrderRow } from './orders.service';

/**
 * A status change made by a person (the admin's select, a company confirming
 * a transfer): the change and its audit entry (who, what, before, after) in
 * one transaction.
 */
export async function changeOrderStatusAudited(
  db: Database,
  workflow: OrderWorkflow,
  request: Omit<TransitionRequest, 'changedBy'>,
  actor: { id: string; name: string; action: string },
): Promise<TransitionResult> {
  return transactionWithWorkflow(db, workflow, async (tx, inner) => {
    const moved = await transitionOrder(tx, inner, { ...request, changedBy: actor.id });
    if (moved.kind === 'changed') {
      await recordAudit(tx, {
        actorId: actor.id,
        actorName: actor.name,
        action: actor.action,
        targetType: 'order',
        targetId: moved.order.id,
        before: { status: moved.previous },
        after: { status: moved.order.status },
      });
    }
    return moved;
  });
}

/** Who acts on a company's order: the company itself (its id scopes the change). */
interface CompanyActor {
  id: string;
  name: string;
}

/**
 * A company confirms that the transfer for its order arrived: the order is
 * approved. A transfer that arrives after its order expired is still accepted
 * while its units are there. 404 for another company's order, 409 otherwise.
 */
export async function confirmTransfer(
  db: Database,
  workflow: OrderWorkflow,
  company: CompanyActor,
  orderId: string,
): Promise<OrderRow> {
  const result = await changeOrderStatusAudited(
    db,
    workflow,
    {
      orderId,
      scope: { kind: 'company', id: company.id },
      to: 'approved',
      from: ['pending_transfer', 'expired'],
      provider: 'transferencia',
    },
    { ...company, action: 'order.confirm_transfer' },
  );
  if (result.kind === 'not_found') throw AppError.notFound(ORDER_MESSAGES.notFound);
  if (result.kind === 'no_stock') {
    throw new AppError('NO_STOCK', ORDER_MESSAGES.noStockToReopen, 409);
  }
  if (result.kind === 'unchanged') {
    throw new AppError('NOT_PENDING_TRANSFER', ORDER_MESSAGES.notPendingTransfer, 409);
  }
  return result.order;
}

/**
 * A company releases an unpaid order's units: the same change as an order
 * running out of time (history, stock back, totals). 404 for another
 * company's order, 409 for one that is not waiting for its payment.
 */
export async function releaseUnits(
  db: Database,
  workflow: OrderWorkflow,
  company: CompanyActor,
  orderId: string,
): Promise<OrderRow> {
  const result = await changeOrderStatusAudited(
    db,
    workflow,
    {
      orderId,
      scope: { kind: 'company', id: company.id },
      to: 'expired',
      from: ['pending_payment', 'pending_transfer'],
    },
    { ...company, action: 'order.release' },
  );
  if (result.kind === 'not_found') throw AppError.notFound(ORDER_MESSAGES.notFound);
  if (result.kind !== 'changed') {
    throw new AppError('NOT_RELEASABLE', ORDER_MESSAGES.notReleasable, 409);
  }
  return result.order;
}
