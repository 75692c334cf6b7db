import { createHmac } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import { formatArs } from '@shared/money';
import type { NotificationKind } from '@shared/notifications/notifications.schema';
import { countsAsSale } from '@shared/order-status';
import type { Database, Transaction } from '../../db/client';
import type { OrderTransition } from '../orders/order-workflow';
import type { LinkOrderRow } from '../orders/orders.service';
import { profileContacts } from '../profiles/profiles.service';
import { goalReachedBy } from '../seller/goals.service';
import { buyerMailQuota, emailOptOuts, emailOutbox, notifications } from './notifications.table';

/** What an e-mail needs to be rendered when it is sent (outbox.worker.ts). */
export interface OrderMailPayload {
  orderId?: string;
  /** The buyer's own link to their order, sealed (it works as a password). */
  sealedBuyerUrl?: string;
  points?: number;
  month?: string;
  /** A payout: how much and where it went. */
  amountCents?: number;
  destination?: string;
  name?: string;
}

interface Notice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** Also by e-mail (unless the user turned this kind off). */
  email: boolean;
}

async function optedOut(tx: Transaction, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ userId: emailOptOuts.userId, kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(inArray(emailOptOuts.userId, userIds));
  return new Set(rows.map((row) => `${row.userId}:${row.kind}`));
}

/**
 * How many e-mails about new orders one recipient may receive per clock hour,
 * and who they are (`recipientKey`: a keyed hash of the normalized address).
 */
export interface BuyerMailQuota {
  recipientKey: string;
  perHour: number;
}

/**
 * Writes bell entries and queues e-mails, in the caller's transaction, in one
 * statement. With a `quota`, the buyer's e-mail is queued only while its
 * recipient has e-mails left this hour (counted in the same statement, so
 * every instance counts together). Answers whether the buyer's e-mail was queued.
 */
async function deliver(
  tx: Transaction,
  order: LinkOrderRow,
  notices: Notice[],
  buyerMail: { kind: NotificationKind; payload: OrderMailPayload } | null,
  quota?: BuyerMailQuota,
): Promise<boolean> {
  const mailed = notices.filter((notice) => notice.email);
  const contacts = await profileContacts(
    tx,
    mailed.map((notice) => notice.userId),
  );
  const off = await optedOut(
    tx,
    mailed.map((notice) => notice.userId),
  );
  const rows: (typeof emailOutbox.$inferInsert)[] = [];
  for (const notice of mailed) {
    const contact = contacts.get(notice.userId);
    if (!contact || off.has(`${notice.userId}:${notice.kind}`)) continue;
    rows.push({
      kind: notice.kind,
      toEmail: contact.email,
      userId: notice.userId,
      payload: { orderId: order.id } satisfies OrderMailPayload,
    });
  }
  const bell = notices.map((notice) => ({
    userId: notice.userId,
    kind: notice.kind,
    title: notice.title,
    body: notice.body,
    link: notice.link,
  }));
  if (buyerMail && quota) {
    return deliverWithQuota(tx, bell, rows, {
      kind: buyerMail.kind,
      toEmail: order.buyerEmail,
      payload: { ...buyerMail.payload },
      quota,
    });
  }
  if (buyerMail) {
    rows.push({
      kind: buyerMail.kind,
      toEmail: order.buyerEmail,
      payload: { ...buyerMail.payload },
    });
  }
  // Bell entries and e-mails in one statement (the entries as a data-modifying CTE).
  if (bell.length && rows.length) {
    const entries = tx.$with('bell_entries').as(tx.insert(notifications).values(bell));
    await tx.with(entries).insert(emailOutbox).values(rows);
  } else if (bell.length) {
    await tx.insert(notifications).values(bell);
  } else if (rows.length) {
    await tx.insert(emailOutbox).values(rows);
  }
  return buyerMail !== null;
}

/**
 * The same in one statement when the buyer's e-mail is capped: the bell
 * entries and the other e-mails as data-modifying CTEs, the recipient's count
 * for this hour taken with a conditional upsert (no row back once the hour's
 * e-mails are spent), and the buyer's e-mail inserted from that row, so it is
 * queued exactly when the count allowed it. Concurrent orders to one recipient
 * queue on the count's row.
 */
