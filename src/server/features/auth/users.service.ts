import { and, eq, gt, inArray, like } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { Auth } from './auth';
import { sessions, twoFactors, users, verifications } from './auth.table';

export interface UserContact {
  id: string;
  name: string;
  email: string;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserContact | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * Whose password a reset token would change (Better Auth's `reset-password:<token>`
 * verification, not expired), or null: the password policy judges the new
 * password against that user's e-mail and name.
 */
export async function findResetTokenOwner(
  db: Database,
  token: string,
  now: Date,
): Promise<UserContact | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(
        eq(verifications.identifier, `reset-password:${token}`),
        gt(verifications.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Which of these e-mails already have a user. */
export async function registeredEmails(db: Database, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  return new Set(rows.map((row) => row.email));
}

/** Confirms an e-mail without the link (demo accounts, administrators created by command). */
export async function markEmailVerified(db: Database, email: string): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
}

/** Deletes a user; sessions, accounts and the profile go with it by cascade. */
export async function deleteUser(db: Database, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Runs Better Auth's own password hasher (scrypt, the slow part of creating an
 * account) and drops the result, so that refusing a sign-up quietly takes as
 * long as accepting one.
 */
export async function hashPasswordAndDiscard(auth: Auth, password: string): Promise<void> {
  const context = await auth.$context;
  await context.password.hash(password);
}

/** The users whose sessions these tokens are (sessions that have run out are left out). */
export async function usersOfSessions(
  db: Database,
  tokens: string[],
  now: Date,
): Promise<Map<string, string>> {
  if (tokens.length === 0) return new Map();
  const rows = await db
    .select({ token: sessions.token, userId: sessions.userId })
    .from(sessions)
    .where(and(inArray(sessions.token, tokens), gt(sessions.expiresAt, now)));
  return new Map(rows.map((row) => [row.token, row.userId]));
}

/**
 * Takes a user's second factor away (an operator, after checking who lost their
 * phone and backup codes): the secret, the backup codes and the trusted
 * devices go, and every session ends, so the next sign-in asks only the password.
 */
export async function resetTwoFactor(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  await tx
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, 'trust-device-%')));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Signs a user out everywhere (a banned seller), in the caller's transaction. */
export async function endSessionsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}
