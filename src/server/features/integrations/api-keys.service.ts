import { createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARACTERS,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@shared/integrations/api-keys.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { apiKeys } from './api-keys.table';

/** Who creates or revokes a key: a company's signed-in person. */
export interface KeyOwner {
  companyId: string;
  userId: string;
  name: string;
}

/** A key that authenticated a request to /api/v1. */
export interface ApiKeyPrincipal {
  id: string;
  companyId: string;
  scopes: ApiKeyScope[];
}

/** 32 random bytes: 43 base64url characters after `vm_`. */
const KEY_BYTES = 32;
/** "Last used" is written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Keyed hashes of keys: HMAC-SHA256 with a key derived from APP_SECRET (and
 * from each APP_SECRET_PREVIOUS, so keys made before a rotation keep working).
 * Without the secret, a copy of the table cannot be turned back into keys nor
 * checked against guesses.
 */
export interface ApiKeyHasher {
  /** The hash stored for a new key (current secret). */
  hash(key: string): string;
  /** Every hash the key may be stored under (current and previous secrets). */
  candidates(key: string): string[];
}

export function createApiKeyHasher(secrets: { current: string; previous: string[] }): ApiKeyHasher {
  const keys = [secrets.current, ...secrets.previous].map((secret) =>
    createHmac('sha256', secret).update('vendemas:api-keys:v1').digest(),
  );
  const hashWith = (hmacKey: Buffer, key: string) =>
    createHmac('sha256', hmacKey).update(key).digest('base64url');
  return {
    hash: (key) => hashWith(keys[0]!, key),
    candidates: (key) => keys.map((hmacKey) => hashWith(hmacKey, key)),
  };
}

function toApiKeyDto(row: typeof apiKeys.$inferSelect): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A new key for the company: returned once, stored only as its keyed hash; audited. */
export async function createApiKey(
  db: Database,
  hasher: ApiKeyHasher,
  owner: KeyOwner,
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  const prefix = key.slice(0, API_KEY_PREFIX.length + API_KEY_SHOWN_CHARACTERS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: owner.companyId,
        name: input.name,
        scopes: input.scopes,
        prefix,
        keyHash: hasher.hash(key),
      })
      .returning();
    if (!row) throw new Error('insert returned no key');
    await recordAudit(tx, {
      actorId: owner.userId,
      actorName: owner.name,
      action: 'company.api_key_created',
      targetType: 'api_key',
      targetId: row.id,
      after: { key_name: row.name, key_prefix: row.prefix, scopes: row.scopes.join(', ') },
    });
    const { last_used_at: _lastUsed, ...created } = toApiKeyDto(row);
    return { ...created, key };
  });
}

/** The company's keys still in force, newest first. */
export async function listApiKeys(db: Database, companyId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyDto);
}

/** Revokes one of the company's keys; from this moment it authenticates nothing. Audited. */
export async function revokeApiKey(db: Database, owner: KeyOwner, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(apiKeys.id, id), eq(apiKeys.companyId, owner.companyId), isNull(apiKeys.revokedAt)),
      )
      .returning();
    if (!row) throw AppError.notFound(API_KEY_MESSAGES.notFound);
    await recordAudit(tx, {
      actorId: owner.userId,
      actorName: owner.name,
      action: 'company.api_key_revoked',
      targetType: 'api_key',
      targetId: row.id,
      before: { key_name: row.name, key_prefix: row.prefix, scopes: row.scopes.join(', ') },
    });
  });
}

const KEY_SHAPE = /^vm_[A-Za-z0-9_-]{32,200}$/;

/**
 * The key in force that `token` is, or null (unknown, malformed or revoked).
 * Read on every request, so a revocation counts from the next one.
 */
export async function authenticateApiKey(
  db: Database,
  hasher: ApiKeyHasher,
  token: string,
  now = new Date(),
): Promise<ApiKeyPrincipal | null> {
  if (!KEY_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      companyId: apiKeys.companyId,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(inArray(apiKeys.keyHash, hasher.candidates(token)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const due = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  // Written at most once a minute; the update's own condition settles a race between instances.
  if (row.lastUsedAt && row.lastUsedAt >= due) {
    return { id: row.id, companyId: row.companyId, scopes: row.scopes as ApiKeyScope[] };
  }
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, due))),
    );
  return { id: row.id, companyId: row.companyId, scopes: row.scopes as ApiKeyScope[] };
}
