import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { orderAmounts } from '@shared/commission';
import { countsAsSale, type OrderStatus } from '@shared/order-status';
import { pointsForOrder } from '@shared/points';
import type { orderLines, orders, orderStatusHistory } from '../../features/orders/orders.table';
import { ledgerAccruals } from '../../features/settlements/ledger.service';
import type { ledgerEntries } from '../../features/settlements/ledger.table';
import { DAY, type VolumeRandom } from './volume-random';
import { PROVIDERS } from './volume-words';

interface PlannedStep {
  status: OrderStatus;
  at: Date;
  by: string;
}

/** The catalogue figures an order is priced from. */
export interface VolumeProduct {
  id: string;
  companyId: string;
  title: string;
  priceCents: number;
  commissionBps: number;
}

export interface VolumeOrdersPlan {
  /** How many orders to place. */
  count: number;
  now: Date;
  products: VolumeProduct[];
  /** Per company, the sellers in the provinces it ships to. */
  sellersOf: Map<string, string[]>;
  adminId: string;
  random: VolumeRandom;
  /** A buyer's name (drawn from the same generator). */
  person: () => string;
}

/**
 * Orders over the last twelve months, each with the path it took (paid,
 * delivered, refunded, left unpaid), its status history and the ledger entries
 * it caused, by the same rules the orders service applies one order at a time.
 */
export function planOrders({
  count,
  now,
  products,
  sellersOf,
  adminId,
  random,
  person,
}: VolumeOrdersPlan) {
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const historyRows: (typeof orderStatusHistory.$inferInsert)[] = [];
  const ledgerRows: (typeof ledgerEntries.$inferInsert)[] = [];
  for (let i = 0; i < count; i += 1) {
    const product = products[random.int(0, products.length - 1)]!;
    const candidates = sellersOf.get(product.companyId) ?? [];
    const sellerId = candidates.length && random.next() > 0.1 ? random.pick(candidates) : null;
    const quantity = random.next() < 0.85 ? 1 : random.int(2, 3);
    const provider = random.pick(PROVIDERS);
    const amounts = orderAmounts(product.priceCents, product.commissionBps, quantity);
    // More orders lately: a network that grows.
    const placed = new Date(now.getTime() - Math.pow(random.next(), 1.6) * 365 * DAY);
    const pending: OrderStatus =
      provider === 'transferencia' ? 'pending_transfer' : 'pending_payment';
    const window = provider === 'transferencia' ? 72 * 3_600_000 : 30 * 60_000;
    const steps: PlannedStep[] = [{ status: pending, at: placed, by: 'system' }];
    const paidAt = new Date(
      placed.getTime() +
        (provider === 'transferencia' ? random.int(2, 48) * 3_600_000 : random.int(1, 15) * 60_000),
    );
    if (random.next() < 0.12 || paidAt > now) {
      if (placed.getTime() + window <= now.getTime()) {
        steps.push({ status: 'expired', at: new Date(placed.getTime() + window), by: 'system' });
      }
    } else {
      steps.push({
        status: 'approved',
        at: paidAt,
        by: provider === 'transferencia' ? product.companyId : 'system',
      });
      const refundAt = new Date(paidAt.getTime() + random.int(1, 20) * DAY);
      const deliverAt = new Date(paidAt.getTime() + random.int(2, 7) * DAY);
      if (random.next() < 0.04 && refundAt <= now) {
        steps.push({ status: 'refunded', at: refundAt, by: 'system' });
      } else if (deliverAt <= now && random.next() < 0.85) {
        steps.push({ status: 'delivered', at: deliverAt, by: adminId });
      }
    }
    const last = steps[steps.length - 1]!;
    const id = randomUUID();
    const sold = countsAsSale(last.status);
    lineRows.push({
      orderId: id,
      productId: product.id,
      title: product.title,
      unitPriceCents: amounts.totalCents / quantity,
      quantity,
    });
    orderRows.push({
      id,
      productId: product.id,
      productTitle: product.title,
      companyId: product.companyId,
      sellerId,
      quantity,
      unitPriceCents: amounts.totalCents / quantity,
      commissionBps: product.commissionBps,
      ...amounts,
      provider,
      status: last.status,
      externalReference: `VM-${randomBytes(6).toString('hex').toUpperCase()}`,
      buyerName: person(),
      buyerEmail: `comprador${i + 1}@example.com`,
      buyerPhone: `+54 9 11 ${random.int(4000, 6999)}-${random.int(1000, 9999)}`,
      buyerTokenHash: createHash('sha256').update(randomBytes(16)).digest('hex'),
      pointsAwarded: sold && sellerId ? pointsForOrder(amounts.sellerCents) : 0,
      expiresAt: last.status === pending ? new Date(placed.getTime() + window) : null,
      createdAt: placed,
      updatedAt: last.at,
    });
    for (const step of steps) {
      historyRows.push({
        orderId: id,
        status: step.status,
        changedBy: step.by,
        createdAt: step.at,
      });
    }
    const approval = steps.find((step) => step.status === 'approved');
    if (approval) {
      const order = { id, companyId: product.companyId, sellerId, ...amounts };
      const accruals = ledgerAccruals(order).map((entry) => ({ ...entry, createdAt: approval.at }));
      ledgerRows.push(...accruals);
      if (last.status === 'refunded') {
        ledgerRows.push(
          ...accruals.map((entry) => ({
            ...entry,
            amountCents: -entry.amountCents,
            kind: 'reversal' as const,
            createdAt: last.at,
          })),
        );
      }
    }
  }
  return { orderRows, lineRows, historyRows, ledgerRows };
}
