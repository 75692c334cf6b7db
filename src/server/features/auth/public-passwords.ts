import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { accounts, sessions, users } from './auth.table';

/**
 * Passwords anyone can read in this repository: the demo accounts' (made by
 * the development seed and printed by `npm start`) and the ones the benches
 * gave the accounts they made in their data folders. In production no account
 * may sign in with one of them.
 */
export const PUBLIC_PASSWORDS: readonly string[] = [
  'demo-empresa-2026',
  'demo-vendedor-2026',
  'demo-admin-2026',
  'bench-vendedor-2026',
  'bench-volumen-2026',
];

export function isPublicPassword(password: unknown): boolean {
  return typeof password === 'string' && PUBLIC_PASSWORDS.includes(password);
}

/**
 * Where the repository's own tools make accounts: the demo seed, the benches,
 * and `seed:volume` (example.com, reserved for examples, is never a person's).
 */
const REPOSITORY_EMAILS = ['%@demo.vendemas.com.ar', '%@bench.vendemas.com.ar', '%@example.com'];

export interface PublicPasswordAccount {
  userId: string;
  email: string;
  /** The stored hash that matched (Better Auth's `salt:key`). */
  hash: string;
}

type Verify = (input: { hash: string; password: string }) => Promise<boolean>;

export interface PublicPasswordCheck {
  /** Better Auth's verify function (scrypt); tests count its calls. */
  verify?: Verify;
  /** The data folder, where the hashes already found clean are remembered. */
  dataDir?: string;
}

/**
 * The hashes found clean by an earlier start, as digests (never the hashes),
 * for this list of public passwords: each stored password is checked once per
 * data folder, and again only if it changes or the list does.
 */
class CheckedHashes {
  private readonly file: string | undefined;
  private readonly list = digest(PUBLIC_PASSWORDS.join('\n'));
  private readonly clean = new Set<string>();

  constructor(dataDir: string | undefined) {
    this.file = dataDir && path.join(dataDir, 'public-passwords-checked.json');
    if (!this.file || !existsSync(this.file)) return;
    try {
      const stored = JSON.parse(readFileSync(this.file, 'utf8')) as {
        list?: string;
        clean?: string[];
      };
      if (stored.list === this.list) for (const item of stored.clean ?? []) this.clean.add(item);
    } catch {
      // An unreadable record only means checking again.
    }
  }

  has(hash: string): boolean {
    return this.clean.has(digest(hash));
  }

  remember(hashes: string[]): void {
    if (!this.file || !hashes.length) return;
    for (const hash of hashes) this.clean.add(digest(hash));
    writeFileSync(this.file, JSON.stringify({ list: this.list, clean: [...this.clean] }), {
      mode: 0o600,
    });
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}

/**
 * The accounts whose stored password is a public one, checked with Better
 * Auth's own verify function (scrypt). Scrypt is slow on purpose (tens of ms),
 * so only the accounts that can carry one are checked: those of the e-mails
 * the repository's tools use, and those sharing their hash with another
 * account (`seed:volume` hashes one password for thousands of accounts; a
 * password someone chose has a salt of its own). Each distinct hash is checked
 * once, and, given the data folder, never again once found clean. Any other
 * account with a public password still cannot sign in in production: the
 * sign-in route refuses the password itself.
 */
export async function findPublicPasswordAccounts(
  db: Database,
  { verify = verifyPassword, dataDir }: PublicPasswordCheck = {},
): Promise<PublicPasswordAccount[]> {
  const shared = db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
    .groupBy(accounts.password)
    .having(sql`count(*) > 1`);
  const rows = await db
    .select({ userId: accounts.userId, email: users.email, hash: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(
      and(
        eq(accounts.providerId, 'credential'),
        isNotNull(accounts.password),
        or(
          ...REPOSITORY_EMAILS.map((pattern) => like(users.email, pattern)),
          inArray(accounts.password, shared),
        ),
      ),
    );

  const checked = new CheckedHashes(dataDir);
  const hashes = [
    ...new Set(rows.map((row) => row.hash).filter((hash) => hash !== null && !checked.has(hash))),
  ] as string[];
  const publicHashes = new Set<string>();
  await Promise.all(
    hashes.map(async (hash) => {
      for (const password of PUBLIC_PASSWORDS) {
        if (await verify({ hash, password }).catch(() => false)) {
          publicHashes.add(hash);
          return;
        }
      }
    }),
  );
  checked.remember(hashes.filter((hash) => !publicHashes.has(hash)));
  return rows.flatMap((row) =>
    row.hash !== null && publicHashes.has(row.hash)
      ? [{ userId: row.userId, email: row.email, hash: row.hash }]
      : [],
  );
}

/**
 * Production start: the accounts holding a public password lose it (their
 * password row is removed, as if they never had one) and their sessions, in
 * one transaction; a password changed meanwhile is kept. Their owners get back
 * in with '¿Olvidaste tu contraseña?', whose link sets a new password. Logged
 * as a warning; answers the accounts disabled.
 */
export async function disablePublicPasswordAccounts(
  db: Database,
  log: FastifyBaseLogger,
  check: PublicPasswordCheck = {},
): Promise<PublicPasswordAccount[]> {
  const found = await findPublicPasswordAccounts(db, check);
  if (!found.length) return [];
  const disabled = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(accounts)
      .where(
        and(
          eq(accounts.providerId, 'credential'),
          inArray(
            accounts.userId,
            found.map((account) => account.userId),
          ),
          inArray(accounts.password, [...new Set(found.map((account) => account.hash))]),
        ),
      )
      .returning({ userId: accounts.userId });
    const ids = removed.map((row) => row.userId);
    if (ids.length) await tx.delete(sessions).where(inArray(sessions.userId, ids));
    return new Set(ids);
  });
  const accountsDisabled = found.filter((account) => disabled.has(account.userId));
  if (accountsDisabled.length) {
    log.warn(
      {
        count: accountsDisabled.length,
        emails: accountsDisabled.slice(0, 20).map((account) => account.email),
      },
      'cuentas con una contraseña pública (de demostración) desactivadas: sin contraseña ni sesiones; su dueño puede elegir una nueva con «¿Olvidaste tu contraseña?»',
    );
  }
  return accountsDisabled;
}
