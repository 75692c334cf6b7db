import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type {
  RankingRow,
  SellerSettings,
  UpdateSellerSettingsBody,
} from '@shared/seller/seller.schema';
import type { SellerScope } from '../../lib/scope';
import type { Database, Transaction } from '../../db/client';
import { profiles } from './profiles.table';
import { findProfile, lockProfile, type ProfileRow } from './profiles.service';

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

/** Whether a seller's saved details name somewhere to pay them (a CBU, a MercadoPago e-mail). */
function hasDestination(row: Pick<ProfileRow, 'paymentMethod' | 'paymentDetails'>): boolean {
  if (row.paymentMethod === 'bank') return Boolean(row.paymentDetails.cbu);
  if (row.paymentMethod === 'mercadopago') return Boolean(row.paymentDetails.email);
  return false;
}

const canonical = (details: Record<string, string>) =>
  JSON.stringify(Object.entries(details).sort(([a], [b]) => a.localeCompare(b)));

/** Whether the payment method or its details differ (a save of the same ones changes nothing). */
export function payoutDetailsDiffer(
  before: Pick<ProfileRow, 'paymentMethod' | 'paymentDetails'>,
  after: Pick<ProfileRow, 'paymentMethod' | 'paymentDetails'>,
): boolean {
  return (
    before.paymentMethod !== after.paymentMethod ||
    canonical(before.paymentDetails) !== canonical(after.paymentDetails)
  );
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
  scope: SellerScope,
  input: UpdateSellerSettingsBody,
): Promise<boolean> {
  if (!input.payment_method && !input.payment_details) return false;
  const current = await findProfile(db, scope.id);
  if (!current) return false;
  return payoutDetailsDiffer(current, {
    paymentMethod: input.payment_method ?? current.paymentMethod,
    paymentDetails: payoutDetailsAfter(current, input),
  });
}

/**
 * PATCH /api/seller/settings: province, payment method and its details. Details
 * are replaced by those of the chosen method (an e-mail for MercadoPago, CBU
 * and alias for a bank), so no stale data of the other method stays.
 *
 * The profile is read locked (`FOR UPDATE`), so two saves at once take turns
 * and the second sees the first's details as the ones it replaces. Replacing
 * details the seller had (not saving the first ones, not saving the same ones)
 * stamps `payoutDetailsChangedAt`: their payouts wait from then.
 * `afterSave` runs in the same transaction with the row before and after (the
 * risk center's duplicate-payout-details signal, the change's e-mail and audit).
 */
export async function updateSellerSettings(
  db: Database,
  scope: SellerScope,
  input: UpdateSellerSettingsBody,
  afterSave?: (tx: Transaction, saved: { before: ProfileRow; after: ProfileRow }) => Promise<void>,
  now = new Date(),
): Promise<ProfileRow> {
  return db.transaction(async (tx) => {
    const current = await lockProfile(tx, scope.id);
    if (!current || current.role !== 'seller') throw new Error(`no seller profile ${scope.id}`);
    const method = input.payment_method ?? current.paymentMethod;
    const paymentDetails = payoutDetailsAfter(current, input);
    const replaced =
      hasDestination(current) &&
      payoutDetailsDiffer(current, { paymentMethod: method, paymentDetails });
    const [row] = await tx
      .update(profiles)
      .set({
        ...(input.province ? { province: input.province } : {}),
        ...(input.payment_method ? { paymentMethod: input.payment_method } : {}),
        paymentDetails,
        ...(replaced ? { payoutDetailsChangedAt: now } : {}),
      })
      .where(eq(profiles.id, scope.id))
      .returning();
    if (!row) throw new Error(`no seller profile ${scope.id}`);
    await afterSave?.(tx, { before: current, after: row });
    return row;
  });
}

/**
 * Sellers by points descending, ties by sales, then by who signed up first
 * (API.md ranking), nationally or in one province; the first `limit` rows and,
 * wherever it falls, the row of `meId`. Only sellers with points are ranked:
 * one without any has no position yet (`me` is null), rather than a place
 * decided by the sign-up date.
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
        gt(profiles.points, 0),
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
