import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKeys } from './idempotency.table';

/** How long a first answer is kept and answered again (API.md "Idempotency"). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A request still running after this is taken to have died with its process. */
export const IDEMPOTENCY_LOCK_MS = 2 * 60_000;

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What claiming a key found. */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'reused' }
  | { kind: 'in_use' };

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * Claims `key` for this actor and request, atomically: one caller inserts the
 * row and runs the request; the others find it and are answered from it (its
 * stored answer, 422 for another request, 409 while it runs). A key past its
 * 24 h, or whose request died without an answer, is claimed again.
 */
export async function claimIdempotencyKey(
  db: Database,
  claim: { actor: string; key: string; hash: string },
  now = new Date(),
): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        actor: claim.actor,
        key: claim.key,
        requestHash: claim.hash,
        createdAt: now,
        lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LOCK_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed' };

    const [found] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.actor, claim.actor), eq(idempotencyKeys.key, claim.key)));
    if (!found) continue;
    if (found.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      // Past its day: forgotten, then claimed afresh on the next turn.
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.actor, claim.actor),
            eq(idempotencyKeys.key, claim.key),
            eq(idempotencyKeys.createdAt, found.createdAt),
          ),
        );
      continue;
    }
    if (found.requestHash !== claim.hash) return { kind: 'reused' };
    if (found.responseStatus !== null) {
      return {
        kind: 'replay',
        answer: {
          status: found.responseStatus,
          headers: found.responseHeaders ?? {},
          body: found.responseBody ?? '',
        },
      };
    }
    if (found.lockedUntil > now) return { kind: 'in_use' };
    // Its request died without answering: the first to take it over runs it again.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LOCK_MS) })
      .where(
        and(
          eq(idempotencyKeys.actor, claim.actor),
          eq(idempotencyKeys.key, claim.key),
          isNull(idempotencyKeys.responseStatus),
          eq(idempotencyKeys.lockedUntil, found.lockedUntil),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken ? { kind: 'claimed' } : { kind: 'in_use' };
  }
  return { kind: 'in_use' };
}

/** Keeps the request's first answer for the key's day. */
export async function storeIdempotentAnswer(
  db: Database,
  claim: { actor: string; key: string },
  answer: StoredAnswer,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: answer.status,
      responseHeaders: answer.headers,
      responseBody: answer.body,
    })
    .where(
      and(
        eq(idempotencyKeys.actor, claim.actor),
        eq(idempotencyKeys.key, claim.key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Gives the key back (the request failed on our side): the next try runs it again. */
export async function releaseIdempotencyKey(
  db: Database,
  claim: { actor: string; key: string },
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.actor, claim.actor),
        eq(idempotencyKeys.key, claim.key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Deletes the keys past their 24 h; answers how many. */
export async function sweepIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
