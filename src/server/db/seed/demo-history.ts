import type { OrderStatus } from '@shared/order-status';
import type { PutGoalBody } from '@shared/seller/seller.schema';
import {
  argentineDay,
  argentineDayEnd,
  argentineMonth,
  argentineTime as argentineWallTime,
} from '@shared/time';
import type { Database } from '../client';
import { AppError } from '../../lib/app-error';
import { writeClicks, type ClickInput } from '../../features/analytics/click-recorder';
import { demoVisits } from './demo-visits';
import {
  datePastNotifications,
  notificationMark,
} from '../../features/notifications/inbox.service';
import { notifyPayoutsPaid } from '../../features/notifications/notifications.service';
import { transitionOrder, type OrderWorkflow } from '../../features/orders/order-workflow';
import { insertOrder, SYSTEM } from '../../features/orders/orders.service';
import { linkCodeFor } from '../../features/orders/seller-links.service';
import { reserveProductUnits } from '../../features/inventory/inventory.service';
import { setSellerGoal } from '../../features/seller/goals.service';
import { createPayoutBatch, markPayoutBatchPaid } from '../../features/settlements/payouts.service';
import { companyBalance } from '../../features/settlements/balances.service';
import { recordCompanyPayment } from '../../features/settlements/statements.service';

const HOUR = 3_600_000;
/** Events older than this are history, not news: read, and no e-mail. */
const NEWS = 48 * HOUR;

/**
 * The demo business's last three months, written through the services the
 * app uses (orders, their status changes, the company's payments, payout
 * batches), each at its own time, in the order they happened. So every
 * figure agrees by construction: Pedidos, Liquidaciones, the seller's
 * payouts and the audit log show the same dates.
 *
 * Months are counted back from the month of `now` (M-3, M-2, M-1):
 * - each month has seven sales through the demo seller's links (one
 *   without a seller), approved the day they were placed; one is delivered
 *   days later and one is never paid (it expires);
 * - the company pays all it owes at the end of M-3 and of M-2: two paid
 *   months; M-1 is left unpaid;
 * - on the 10th of M-2 a payout batch pays the seller's M-3 commissions,
 *   marked paid the next day; on the 15th a sale of M-3 is refunded: its
 *   commission was already paid, so it is carried into the next payout
 *   (a clawback);
 * - so today the seller has M-2's commissions, past the hold and paid by
 *   the company, less the clawback, waiting in Pagos a vendedores; M-1's and
 *   the last days' wait for the company's payment or the hold;
 * - the last three weeks bring sales within the hold (one delivered, one
 *   never paid), and the last two days orders waiting for a transfer or a
 *   payment;
 * - the seller sets a goal at the start of each month: missed in M-3 (a
 *   refund took a sale back), reached in M-2 and M-1, under way this month.
 */
export interface DemoHistory {
  db: Database;
  orderWorkflow: OrderWorkflow;
  companyId: string;
  sellerId: string;
  admin: { id: string; name: string };
  /** The demo company's products, in catalogue order. */
  productIds: string[];
  now: Date;
  holdDays: number;
  minimumCents: number;
  /** How long a new unpaid order keeps its units. */
  pendingHours: number;
}

const BUYERS = [
  'Lucía Fernández',
  'Diego Romero',
  'Sofía Acosta',
  'Pablo Herrera',
  'Julieta Benítez',
  'Tomás Giménez',
  'Valentina Ruiz',
];

function emailOf(name: string): string {
  const first = name.split(' ')[0]!;
  return `${first
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()}@example.com`;
}

