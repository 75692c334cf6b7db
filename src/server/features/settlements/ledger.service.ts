import type { Transaction } from '../../db/client';
import { countsAsSale } from '@shared/order-status';
import type { OrderTransition } from '../orders/order-workflow';
import type { LinkOrderRow } from '../orders/orders.service';
import { openEntriesOfOrder, openSellerCommission } from './balances.service';
import { ledgerEntries } from './ledger.table';

type LedgerEntry = typeof ledgerEntries.$inferInsert;

/**
 * What an order's commission accrues once the order counts as a sale: the
 * seller's 75 % and the platform's 25 %. Without a seller, the seller's share
 * is the platform's: nobody else brought the buyer. The company owes them,
 * unless the payment split itself at the source (`collected`): then the
 * platform already holds them.
 */
export function ledgerAccruals(
  order: Pick<LinkOrderRow, 'id' | 'companyId' | 'sellerId' | 'sellerCents' | 'platformCents'> &
    Partial<Pick<LinkOrderRow, 'collectedAtSource'>>,
): LedgerEntry[] {
  const entries = order.sellerId
    ? [
        { party: 'seller' as const, sellerId: order.sellerId, amountCents: order.sellerCents },
        { party: 'platform' as const, sellerId: null, amountCents: order.platformCents },
      ]
    : [
        {
          party: 'platform' as const,
          sellerId: null,
          amountCents: order.sellerCents + order.platformCents,
        },
      ];
  return entries
    .filter((entry) => entry.amountCents !== 0)
    .map((entry) => ({
      ...entry,
      orderId: order.id,
      companyId: order.companyId,
      kind: 'accrual' as const,
      collected: order.collectedAtSource ?? false,
    }));
}

/**
 * Writes what an order's company owes when the order starts or stops counting
 * as a sale, inside the status change's transaction. An order that becomes
 * approved (or delivered) accrues the seller's 75 % and the platform's 25 % of
 * its commission; one that stops counting reverses exactly what it still has
 * open, so its entries always sum to what its current status awards. The
 * ledger step of the order workflow (`OrderWorkflow.ledger`, app.ts).
 */
export async function recordLedgerEntries({
  tx,
  order,
  previous,
  at,
}: OrderTransition): Promise<void> {
  const wasSale = countsAsSale(previous);
  const isSale = countsAsSale(order.status);
  if (wasSale === isSale) return;
  // Dated with the change itself (the demo history passes its own clock).
  const dated = at ? { createdAt: at } : {};
  if (isSale) {
    const entries = ledgerAccruals(order).map((entry) => ({ ...entry, ...dated }));
    if (entries.length) await tx.insert(ledgerEntries).values(entries);
    return;
  }
  const reversals = await openEntriesOfOrder(tx, order.id);
  if (reversals.length === 0) return;
  await tx.insert(ledgerEntries).values(
    reversals.map((row) => ({
      orderId: order.id,
      companyId: order.companyId,
      party: row.party,
      sellerId: row.sellerId,
      amountCents: -row.amountCents,
      kind: 'reversal' as const,
      // A collected commission goes back with the payment it came in (the provider returns the fee).
      collected: row.collected,
      ...dated,
    })),
  );
}

/**
 * Takes back a seller's commission on these orders (a confirmed fraud): one
 * clawback entry per order for what the seller still has open on it, so the
 * company no longer owes it (or, collected at the source, the platform keeps
 * it). Already paid out, it is deducted from the seller's next payouts, as a
 * refund after a payout is. Entries are never changed. Answers the cents
 * taken back. Concurrent calls for the same orders take turns on the orders'
 * entries (the caller holds the flag's row), so nothing is taken back twice.
 */
export async function clawBackSellerCommission(
  tx: Transaction,
  input: { sellerId: string; orderIds: string[]; at: Date },
): Promise<number> {
  if (input.orderIds.length === 0) return 0;
  const clawbacks = await openSellerCommission(tx, input.sellerId, input.orderIds);
  if (clawbacks.length === 0) return 0;
  await tx.insert(ledgerEntries).values(
    clawbacks.map((row) => ({
      orderId: row.orderId,
      companyId: row.companyId,
      party: 'seller' as const,
      sellerId: input.sellerId,
      amountCents: -row.amountCents,
      kind: 'clawback' as const,
      collected: row.collected,
      createdAt: input.at,
    })),
  );
  return clawbacks.reduce((sum, row) => sum + row.amountCents, 0);
}
