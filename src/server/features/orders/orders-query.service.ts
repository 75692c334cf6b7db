import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Order, OrderList, OrderListQuery } from '@shared/orders/orders.schema';
import { orderStatusLabel } from '@shared/order-status';
import type { Database } from '../../db/client';
import { csvDate, csvDocument, csvLine, csvPesos } from '../../lib/csv';
import type { Storage } from '../../lib/storage';
import { likePattern } from '../products/products.service';
import { partyNames, profileSummaries } from '../profiles/profiles.service';
import { toOrderDto, type OrderRow } from './orders.service';
import { orders, orderTotals } from './orders.table';

export interface OrderScope {
  companyId?: string;
  sellerId?: string;
}

type Filters = Omit<OrderListQuery, 'page' | 'page_size'>;

/** Days are Argentine days (UTC−3): `to` includes the whole day. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

function whereOf(scope: OrderScope, filters: Filters): SQL | undefined {
  const q = filters.q?.trim();
  return and(
    scope.companyId ? eq(orders.companyId, scope.companyId) : undefined,
    scope.sellerId ? eq(orders.sellerId, scope.sellerId) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? gte(orders.createdAt, dayStart(filters.from)) : undefined,
    filters.to
      ? lt(orders.createdAt, new Date(dayStart(filters.to).getTime() + 86_400_000))
      : undefined,
    q
      ? or(
          ilike(orders.externalReference, likePattern(q)),
          ilike(orders.productTitle, likePattern(q)),
          ilike(orders.buyerName, likePattern(q)),
          ilike(orders.buyerEmail, likePattern(q)),
        )
      : undefined,
  );
}

export async function toOrderDtos(
  db: Database,
  storage: Storage,
  rows: OrderRow[],
): Promise<Order[]> {
  const names = await profileSummaries(
    db,
    rows.flatMap((row) => [row.companyId, ...(row.sellerId ? [row.sellerId] : [])]),
    storage,
  );
  return rows.map((row) => {
    const company = names.get(row.companyId);
    return toOrderDto(row, {
      companyName: company?.company ?? company?.name ?? '',
      sellerName: row.sellerId ? (names.get(row.sellerId)?.name ?? null) : null,
    });
  });
}

/**
 * How many orders match. A company's or everyone's orders, by status or not,
 * are counted in the totals kept with every change (orders-totals.ts); other
 * filters count the matching rows.
 */
async function countOrders(
  db: Database,
  scope: OrderScope,
  filters: Filters,
  where: SQL | undefined,
): Promise<number> {
  if (scope.sellerId === undefined && !filters.q?.trim() && !filters.from && !filters.to) {
    const [row] = await db
      .select({ value: sql<string>`coalesce(sum(${orderTotals.orders}), 0)` })
      .from(orderTotals)
      .where(
        and(
          scope.companyId ? eq(orderTotals.companyId, scope.companyId) : undefined,
          filters.status ? eq(orderTotals.status, filters.status) : undefined,
        ),
      );
    return Number(row?.value ?? 0);
  }
  const [row] = await db.select({ value: count() }).from(orders).where(where);
  return row?.value ?? 0;
}

/**
 * Orders newest first with their company's and seller's names, in one query
 * (the panels' lists and recent orders).
 */
export async function selectOrderDtos(
  db: Database,
  where: SQL | undefined,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<Order[]> {
  const rows = await db
    .select({
      order: orders,
      companyName: partyNames.companyName,
      sellerName: partyNames.sellerName,
    })
    .from(orders)
    .leftJoin(...partyNames.company(orders.companyId))
    .leftJoin(...partyNames.seller(orders.sellerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) =>
    toOrderDto(row.order, { companyName: row.companyName, sellerName: row.sellerName }),
  );
}

/** A page of orders in a scope (a company's, a seller's, or all for the admin), newest first. */
export async function listOrders(
  db: Database,
  storage: Storage,
  scope: OrderScope,
  query: Filters & { page: number; page_size: number },
): Promise<OrderList> {
  const where = whereOf(scope, query);
  const [items, total] = await Promise.all([
    selectOrderDtos(db, where, {
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
    countOrders(db, scope, query, where),
  ]);
  return {
    items,
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** Every order in the scope that matches the filters, as CSV (`;`-separated, es-AR decimals). */
export async function exportOrdersCsv(
  db: Database,
  storage: Storage,
  scope: OrderScope,
  filters: Filters,
): Promise<string> {
  const header = [
    'Fecha',
    'Referencia',
    'Producto',
    'Cantidad',
    'Vendedor',
    'Comprador',
    'E-mail',
    'Teléfono',
    'Método',
    'Estado',
    'Total',
    'Empresa',
    'Vendedor (comisión)',
    'Plataforma',
  ];
  const lines = [csvLine(header)];
  const where = whereOf(scope, filters);
  const batch = 1000;
  for (let offset = 0; ; offset += batch) {
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batch)
      .offset(offset);
    for (const order of await toOrderDtos(db, storage, rows)) {
      lines.push(
        csvLine([
          csvDate(new Date(order.created_at)),
          order.external_reference,
          order.product_title,
          order.quantity,
          order.seller_name,
          order.buyer.name,
          order.buyer.email,
          order.buyer.phone,
          order.provider,
          orderStatusLabel(order.status),
          csvPesos(order.total_cents),
          csvPesos(order.company_cents),
          csvPesos(order.seller_cents),
          csvPesos(order.platform_cents),
        ]),
      );
    }
    if (rows.length < batch) break;
  }
  return csvDocument(lines);
}

/** Reference and product of orders, for documents that list them (statements). */
export async function orderSummaries(
  db: Database,
  ids: string[],
): Promise<Map<string, { reference: string; productTitle: string; createdAt: Date }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      reference: orders.externalReference,
      productTitle: orders.productTitle,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(inArray(orders.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
