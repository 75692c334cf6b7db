import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  RankingRow,
  SellerSettings,
  UpdateSellerSettingsBody,
} from '@shared/seller/seller.schema';
import type { Database, Transaction } from '../../db/client';
import { profiles } from './profiles.table';
import { findProfile, type ProfileRow } from './profiles.service';

/**
 * A seller's own profile: their settings (province and where they are paid)
 * and their place in the ranking.
 */

export function toSellerSettings(row: ProfileRow): SellerSettings {
  return {
    province: row.province,
    payment_method: row.paymentMethod,
    payment_details: row.paymentDetails,
  };
}

/**
 * The payout details a settings change leaves: those of the chosen method (an
 * e-mail for MercadoPago, CBU and alias for a bank), so no stale data of the
 * other method stays; unchanged when the change names neither.
 */
function payoutDetailsAfter(
  current: ProfileRow,
  input: UpdateSellerSettingsBody,
): ProfileRow['paymentDetails'] {
  if (!input.payment_method && !input.payment_details) return current.paymentDetails;
  const method = input.payment_method ?? current.paymentMethod;
  const given = { ...current.paymentDetails, ...(input.payment_details ?? {}) };
  if (method === 'mercadopago') return given.email ? { email: given.email } : {};
  if (method !== 'bank') return {};
  return Object.fromEntries(
    Object.entries({ cbu: given.cbu, alias: given.alias }).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

/**
 * Whether a settings change moves where the seller is paid (another method, CBU,
 * alias or e-mail): such a change asks for a fresh password first (step-up).
 */
export async function changesPayoutDestination(
  db: Database,
  sellerId: string,
  input: UpdateSellerSettingsBody,
): Promise<boolean> {
  if (!input.payment_method && !input.payment_details) return false;
  const current = await findProfile(db, sellerId);
  if (!current) return false;
  const method = input.payment_method ?? current.paymentMethod;
  return (
    method !== current.paymentMethod ||
    !sameDetails(payoutDetailsAfter(current, input), current.paymentDetails)
  );
}

function sameDetails(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * PATCH /api/seller/settings: province, payment method and its details. Details
 * are replaced by those of the chosen method (an e-mail for MercadoPago, CBU
 * and alias for a bank), so no stale data of the other method stays.
 * `afterSave` runs in the same transaction with the row before and after (the
 * risk center's duplicate-payout-details signal).
 */
export async function updateSellerSettings(
  db: Database,
  sellerId: string,
  input: UpdateSellerSettingsBody,
  afterSave?: (tx: Transaction, saved: { before: ProfileRow; after: ProfileRow }) => Promise<void>,
): Promise<ProfileRow> {
  const current = await findProfile(db, sellerId);
  if (!current || current.role !== 'seller') throw new Error(`no seller profile ${sellerId}`);
  const paymentDetails = payoutDetailsAfter(current, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({
        ...(input.province ? { province: input.province } : {}),
        ...(input.payment_method ? { paymentMethod: input.payment_method } : {}),
        paymentDetails,
      })
      .where(eq(profiles.id, sellerId))
      .returning();
    if (!row) throw new Error(`no seller profile ${sellerId}`);
    await afterSave?.(tx, { before: current, after: row });
    return row;
  });
}

/**
 * Sellers by points descending, ties by sales, then by who signed up first
 * (API.md ranking), nationally or in one province; the first `limit` rows and,
 * wherever it falls, the row of `meId`.
 */
export async function sellerRanking(
  db: Database,
  options: { province?: string | undefined; meId?: string | undefined; limit?: number },
): Promise<{ items: RankingRow[]; me: RankingRow | null }> {
  const limit = options.limit ?? 100;
  const ranked = db
    .select({
      id: profiles.id,
      name: profiles.name,
      province: profiles.province,
      points: profiles.points,
      sales: profiles.sales,
      rank: sql<string>`row_number() over (order by ${profiles.points} desc, ${profiles.sales} desc, ${profiles.createdAt}, ${profiles.id})`.as(
        'rank',
      ),
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.role, 'seller'),
        // A seller banned for fraud leaves the ranking.
        isNull(profiles.bannedAt),
        options.province ? eq(profiles.province, options.province) : undefined,
      ),
    )
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(
      options.meId
        ? sql`${ranked.rank} <= ${limit} or ${ranked.id} = ${options.meId}`
        : sql`${ranked.rank} <= ${limit}`,
    )
    .orderBy(ranked.rank);
  const toRow = (row: (typeof rows)[number]): RankingRow => ({
    rank: Number(row.rank),
    seller_id: row.id,
    name: row.name,
    province: row.province,
    points: row.points,
    sales: row.sales,
  });
  const all = rows.map(toRow);
  return {
    items: all.filter((row) => row.rank <= limit),
    me: all.find((row) => row.seller_id === options.meId) ?? null,
  };
}
