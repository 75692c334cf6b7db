import type { Database } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import {
  transactionWithWorkflow,
  transitionOrder,
  type OrderWorkflow,
  type TransitionRequest,
  type TransitionResult,
} from './order-workflow';

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