async function deliverWithQuota(
  tx: Transaction,
  bell: (typeof notifications.$inferInsert)[],
  rows: (typeof emailOutbox.$inferInsert)[],
  buyer: {
    kind: NotificationKind;
    toEmail: string;
    payload: OrderMailPayload;
    quota: BuyerMailQuota;
  },
): Promise<boolean> {
  const writes = [
    ...(bell.length ? [tx.$with('bell_entries').as(tx.insert(notifications).values(bell))] : []),
    ...(rows.length ? [tx.$with('staff_mails').as(tx.insert(emailOutbox).values(rows))] : []),
  ];
  const counted = tx.$with('buyer_mail_count').as(
    tx
      .insert(buyerMailQuota)
      .values({
        recipientKey: buyer.quota.recipientKey,
        windowStart: sql`date_trunc('hour', now())`,
        sent: 1,
      })
      .onConflictDoUpdate({
        target: [buyerMailQuota.recipientKey, buyerMailQuota.windowStart],
        set: { sent: sql`${buyerMailQuota.sent} + 1` },
        setWhere: sql`${buyerMailQuota.sent} < ${buyer.quota.perHour}`,
      })
      .returning({ sent: buyerMailQuota.sent }),
  );
  const queued = tx.$with('buyer_mail', { id: sql<number>`id`.as('id') }).as(
    sql`insert into ${emailOutbox} (${sql.identifier(emailOutbox.kind.name)}, ${sql.identifier(emailOutbox.toEmail.name)}, ${sql.identifier(emailOutbox.payload.name)})
      select ${buyer.kind}, ${buyer.toEmail}, ${JSON.stringify(buyer.payload)}::jsonb
      from ${sql.identifier('buyer_mail_count')}
      returning ${sql.identifier(emailOutbox.id.name)}`,
  );
  const [mail] = await tx
    .with(...writes, counted, queued)
    .select({ id: queued.id })
    .from(queued);
  return mail !== undefined;
}

/** The quota of one recipient: a keyed hash of its mailbox, never the address itself. */
export function buyerMailQuotaFor(email: string, secret: string, perHour: number): BuyerMailQuota {
  const recipientKey = createHmac('sha256', secret)
    .update(`buyer-mail:${mailboxOf(email)}`)
    .digest('hex')
    .slice(0, 32);
  return { recipientKey, perHour };
}

/**
 * The form of an e-mail address that reaches one inbox: lower case, without a
 * `+tag`, and without dots in a Gmail address's name (Gmail ignores them).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at).replace(/\+.*$/, '');
  const domain = address.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') local = local.replaceAll('.', '');
  return `${local || address.slice(0, at)}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

const amount = (order: LinkOrderRow) => formatArs(order.totalCents);

/**
 * A new order paid by transfer: the buyer gets the instructions, the company
 * is asked to confirm the transfer when it arrives, the seller hears of the
 * sale. Orders paid by card or MercadoPago say nothing until they are paid,
 * so an abandoned checkout tells nobody anything.
 */
export async function notifyOrderCreated(
  tx: Transaction,
  order: LinkOrderRow,
  sealedBuyerUrl: string,
  /** Caps the buyer's e-mail per recipient and hour (the order is written either way). */
  quota?: BuyerMailQuota,
): Promise<boolean> {
  if (order.status !== 'pending_transfer') return false;
  const notices: Notice[] = [
    {
      userId: order.companyId,
      kind: 'company_transfer_pending',
      title: 'Transferencia para confirmar',
      body: `${order.buyerName} eligió pagar ${order.productTitle} por transferencia (${amount(order)}, referencia ${order.externalReference}). Confírmala cuando la recibas.`,
      link: `/company/orders?status=pending_transfer`,
      email: true,
    },
  ];
  if (order.sellerId) {
    notices.push({
      userId: order.sellerId,
      kind: 'seller_new_sale',
      title: 'Nueva venta con tu link',
      body: `${order.productTitle} por ${amount(order)}: espera la transferencia del comprador. Tu comisión será de ${formatArs(order.sellerCents)}.`,
      link: '/seller/orders',
      email: true,
    });
  }
  return deliver(
    tx,
    order,
    notices,
    { kind: 'buyer_order_received', payload: { orderId: order.id, sealedBuyerUrl } },
    quota,
  );
}

/**
 * A status change, as the people of the order should hear it. Registered
 * with the orders' status changes (`OrderWorkflow.notifications`, app.ts), so it runs in the change's
 * transaction: the notice exists exactly when the change does.
 */
