import { and, eq, gte, sql } from 'drizzle-orm';
import { PUBLIC_API_MESSAGES } from '@shared/integrations/public-api.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
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
  status?: string | undefined;
  channel?: string | undefined;
}

export interface FeedPage {
  /** The changed rows' ids, oldest change first. */
  ids: string[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** A page of the company's changes of one kind, after the cursor, settled changes only. */
export async function changesPage(
  db: Database,
  entity: 'order' | 'product',
  query: FeedQuery,
): Promise<FeedPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const found = await db
    .select({ change: apiChanges.changeXid, id: apiChanges.entityId })
    .from(apiChanges)
    .where(
      and(
        eq(apiChanges.companyId, query.companyId),
        eq(apiChanges.entity, entity),
        // Only changes of transactions older than every one still running (see above).
        sql`${apiChanges.changeXid} < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`,
        after
          ? sql`(${apiChanges.changeXid}, ${apiChanges.entityId}) > (${after.change.toString()}::bigint, ${after.id})`
          : undefined,
        eq(apiChanges.listed, true),
        query.status ? eq(apiChanges.status, query.status) : undefined,
        query.channel ? eq(apiChanges.channel, query.channel) : undefined,
        query.updatedSince ? gte(apiChanges.updatedAt, query.updatedSince) : undefined,
      ),
    )
    .orderBy(apiChanges.changeXid, apiChanges.entityId)
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    ids: page.map((row) => row.id),
    // With nothing new, the client keeps the cursor it has and asks again later.
    nextCursor: last ? encodeCursor({ change: last.change, id: last.id }) : (query.cursor ?? null),
    hasMore: found.length > query.limit,
  };
}
