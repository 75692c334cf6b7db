import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Order, OrderChannel, OrderList, OrderListQuery } from '@shared/orders/orders.schema';
import { orderStatusLabel } from '@shared/order-status';
import { ORDER_CHANNEL_LABELS } from '@shared/orders/orders.schema';
import { argentineDayEnd, argentineDayStart } from '@shared/time';
import type { Database, Transaction } from '../../db/client';
import { csvDate, csvDocument, csvLine, csvPesos } from '../../lib/csv';
import { scopeCondition, type Scope } from '../../lib/scope';
import type { Storage } from '../../lib/storage';
import { likePattern } from '../products/products.service';
import { partyNames, profileSummaries } from '../profiles/profiles.service';
import { ORDER_DTO_COLUMNS, toOrderDto, type OrderRow } from './orders.service';
import { orders, orderTotals, ORDER_OWNERS } from './orders.table';

/**
 * The list's filters. The admin may also narrow by company and seller: within
 * a scope these only ever narrow it further, never widen it.
 */
type Filters = Omit<OrderListQuery, 'page' | 'page_size'> & {
  company_id?: string | undefined;
  seller_id?: string | undefined;
  channel?: OrderChannel | undefined;
};

function whereOf(scope: Scope, filters: Filters): SQL | undefined {
  const q = filters.q?.trim();
  return and(
    scopeCondition(scope, ORDER_OWNERS),
    filters.company_id ? eq(orders.companyId, filters.company_id) : undefined,
    filters.seller_id ? eq(orders.sellerId, filters.seller_id) : undefined,
    filters.channel ? eq(orders.channel, filters.channel) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    // Days are Argentine days: `to` includes the whole day.
    filters.from ? gte(orders.createdAt, argentineDayStart(filters.from)) : undefined,
    filters.to ? lt(orders.createdAt, argentineDayEnd(filters.to)) : undefined,
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

/** One order, when it is in the scope (another tenant's order is not found). */
export async function findScopedOrder(
  db: Database,
  scope: Scope,
  id: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), scopeCondition(scope, ORDER_OWNERS)));
  return row ?? null;
}

export async function toOrderDtos(
  db: Database | Transaction,
  storage: Storage,
  rows: OrderRow[],
): Promise<Order[]> {
  const names = await profileSummaries(
    db,
    rows.flatMap((row) => [
      ...(row.companyId ? [row.companyId] : []),
      ...(row.sellerId ? [row.sellerId] : []),
    ]),
    storage,
  );
  return rows.map((row) => {
    const company = row.companyId ? names.get(row.companyId) : undefined;
    return toOrderDto(row, {
      companyName: company?.company ?? company?.name ?? '',
      sellerName: row.sellerId ? (names.get(row.sellerId)?.name ?? null) : null,
    });
  });
}

/**
 * How many orders match, as an expression, when the kept totals answer it:
 * a company's or everyone's orders, by status or not, are counted in the
 * totals kept with every change (orders-totals.ts). Null when other filters
 * apply (they count the matching rows).
 */
function countFromTotals(db: Database, scope: Scope, filters: Filters): SQL<string> | null {
  if (
    scope.kind === 'seller' ||
    scope.kind === 'store' ||
    filters.seller_id ||
    filters.q?.trim() ||
    filters.from ||
    filters.to
  ) {
    return null;
  }
  // The totals count payment-link orders (a company's); the admin's storefront
  // orders, few beside them, are counted row by row, in the same expression.
  const storefront = scope.kind === 'platform' && !filters.company_id && filters.channel !== 'link';
  const linked =
    filters.channel === 'store'
      ? sql`0`
      : sql`(${db
          .select({ value: sql`coalesce(sum(${orderTotals.orders}), 0)` })
          .from(orderTotals)
          .where(
            and(
              scopeCondition(scope, { company: orderTotals.companyId }),
              filters.company_id ? eq(orderTotals.companyId, filters.company_id) : undefined,
              filters.status ? eq(orderTotals.status, filters.status) : undefined,
            ),
          )})`;
  const fromStore = storefront
    ? sql`(${db
        .select({ value: sql`count(*)` })
        .from(orders)
        .where(
          and(
            eq(orders.channel, 'store'),
            filters.status ? eq(orders.status, filters.status) : undefined,
          ),
        )})`
    : sql`0`;
  return sql<string>`(${linked} + ${fromStore})::text`;
}

/** How many orders match (from the kept totals when they answer it). */
async function countOrders(db: Database, scope: Scope, filters: Filters): Promise<number> {
  const fromTotals = countFromTotals(db, scope, filters);
  if (fromTotals) {
    const result = (await db.execute(sql`select ${fromTotals} as value`)) as unknown as {
      rows: { value: string }[];
    };
    return Number(result.rows[0]?.value ?? 0);
  }
  const [row] = await db.select({ value: count() }).from(orders).where(whereOf(scope, filters));
  return row?.value ?? 0;
}

/**
 * Orders newest first with their company's and seller's names, in one query
 * (the panels' lists and recent orders), reading only the columns the answer
 * shows (not the buyer's token hash, client key, price and expiry).
 */
export async function selectOrderDtos(
  db: Database,
  scope: Scope,
  filters: Filters,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<Order[]> {
  const { items } = await selectPage(db, scope, filters, { limit, offset }, null);
  return items;
}

/** A page of orders, with `total` read in the same statement when it is given. */
async function selectPage(
  db: Database,
  scope: Scope,
  filters: Filters,
  { limit, offset }: { limit: number; offset: number },
  total: SQL<string> | null,
): Promise<{ items: Order[]; total: number | null }> {
  const rows = await db
    .select({
      order: ORDER_DTO_COLUMNS,
      companyName: partyNames.companyName(orders.companyId),
      sellerName: partyNames.sellerName(orders.sellerId),
      total: total ?? sql<null>`null`,
    })
    .from(orders)
    .where(whereOf(scope, filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map((row) =>
      toOrderDto(row.order, { companyName: row.companyName, sellerName: row.sellerName }),
    ),
    total: rows[0]?.total == null ? null : Number(rows[0].total),
  };
}

/** A page of orders in a scope (a company's, a seller's, or all for the admin), newest first. */
export async function listOrders(
  db: Database,
  storage: Storage,
  scope: Scope,
  query: Filters & { page: number; page_size: number },
): Promise<OrderList> {
  const page = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  // The totals' count travels in the page's statement; a page past the end (no rows) or
  // other filters count apart.
  const fromTotals = countFromTotals(db, scope, query);
  const [read, counted] = await Promise.all([
    selectPage(db, scope, query, page, fromTotals),
    fromTotals ? null : countOrders(db, scope, query),
  ]);
  const items = read.items;
  const total = counted ?? read.total ?? (await countOrders(db, scope, query));
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
  scope: Scope,
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
    'Canal',
    'Moneda',
    'Comisión cobrada en origen',
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
          order.provider ?? '',
          orderStatusLabel(order.status),
          csvPesos(order.total_cents),
          csvPesos(order.company_cents),
          csvPesos(order.seller_cents),
          csvPesos(order.platform_cents),
          ORDER_CHANNEL_LABELS[order.channel],
          order.currency.toUpperCase(),
          order.collected_at_source ? 'Sí' : 'No',
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