export async function notifyOrderTransition({
  tx,
  order,
  previous,
}: OrderTransition): Promise<void> {
  const wasSale = countsAsSale(previous);
  const isSale = countsAsSale(order.status);
  if (!wasSale && isSale) {
    const notices: Notice[] = [];
    if (order.provider !== 'transferencia') {
      notices.push({
        userId: order.companyId,
        kind: 'company_new_order',
        title: 'Nuevo pedido pagado',
        body: `${order.productTitle} × ${order.quantity} por ${amount(order)} (${order.buyerName}). Tu ingreso: ${formatArs(order.companyCents)}.`,
        link: '/company/orders',
        email: true,
      });
    }
    if (order.sellerId) {
      notices.push({
        userId: order.sellerId,
        kind: 'seller_sale_approved',
        title: 'Venta aprobada',
        body: `${order.productTitle}: ganaste ${formatArs(order.sellerCents)} de comisión y ${order.pointsAwarded} puntos.`,
        link: '/seller/orders',
        email: true,
      });
      const goal = await goalReachedBy(tx, order);
      if (goal) {
        notices.push({
          userId: order.sellerId,
          kind: 'seller_goal_reached',
          title: '¡Alcanzaste tu meta del mes!',
          body: `Con la venta de ${order.productTitle} cumpliste tu meta de ${goal.month}.`,
          link: '/seller/goals',
          email: true,
        });
      }
    }
    await deliver(tx, order, notices, {
      kind: 'buyer_payment_approved',
      payload: { orderId: order.id },
    });
    return;
  }
  if (wasSale && order.status === 'refunded') {
    const notices: Notice[] = order.sellerId
      ? [
          {
            userId: order.sellerId,
            kind: 'seller_sale_refunded',
            title: 'Venta reembolsada',
            body: `${order.productTitle} se reembolsó al comprador: se descontaron la comisión y los puntos de esa venta.`,
            link: '/seller/orders',
            email: false,
          },
        ]
      : [];
    await deliver(tx, order, notices, { kind: 'buyer_refunded', payload: { orderId: order.id } });
  }
}

/**
 * One notice for one user, from another feature (settlements): a bell entry,
 * and an e-mail rendered later from `payload` unless the user turned the kind
 * off. With a `dedupeKey`, a second call (another instance, a retry) adds
 * nothing. Returns whether it was written.
 */
export async function sendNotice(
  tx: Transaction,
  notice: {
    userId: string;
    kind: NotificationKind;
    title: string;
    body: string;
    link: string;
    payload: Record<string, unknown>;
    dedupeKey?: string;
  },
): Promise<boolean> {
  const written = await tx
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      dedupeKey: notice.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (written.length === 0) return false;
  const contact = (await profileContacts(tx, [notice.userId])).get(notice.userId);
  const off = await optedOut(tx, [notice.userId]);
  if (contact && !off.has(`${notice.userId}:${notice.kind}`)) {
    await tx.insert(emailOutbox).values({
      kind: notice.kind,
      toEmail: contact.email,
      userId: notice.userId,
      payload: { ...notice.payload, name: contact.name },
    });
  }
  return true;
}

/** Sellers paid in a payout batch hear how much and where, in the batch's transaction. */
export async function notifyPayoutsPaid(
  tx: Transaction,
  paid: { sellerId: string; amountCents: number; destination: string }[],
): Promise<void> {
  if (paid.length === 0) return;
  await tx.insert(notifications).values(
    paid.map((payout) => ({
      userId: payout.sellerId,
      kind: 'seller_payout_paid',
      title: 'Te pagamos tus comisiones',
      body: `Transferimos ${formatArs(payout.amountCents)} a ${payout.destination}.`,
      link: '/seller/payouts',
    })),
  );
  const contacts = await profileContacts(
    tx,
    paid.map((payout) => payout.sellerId),
  );
  const off = await optedOut(
    tx,
    paid.map((payout) => payout.sellerId),
  );
  const rows = paid.flatMap((payout) => {
    const contact = contacts.get(payout.sellerId);
    if (!contact || off.has(`${payout.sellerId}:seller_payout_paid`)) return [];
    return [
      {
        kind: 'seller_payout_paid',
        toEmail: contact.email,
        userId: payout.sellerId,
        payload: {
          amountCents: payout.amountCents,
          destination: payout.destination,
          name: contact.name,
        } satisfies OrderMailPayload,
      },
    ];
  });
  if (rows.length) await tx.insert(emailOutbox).values(rows);
}

/** Forgets the per-recipient counts of hours that are over. */
export async function forgetPastMailQuota(db: Database, before: Date): Promise<void> {
  await db.delete(buyerMailQuota).where(lt(buyerMailQuota.windowStart, before));
}
