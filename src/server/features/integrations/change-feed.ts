import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { PUBLIC_API_MESSAGES } from '@shared/integrations/public-api.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { orders } from '../orders/orders.table';
import { products } from '../products/products.table';
import { apiChanges } from './api-changes.table';

/**
 * Cursor paging over a company's changes (docs/integrations.md "Paging").
 *
 * Every insert and update of an order or product rewrites its `api_changes`
 * row with the id of the transaction that made it (a trigger, migration
 * 0028). Lists go in that order, then by id, and show only rows whose
 * transaction id is below the oldest transaction still running
 * (`pg_snapshot_xmin`): every transaction with a smaller id has finished, and
 * every one still to commit has a larger id. So a change that commits after a
 * client read a page always sorts after that page's cursor, even when it was
 * written earlier or in the same millisecond as what the client saw.
 */
export interface Position {
  change: bigint;
  id: string;
}

const CURSOR = /^(\d{1,20})\.([0-9a-f-]{36})$/;

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.change}.${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) {
    throw AppError.validation(PUBLIC_API_MESSAGES.cursorInvalid, {
      cursor: PUBLIC_API_MESSAGES.cursorInvalid,
    });
  }
  return { change: BigInt(match[1]), id: match[2] };
}

export interface FeedQuery {
  companyId: string;
  cursor?: string | undefined;
  limit: number;
  updatedSince?: Date | undefined;
}

/** Conditions every page shares: the company, settled changes only, after the cursor. */
function feedConditions(entity: 'order' | 'product', query: FeedQuery): SQL | undefined {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  return and(
    eq(apiChanges.entity, entity),
    eq(apiChanges.companyId, query.companyId),
    sql`${apiChanges.changeXid} < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`,
    after
      ? sql`(${apiChanges.changeXid}, ${apiChanges.entityId}) > (${after.change.toString()}::bigint, ${after.id})`
      : undefined,
  );
}

export interface FeedPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  hasMore: boolean;
}

function pageOf<Row>(
  found: { row: Row; change: bigint; id: string }[],
  query: FeedQuery,
): FeedPage<Row> {
  const hasMore = found.length > query.limit;
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page.map((item) => item.row),
    // With nothing new, the client keeps the cursor it has and asks again later.
    nextCursor: last ? encodeCursor({ change: last.change, id: last.id }) : (query.cursor ?? null),
    hasMore,
  };
}

/** A page of the company's orders in change order. */
export async function orderChanges(
  db: Database,
  query: FeedQuery & { status?: string | undefined; channel?: string | undefined },
): Promise<FeedPage<typeof orders.$inferSelect>> {
  const found = await db
    .select({ row: orders, change: apiChanges.changeXid, id: apiChanges.entityId })
    .from(apiChanges)
    .innerJoin(orders, eq(orders.id, apiChanges.entityId))
    .where(
      and(
        feedConditions('order', query),
        eq(orders.companyId, query.companyId),
        query.status ? sql`${orders.status} = ${query.status}` : undefined,
        query.channel ? sql`${orders.channel} = ${query.channel}` : undefined,
        query.updatedSince ? gte(orders.updatedAt, query.updatedSince) : undefined,
      ),
    )
    .orderBy(apiChanges.changeXid, apiChanges.entityId)
    .limit(query.limit + 1);
  return pageOf(found, query);
}

/** A page of the company's products (not deleted) in change order. */
export async function productChanges(
  db: Database,
  query: FeedQuery,
): Promise<FeedPage<typeof products.$inferSelect>> {
  const found = await db
    .select({ row: products, change: apiChanges.changeXid, id: apiChanges.entityId })
    .from(apiChanges)
    .innerJoin(products, eq(products.id, apiChanges.entityId))
    .where(
      and(
        feedConditions('product', query),
        eq(products.companyId, query.companyId),
        isNull(products.deletedAt),
        query.updatedSince ? gte(products.updatedAt, query.updatedSince) : undefined,
      ),
    )
    .orderBy(apiChanges.changeXid, apiChanges.entityId)
    .limit(query.limit + 1);
  return pageOf(found, query);
}
