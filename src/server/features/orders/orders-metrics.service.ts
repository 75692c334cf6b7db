import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { DASHBOARD_DAYS, HOME_CURRENCY, type DailySales } from '@shared/orders/dashboard.schema';
import { SALE_STATUSES, type OrderStatus } from '@shared/order-status';
import type { Order } from '@shared/orders/orders.schema';
import { argentineDay, shiftDay } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import { argentineDaySql, argentineMonthSql } from '../../lib/sql-time';
import { scopeCondition, type CompanyScope, type PlatformScope, type Scope } from '../../lib/scope';
import type { Storage } from '../../lib/storage';
import { profileContacts, profileSummaries } from '../profiles/profiles.service';
import { selectOrderDtos } from './orders-query.service';
import type { OrderRow } from './orders.service';
import {
  orderDailyTotals,
  orders,
  orderStatusHistory,
  orderTotals,
  ORDER_OWNERS,
} from './orders.table';

/** Orders that count as sales (spec 02 §4 revenue; API.md dashboards): SALE_STATUSES. */
const SOLD = inArray(orders.status, [...SALE_STATUSES]);

/**
 * A company's or everyone's payment-link figures come from the totals; a seller's and the
 * storefront's are summed from their orders.
 */
function fromTotals(scope: Scope): scope is CompanyScope | PlatformScope {
  return scope.kind === 'company' || scope.kind === 'platform';
}

const ownersOfOrders = ORDER_OWNERS;

export interface Sums {
  count: number;
  totalCents: number;
  companyCents: number;
  sellerCents: number;
  platformCents: number;
}

const NO_SUMS: Sums = {
  count: 0,
  totalCents: 0,
  companyCents: 0,
  sellerCents: 0,
  platformCents: 0,
};

/** A row of summed columns (as the database answers them, text) as sums. */
function sumsOfRow(row: {
  count: string;
  total: string;
  company: string;
  seller: string;
  platform: string;
}): Sums {
  return {
    count: Number(row.count),
    totalCents: Number(row.total),
    companyCents: Number(row.company),
    sellerCents: Number(row.seller),
    platformCents: Number(row.platform),
  };
}

function addSums(a: Sums, b: Sums): Sums {
  return {
    count: a.count + b.count,
    totalCents: a.totalCents + b.totalCents,
    companyCents: a.companyCents + b.companyCents,
    sellerCents: a.sellerCents + b.sellerCents,
    platformCents: a.platformCents + b.platformCents,
  };
}

/** Orders in a scope, counted and summed per current status, in one query. */
export async function figuresByStatus(db: Database, scope: Scope): Promise<Map<OrderStatus, Sums>> {
  const rows = fromTotals(scope)
    ? await db
        .select({
          status: orderTotals.status,
          count: sql<string>`sum(${orderTotals.orders})`,
          total: sql<string>`sum(${orderTotals.totalCents})`,
          company: sql<string>`sum(${orderTotals.companyCents})`,
          seller: sql<string>`sum(${orderTotals.sellerCents})`,
          platform: sql<string>`sum(${orderTotals.platformCents})`,
        })
        .from(orderTotals)
        .where(scopeCondition(scope, { company: orderTotals.companyId }))
        .groupBy(orderTotals.status)
    : await db
        .select({
          status: orders.status,
          count: sql<string>`count(*)`,
          total: sql<string>`sum(${orders.totalCents})`,
          company: sql<string>`sum(${orders.companyCents})`,
          seller: sql<string>`sum(${orders.sellerCents})`,
          platform: sql<string>`sum(${orders.platformCents})`,
        })
        .from(orders)
        .where(scopeCondition(scope, ownersOfOrders))
        .groupBy(orders.status);
  return new Map(rows.map((row) => [row.status, sumsOfRow(row)]));
}

/** What the orders in these statuses add up to. */
export function sumOf(figures: Map<OrderStatus, Sums>, statuses: readonly OrderStatus[]): Sums {
  return statuses.reduce((sum, status) => addSums(sum, figures.get(status) ?? NO_SUMS), NO_SUMS);
}

/** Sums over sold orders (approved and delivered). */
export async function soldTotals(db: Database, scope: Scope): Promise<Sums> {
  return sumOf(await figuresByStatus(db, scope), SALE_STATUSES);
}

/**
 * The storefront's sold orders (approved and delivered), counted and summed
 * per currency. The storefront is the platform's own shop, outside the
 * companies' totals; its orders are few beside the payment links', read
 * through `(channel, created_at)`.
 */
export async function storeSalesByCurrency(db: Database): Promise<Map<string, Sums>> {
  const rows = await db
    .select({
      currency: orders.currency,
      count: sql<string>`count(*)`,
      total: sql<string>`sum(${orders.totalCents})`,
      company: sql<string>`sum(${orders.companyCents})`,
      seller: sql<string>`sum(${orders.sellerCents})`,
      platform: sql<string>`sum(${orders.platformCents})`,
    })
    .from(orders)
    .where(and(eq(orders.channel, 'store'), SOLD))
    .groupBy(orders.currency);
  return new Map(rows.map((row) => [row.currency, sumsOfRow(row)]));
}

