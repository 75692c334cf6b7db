import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';
import type { AccountSession } from '@shared/account-security/account-security.schema';
import type { Database } from '../../db/client';
import { sessions } from './auth.table';

/**
 * The sessions table as account security reads and changes it: the list a
 * person sees (never a token), closing sessions, the step-up mark, "last used".
 */

/** How stale a session's "last used" may get before a request writes it again. */
export const LAST_USED_RESOLUTION_MS = 5 * 60_000;

/** The account's open sessions, the most recently used first, without their tokens. */
export async function listOpenSessions(
  db: Database,
  owner: { userId: string; sessionId: string },
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, owner.userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    user_agent: row.userAgent || null,
    current: row.id === owner.sessionId,
  }));
}

/** Signs one of the account's sessions out; false when it is not the account's (or gone). */
export async function closeSession(
  db: Database,
  owner: { userId: string },
  sessionId: string,
): Promise<boolean> {
  const closed = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, owner.userId)))
    .returning({ id: sessions.id });
  return closed.length > 0;
}

/** Signs out every session of the account but this one. */
export async function closeOtherSessions(
  db: Database,
  owner: { userId: string; sessionId: string },
): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, owner.userId), ne(sessions.id, owner.sessionId)));
}

/**
 * Records that a session was used now, at most once per resolution (Better
 * Auth writes `updated_at` only when it extends a session, once a day).
 */
export async function touchSession(db: Database, sessionId: string, lastUsed: Date): Promise<void> {
  const now = Date.now();
  if (now - lastUsed.getTime() < LAST_USED_RESOLUTION_MS) return;
  await db
    .update(sessions)
    .set({ updatedAt: new Date(now) })
    .where(
      and(
        eq(sessions.id, sessionId),
        lt(sessions.updatedAt, new Date(now - LAST_USED_RESOLUTION_MS)),
      ),
    );
}

/** The session's owner typed their password or a code again: the step-up window starts now. */
export async function markSessionVerified(
  db: Database,
  owner: { userId: string; sessionId: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ verifiedAt: new Date() })
    .where(and(eq(sessions.id, owner.sessionId), eq(sessions.userId, owner.userId)));
}
