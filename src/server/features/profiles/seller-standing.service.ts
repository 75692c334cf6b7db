import { and, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { normalizeCbu } from '@shared/bank-data';
import type { SellerScope } from '../../lib/scope';
import type { Database, Transaction } from '../../db/client';
import { profiles } from './profiles.table';

/**
 * A seller's standing for the risk center (features/risk): who else uses the
 * payout details they saved, and the ban a confirmed fraud puts on them.
 */

/** A seller's payout details, in the one form two sellers' can be compared in. */
export interface PayoutKeys {
  cbu: string | null;
  alias: string | null;
  email: string | null;
}

export function payoutKeysOf(details: Record<string, string>): PayoutKeys {
  const cbu = details.cbu ? normalizeCbu(details.cbu) : '';
  const alias = details.alias?.trim().toLowerCase() ?? '';
  const email = details.email?.trim().toLowerCase() ?? '';
  return { cbu: cbu || null, alias: alias || null, email: email || null };
}

/** Other sellers whose saved payout details share a CBU, an alias or a MercadoPago e-mail with these. */
export async function sellersSharingPayoutKeys(
  tx: Transaction,
  scope: SellerScope,
  keys: PayoutKeys,
): Promise<{ id: string; name: string; matches: (keyof PayoutKeys)[] }[]> {
  const details = profiles.paymentDetails;
  const cbuOf = sql<string>`regexp_replace(coalesce(${details}->>'cbu', ''), '[^0-9]', '', 'g')`;
  const aliasOf = sql<string>`lower(trim(coalesce(${details}->>'alias', '')))`;
  const emailOf = sql<string>`lower(trim(coalesce(${details}->>'email', '')))`;
  const conditions: SQL[] = [];
  if (keys.cbu) conditions.push(sql`${cbuOf} = ${keys.cbu}`);
  if (keys.alias) conditions.push(sql`${aliasOf} = ${keys.alias}`);
  if (keys.email) conditions.push(sql`${emailOf} = ${keys.email}`);
  if (conditions.length === 0) return [];
  const rows = await tx
    .select({ id: profiles.id, name: profiles.name, cbu: cbuOf, alias: aliasOf, email: emailOf })
    .from(profiles)
    .where(and(eq(profiles.role, 'seller'), ne(profiles.id, scope.id), or(...conditions)));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    matches: (['cbu', 'alias', 'email'] as const).filter(
      (key) => keys[key] !== null && row[key] === keys[key],
    ),
  }));
}

/** Bans a seller (confirmed fraud), once: answers whether this call banned them. */
export async function banSeller(tx: Transaction, scope: SellerScope, at: Date): Promise<boolean> {
  const banned = await tx
    .update(profiles)
    .set({ bannedAt: at })
    .where(and(eq(profiles.id, scope.id), eq(profiles.role, 'seller'), isNull(profiles.bannedAt)))
    .returning({ id: profiles.id });
  return banned.length > 0;
}

/** Which of these accounts are banned. */
export async function bannedAmong(db: Database | Transaction, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(inArray(profiles.id, unique), isNotNull(profiles.bannedAt)));
  return new Set(rows.map((row) => row.id));
}