/** Sold orders per Argentine day over the last `days` days (days without sales included, as zeros). */
export async function dailySales(
  db: Database,
  scope: Scope,
  now = new Date(),
  days = DASHBOARD_DAYS,
): Promise<DailySales[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const today = argentineDay(now);
  const firstDay = shiftDay(today, -(days - 1));
  const day = argentineDaySql(orders.createdAt);
  const rows = fromTotals(scope)
    ? await db
        .select({
          date: orderDailyTotals.day,
          orders: sql<string>`sum(${orderDailyTotals.orders})`,
          total: sql<string>`sum(${orderDailyTotals.totalCents})`,
          platform: sql<string>`sum(${orderDailyTotals.platformCents})`,
        })
        .from(orderDailyTotals)
        .where(
          and(
            scopeCondition(scope, { company: orderDailyTotals.companyId }),
            inArray(orderDailyTotals.status, SALE_STATUSES),
            gte(orderDailyTotals.day, firstDay),
          ),
        )
        .groupBy(orderDailyTotals.day)
    : await db
        .select({
          date: day,
          orders: sql<string>`count(*)`,
          total: sql<string>`coalesce(sum(${orders.totalCents}), 0)`,
          platform: sql<string>`coalesce(sum(${orders.platformCents}), 0)`,
        })
        .from(orders)
        .where(
          and(
            scopeCondition(scope, ownersOfOrders),
            SOLD,
            gte(orders.createdAt, since),
            // The storefront's pesos (its sales in other currencies are counted apart).
            scope.kind === 'store' ? eq(orders.currency, HOME_CURRENCY) : undefined,
          ),
        )
        .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.date, row]));
  const result: DailySales[] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const date = shiftDay(today, -i);
    const row = byDay.get(date);
    result.push({
      date,
      orders: Number(row?.orders ?? 0),
      total_cents: Number(row?.total ?? 0),
      platform_cents: Number(row?.platform ?? 0),
    });
  }
  return result;
}

export async function recentOrders(db: Database, scope: Scope, limit = 5): Promise<Order[]> {
  return selectOrderDtos(db, scope, {}, { limit });
}

/** A seller's sold orders created in one Argentine month (`YYYY-MM`). */
export async function sellerMonthTotals(
  db: Database | Transaction,
  sellerId: string,
  month: string,
): Promise<{ sales: number; commissionCents: number }> {
  const [row] = await db
    .select({
      sales: sql<string>`count(*)`,
      commission: sql<string>`coalesce(sum(${orders.sellerCents}), 0)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        SOLD,
        sql`${argentineMonthSql(orders.createdAt)} = ${month}`,
      ),
    );
  return { sales: Number(row?.sales ?? 0), commissionCents: Number(row?.commission ?? 0) };
}

/** How many sellers a company's Vendedores page lists at most, those who sold the most first. */
export const SELLERS_LISTED = 100;

/**
 * The sellers who sold a company's products (approved and delivered orders
 * through their links), each with their sales counted and summed, the most
 * sold first; and how many there are in all.
 */
export async function companySellerSales(
  db: Database,
  scope: CompanyScope,
  limit = SELLERS_LISTED,
): Promise<{
  total: number;
  items: {
    sellerId: string;
    name: string;
    province: string | null;
    sales: number;
    totalCents: number;
    sellerCents: number;
  }[];
}> {
  const where = and(scopeCondition(scope, ownersOfOrders), isNotNull(orders.sellerId), SOLD);
  const [rows, [all]] = await Promise.all([
    db
      .select({
        sellerId: sql<string>`${orders.sellerId}`,
        sales: sql<string>`count(*)`,
        total: sql<string>`sum(${orders.totalCents})`,
        seller: sql<string>`sum(${orders.sellerCents})`,
      })
      .from(orders)
      .where(where)
      .groupBy(orders.sellerId)
      .orderBy(desc(sql`sum(${orders.totalCents})`), orders.sellerId)
      .limit(limit),
    db
      .select({ count: sql<string>`count(distinct ${orders.sellerId})` })
      .from(orders)
      .where(where),
  ]);
  const people = await profileContacts(
    db,
    rows.map((row) => row.sellerId),
  );
  return {
    total: Number(all?.count ?? 0),
    items: rows.map((row) => ({
      sellerId: row.sellerId,
      name: people.get(row.sellerId)?.name ?? '',
      province: people.get(row.sellerId)?.province ?? null,
      sales: Number(row.sales),
      totalCents: Number(row.total),
      sellerCents: Number(row.seller),
    })),
  };
}

/** An order's history, newest first, and how it was created. */
export async function orderHistory(
  db: Database,
  orderId: string,
): Promise<{ status: string; changedBy: string; createdAt: Date }[]> {
  const rows = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(desc(orderStatusHistory.createdAt), desc(orderStatusHistory.id));
  return rows.map((row) => ({
    status: row.status,
    changedBy: row.changedBy,
    createdAt: row.createdAt,
  }));
}

/**
 * An order's timeline as the panels show it, newest first, with who changed
 * it. spec 02 §4: without a pending entry, the status the order was created
 * with is appended.
 */
export async function orderHistoryView(
  db: Database,
  storage: Storage,
  order: OrderRow,
): Promise<{
  items: {
    status: string;
    changed_by: string;
    changed_by_name: string | null;
    created_at: string;
  }[];
}> {
  const rows = await orderHistory(db, order.id);
  const names = await profileSummaries(
    db,
    rows.map((row) => row.changedBy).filter((id) => id !== 'system'),
    storage,
  );
  const items = rows.map((row) => ({
    status: row.status,
    changed_by: row.changedBy,
    changed_by_name: row.changedBy === 'system' ? null : (names.get(row.changedBy)?.name ?? null),
    created_at: row.createdAt.toISOString(),
  }));
  if (
    !items.some((item) => item.status === 'pending_payment' || item.status === 'pending_transfer')
  ) {
    items.push({
      status: order.provider === 'transferencia' ? 'pending_transfer' : 'pending_payment',
      changed_by: 'system',
      changed_by_name: null,
      created_at: order.createdAt.toISOString(),
    });
  }
  return { items };
}