/** 'YYYY-MM' a number of months before `month`. */
function monthsBefore(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A moment of an Argentine day: `hour` o'clock on day `day` of `month`. */
function argentineTime(month: string, day: number, hour: number): Date {
  return argentineWallTime(
    `${month}-${String(day).padStart(2, '0')}`,
    `${String(hour).padStart(2, '0')}:00`,
  );
}

interface DemoSale {
  at: Date;
  product: number;
  quantity: number;
  buyer: string;
  withSeller: boolean;
  provider: 'transferencia' | 'mercadopago';
  /** The changes after it was placed, each some hours later. */
  then: { to: OrderStatus; after: number }[];
}

export type DemoEvent =
  | { at: Date; kind: 'sale'; sale: DemoSale; key?: string }
  | { at: Date; kind: 'change'; key: string; to: OrderStatus }
  | { at: Date; kind: 'company_payment'; reference: string }
  | { at: Date; kind: 'payout_batch'; reference: string; paidAt: Date }
  | { at: Date; kind: 'goal'; goal: PutGoalBody };

/** Seven sales a month, the same shape every month with other products and buyers. */
function monthSales(month: string, offset: number): { key: string; sale: DemoSale }[] {
  const days = [3, 6, 9, 12, 15, 18, 21];
  return days.map((day, index) => {
    const placed = argentineTime(month, day, 9 + ((index * 2 + offset) % 7));
    const expires = index === 6;
    return {
      key: `${month}:${index}`,
      sale: {
        at: placed,
        product: (index + offset * 2) % 6,
        quantity: 1 + ((index + offset) % 2),
        buyer: BUYERS[(index + offset) % BUYERS.length]!,
        withSeller: index !== 5,
        provider: expires || index % 3 === 1 ? 'mercadopago' : 'transferencia',
        then: expires
          ? [{ to: 'expired', after: 1 }]
          : index === 3
            ? [
                { to: 'approved', after: 2 },
                { to: 'delivered', after: 74 },
              ]
            : [{ to: 'approved', after: 2 }],
      },
    };
  });
}

/**
 * When a sale's change happens: `after` hours later, except that an approval stays
 * on the Argentine day the sale was placed (a recent sale placed late at night is
 * approved before midnight), so Liquidaciones dates each sale the day Pedidos does.
 */
function changeTime(placed: Date, change: DemoSale['then'][number]): Date {
  const later = placed.getTime() + change.after * HOUR;
  if (change.to !== 'approved') return new Date(later);
  const lastSecond = argentineDayEnd(argentineDay(placed)).getTime() - 1000;
  return new Date(Math.max(placed.getTime() + 1000, Math.min(later, lastSecond)));
}

export function timeline(now: Date): DemoEvent[] {
  const current = argentineMonth(now);
  const [m3, m2, m1] = [3, 2, 1].map((count) => monthsBefore(current, count)) as [
    string,
    string,
    string,
  ];
  const events: DemoEvent[] = [
    { at: argentineTime(m3, 1, 8), kind: 'goal', goal: { month: m3, target_sales: 6 } },
    { at: argentineTime(m2, 1, 8), kind: 'goal', goal: { month: m2, target_sales: 5 } },
    {
      at: argentineTime(m1, 1, 8),
      kind: 'goal',
      goal: { month: m1, target_sales: 4, target_commission_cents: 1_000_000 },
    },
    {
      at: new Date(Math.min(argentineTime(current, 1, 8).getTime(), now.getTime())),
      kind: 'goal',
      goal: { month: current, target_sales: 6 },
    },
  ];
  for (const [offset, month] of [m3, m2, m1].entries()) {
    for (const { key, sale } of monthSales(month, offset)) {
      events.push({ at: sale.at, kind: 'sale', sale, key });
    }
  }
  events.push(
    // M-3 settled in full at its end: a paid month.
    { at: argentineTime(m3, 27, 11), kind: 'company_payment', reference: `TRF-${m3}-YML` },
    {
      at: argentineTime(m2, 10, 10),
      kind: 'payout_batch',
      reference: `LOTE-${m2}-01`,
      paidAt: argentineTime(m2, 11, 15),
    },
    // A sale of M-3 refunded after its commission was paid out: a clawback.
    { at: argentineTime(m2, 15, 12), kind: 'change', key: `${m3}:2`, to: 'refunded' },
    // M-2 settled in full too; M-1 is left unpaid.
    { at: argentineTime(m2, 27, 11), kind: 'company_payment', reference: `TRF-${m2}-YML` },
    // Refunded within the hold, before any payout: nothing to claw back.
    { at: argentineTime(m1, 17, 16), kind: 'change', key: `${m1}:4`, to: 'refunded' },
  );
  // The last weeks, relative to now (so the dashboards' 30 days always have sales): sales
  // within the hold, one never paid, and orders still waiting for their payment.
  const recent: [number, DemoSale['provider'], DemoSale['then']][] = [
    [20 * 24 + 5, 'mercadopago', [{ to: 'expired', after: 1 }]],
    [
      13 * 24 + 3,
      'transferencia',
      [
        { to: 'approved', after: 1 },
        { to: 'delivered', after: 50 },
      ],
    ],
    [6 * 24 + 2, 'mercadopago', [{ to: 'approved', after: 1 }]],
    [30, 'transferencia', [{ to: 'approved', after: 1 }]],
    [26, 'transferencia', []],
    [5, 'transferencia', []],
    [3, 'mercadopago', []],
  ];
  for (const [index, [hoursAgo, provider, then]] of recent.entries()) {
    const at = new Date(now.getTime() - hoursAgo * HOUR);
    events.push({
      at,
      kind: 'sale',
      sale: {
        at,
        product: (index * 5 + 1) % 6,
        quantity: 1,
        buyer: BUYERS[(index + 3) % BUYERS.length]!,
        withSeller: true,
        provider,
        then,
      },
    });
  }
  // Each sale's own changes, at their times.
  for (const event of [...events]) {
    if (event.kind !== 'sale') continue;
    const key = event.key ?? `recent:${event.at.toISOString()}`;
    event.key = key;
    for (const change of event.sale.then) {
      events.push({
        at: changeTime(event.at, change),
        kind: 'change',
        key,
        to: change.to,
      });
    }
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Writes the demo history; returns how many orders it placed. */
export async function writeDemoHistory(input: DemoHistory): Promise<number> {
  const { db } = input;
  const orderIds = new Map<string, string>();
  const clicks: ClickInput[] = [];
  let placed = 0;
  for (const event of timeline(input.now)) {
    if (event.at.getTime() > input.now.getTime()) continue;
    const mark = await notificationMark(db);
    await writeEvent(event);
    // The bell shows each event at its own time; only the last two days are news (unread, e-mailed).
    await datePastNotifications(
      db,
      mark,
      event.at,
      input.now.getTime() - event.at.getTime() > NEWS,
    );
  }
  // The visits to the links before each sale (Estadísticas), through the click writer.
  await writeClicks(db, clicks);
  return placed;

  async function writeEvent(event: DemoEvent): Promise<void> {
    switch (event.kind) {
      case 'sale': {
        const { sale } = event;
        const productId = input.productIds[sale.product]!;
        const ref = sale.withSeller ? await linkCodeFor(db, input.sellerId, productId) : null;
        const visits = demoVisits(event.key ?? sale.buyer, sale.at, productId, ref);
        clicks.push(...visits);
        const { order } = await db.transaction(async (tx) => {
          const sold = await reserveProductUnits(tx, productId, sale.quantity);
          if (!sold) throw new Error('demo stock ran out');
          return insertOrder(tx, {
            product: sold,
            sellerId: sale.withSeller ? input.sellerId : null,
            quantity: sale.quantity,
            provider: sale.provider,
            status: sale.provider === 'transferencia' ? 'pending_transfer' : 'pending_payment',
            buyer: { name: sale.buyer, email: emailOf(sale.buyer) },
            // Unpaid orders of the last days keep their units for a while after the start.
            expiresAt: new Date(input.now.getTime() + input.pendingHours * HOUR),
            createdAt: sale.at,
            // The buyer's visit is the last one before the sale.
            attribution: {
              visitorHash: visits.at(-1)!.visitorHash,
              linkSource: visits.at(-1)!.channel,
            },
          });
        });
        orderIds.set(event.key!, order.id);
        placed += 1;
        break;
      }
      case 'change': {
        const orderId = orderIds.get(event.key);
        if (!orderId) throw new Error(`demo history: ${event.key} changes before it is placed`);
        await transitionOrder(db, input.orderWorkflow, {
          orderId,
          scope: { kind: 'company', id: input.companyId },
          to: event.to,
          changedBy: SYSTEM,
          at: event.at,
        });
        break;
      }
      case 'company_payment': {
        const owed = (await companyBalance(db, { kind: 'company', id: input.companyId }))
          .balanceCents;
        if (owed <= 0) break;
        await recordCompanyPayment(db, {
          companyId: input.companyId,
          amountCents: owed,
          paidOn: argentineDay(event.at),
          reference: event.reference,
          actor: input.admin,
          now: event.at,
        });
        break;
      }
      case 'goal':
        await setSellerGoal(db, input.sellerId, event.goal, event.at);
        break;
      case 'payout_batch': {
        const rules = {
          holdDays: input.holdDays,
          minimumCents: input.minimumCents,
          now: event.at,
        };
        let batchId: number;
        try {
          batchId = await createPayoutBatch(db, { kind: 'platform' }, rules, input.admin);
        } catch (error) {
          // A minimum above what the demo seller earned: no batch, and that is fine.
          if (error instanceof AppError && error.code === 'NOTHING_TO_PAY') break;
          throw error;
        }
        await markPayoutBatchPaid(
          db,
          batchId,
          event.reference,
          input.admin,
          notifyPayoutsPaid,
          event.paidAt,
        );
        break;
      }
    }
  }
}
