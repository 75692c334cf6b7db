import { eq, inArray, sql } from 'drizzle-orm';
import type { Profile, Role } from '@shared/accounts/accounts.schema';
import type {
  CompanySettings,
  UpdateCompanySettingsBody,
} from '@shared/company/company-settings.schema';
import type { Province } from '@shared/provinces';
import type { Database, Transaction } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { profiles } from './profiles.table';

export type ProfileRow = typeof profiles.$inferSelect;

export interface NewProfile {
  id: string;
  name: string;
  email: string;
  role: Role;
  company?: string | undefined;
  province?: Province | undefined;
  shippingProvinces?: Province[] | undefined;
  identityDocumentKey?: string | undefined;
}

/** Creates the profile of a user that was just created (spec 01 §3). */
export async function createProfile(db: Database | Transaction, input: NewProfile): Promise<void> {
  await db.insert(profiles).values({
    id: input.id,
    name: input.name,
    email: input.email,
    role: input.role,
    company: input.role === 'company' ? (input.company ?? null) : null,
    province: input.role === 'seller' ? (input.province ?? null) : null,
    shippingProvinces: input.role === 'company' ? (input.shippingProvinces ?? []) : [],
    identityDocumentKey: input.role === 'seller' ? (input.identityDocumentKey ?? null) : null,
  });
}

export async function findProfile(db: Database, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

/** The profile as the web reads it; only companies have a logo (null until logos are uploaded). */
export function toProfileDto(row: ProfileRow, storage: Storage): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    role: row.role,
    points: row.points,
    sales: row.sales,
    province: row.province,
    payment_method: row.paymentMethod,
    payment_details: row.paymentDetails,
    shipping_provinces: row.shippingProvinces,
    logo_url: row.role === 'company' && row.logoKey ? storage.publicUrl(row.logoKey) : null,
    has_identity_document: Boolean(row.identityDocumentKey),
    created_at: row.createdAt.toISOString(),
  };
}

/** spec 02 §3: a company's MercadoPago collector id lives in its payment details. */
export function collectorIdOf(row: Pick<ProfileRow, 'paymentDetails'>): string | null {
  const value = row.paymentDetails.provider_collector_id;
  return typeof value === 'string' && value ? value : null;
}

export async function findCompanyProfile(db: Database, companyId: string): Promise<ProfileRow> {
  const row = await findProfile(db, companyId);
  if (!row || row.role !== 'company') throw new Error(`no company profile ${companyId}`);
  return row;
}

export function toCompanySettings(row: ProfileRow, storage: Storage): CompanySettings {
  return {
    company: row.company,
    shipping_provinces: row.shippingProvinces,
    provider_collector_id: collectorIdOf(row),
    logo_url: row.logoKey ? storage.publicUrl(row.logoKey) : null,
  };
}

/** PATCH /api/company/settings: shipping provinces and the collector id (an empty one clears it). */
export async function updateCompanySettings(
  db: Database,
  companyId: string,
  input: UpdateCompanySettingsBody,
): Promise<ProfileRow> {
  const current = await findCompanyProfile(db, companyId);
  const paymentDetails = { ...current.paymentDetails };
  if (input.provider_collector_id !== undefined) {
    if (input.provider_collector_id)
      paymentDetails.provider_collector_id = input.provider_collector_id;
    else delete paymentDetails.provider_collector_id;
  }
  const [row] = await db
    .update(profiles)
    .set({
      paymentDetails,
      ...(input.shipping_provinces
        ? { shippingProvinces: [...new Set(input.shipping_provinces)] }
        : {}),
    })
    .where(eq(profiles.id, companyId))
    .returning();
  if (!row) throw new Error(`no company profile ${companyId}`);
  return row;
}

/**
 * Stores a new logo (already checked and converted to PNG) under a fresh key,
 * so browsers and CDNs never show a cached old one; the previous file goes.
 */
export async function replaceCompanyLogo(
  db: Database,
  storage: Storage,
  companyId: string,
  png: Buffer,
): Promise<string> {
  const current = await findCompanyProfile(db, companyId);
  const key = `logos/${companyId}/logo-${Date.now().toString(36)}.png`;
  await storage.put('public', key, png, 'image/png');
  await db.update(profiles).set({ logoKey: key }).where(eq(profiles.id, companyId));
  if (current.logoKey && current.logoKey !== key) {
    await storage.delete('public', current.logoKey).catch(() => undefined);
  }
  return storage.publicUrl(key);
}

/** GET /api/company/sellers: every registered seller, and those in the company's provinces. */
export async function countSellersFor(
  db: Database,
  companyId: string,
): Promise<{ count: number; in_shipping_provinces: number }> {
  const company = await findCompanyProfile(db, companyId);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      inProvinces: sql<number>`count(*) filter (where ${
        company.shippingProvinces.length
          ? inArray(profiles.province, company.shippingProvinces)
          : sql`false`
      })::int`,
    })
    .from(profiles)
    .where(eq(profiles.role, 'seller'));
  return { count: row?.count ?? 0, in_shipping_provinces: row?.inProvinces ?? 0 };
}

/**
 * Adds to (or, with negative numbers, takes from) a seller's points and sales,
 * inside the caller's transaction, so the tally moves with the order that
 * causes it.
 */
export async function adjustSellerTally(
  tx: Transaction,
  sellerId: string,
  change: { points: number; sales: number },
): Promise<void> {
  await tx
    .update(profiles)
    .set({
      points: sql`${profiles.points} + ${change.points}`,
      sales: sql`${profiles.sales} + ${change.sales}`,
    })
    .where(eq(profiles.id, sellerId));
}

/** Names (and company logos) of some profiles, by id. */
export async function profileSummaries(
  db: Database | Transaction,
  ids: string[],
  storage: Storage,
): Promise<
  Map<string, { name: string; company: string | null; logoUrl: string | null; role: string }>
> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      company: profiles.company,
      logoKey: profiles.logoKey,
      role: profiles.role,
    })
    .from(profiles)
    .where(inArray(profiles.id, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        company: row.company,
        role: row.role,
        logoUrl: row.logoKey ? storage.publicUrl(row.logoKey) : null,
      },
    ]),
  );
}
