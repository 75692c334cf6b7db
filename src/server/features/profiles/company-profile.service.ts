import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  TAX_CONDITION_LABELS,
  type CollectorIdNeed,
  type CompanySettings,
  type TaxCondition,
  type UpdateCompanySettingsBody,
} from '@shared/company/company-settings.schema';
import type { CompanyScope } from '../../lib/scope';
import type { Database, Transaction } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { recordAudit } from '../audit/audit.service';
import { profiles } from './profiles.table';
import { collectorIdOf, findProfile, lockProfile, type ProfileRow } from './profiles.service';

/**
 * A company's own profile: its settings (shipping provinces, collector id,
 * logo), how many sellers it can reach, and which companies ship to a province.
 */

export async function findCompanyProfile(db: Database, scope: CompanyScope): Promise<ProfileRow> {
  const row = await findProfile(db, scope.id);
  if (!row || row.role !== 'company') throw new Error(`no company profile ${scope.id}`);
  return row;
}

/** The profile's part of the settings (payments add where the collector id is used). */
export function toCompanySettings(
  row: ProfileRow,
  storage: Storage,
): Omit<CompanySettings, keyof CollectorIdNeed> {
  return {
    company: row.company,
    shipping_provinces: row.shippingProvinces,
    provider_collector_id: collectorIdOf(row),
    logo_url: row.logoKey ? storage.publicUrl(row.logoKey) : null,
    legal_name: row.legalName,
    tax_id: row.taxId,
    tax_condition: row.taxCondition,
  };
}

/** Whether a settings change sets another MercadoPago collector id (step-up first). */
export async function changesCollectorId(
  db: Database,
  scope: CompanyScope,
  input: UpdateCompanySettingsBody,
): Promise<boolean> {
  if (input.provider_collector_id === undefined) return false;
  const current = await findCompanyProfile(db, scope);
  return (input.provider_collector_id || null) !== collectorIdOf(current);
}

/**
 * PATCH /api/company/settings: shipping provinces, the collector id (an
 * empty one clears it) and the tax data (audited). The profile is read locked, so changes of the
 * collector id take turns with each other and with 'No fui yo'; a change of it
 * is told to `onCollectorIdChange` in the same transaction (the owner's e-mail).
 */
export async function updateCompanySettings(
  db: Database,
  scope: CompanyScope,
  actor: { id: string; name: string },
  input: UpdateCompanySettingsBody,
  onCollectorIdChange?: CollectorIdHook,
): Promise<ProfileRow> {
  return db.transaction(async (tx) => {
    const current = await lockProfile(tx, scope.id);
    if (!current || current.role !== 'company') throw new Error(`no company profile ${scope.id}`);
    const paymentDetails = { ...current.paymentDetails };
    if (input.provider_collector_id !== undefined) {
      if (input.provider_collector_id)
        paymentDetails.provider_collector_id = input.provider_collector_id;
      else delete paymentDetails.provider_collector_id;
    }
    const [row] = await tx
      .update(profiles)
      .set({
        paymentDetails,
        ...(input.shipping_provinces
          ? { shippingProvinces: [...new Set(input.shipping_provinces)] }
          : {}),
        ...(input.legal_name !== undefined ? { legalName: input.legal_name } : {}),
        ...(input.tax_id !== undefined ? { taxId: input.tax_id } : {}),
        ...(input.tax_condition !== undefined ? { taxCondition: input.tax_condition } : {}),
      })
      .where(eq(profiles.id, scope.id))
      .returning();
    if (!row) throw new Error(`no company profile ${scope.id}`);
    // What its documents will carry is in the audit log, before and after.
    const taxBefore = taxDataOf(current);
    const taxAfter = taxDataOf(row);
    if (JSON.stringify(taxBefore) !== JSON.stringify(taxAfter)) {
      await recordAudit(tx, {
        actorId: actor.id,
        actorName: actor.name,
        action: 'company.tax_data_changed',
        targetType: 'company',
        targetId: scope.id,
        before: taxBefore,
        after: taxAfter,
      });
    }
    const [before, after] = [collectorIdOf(current), collectorIdOf(row)];
    if (before !== after) await onCollectorIdChange?.(tx, { companyId: scope.id, before, after });
    return row;
  });
}

function taxDataOf(row: ProfileRow) {
  return {
    legal_name: row.legalName,
    tax_id: row.taxId,
    tax_condition: row.taxCondition ? TAX_CONDITION_LABELS[row.taxCondition] : null,
  };
}

/** Told, in the change's transaction, that a company's collector id changed. */
export type CollectorIdHook = (
  tx: Transaction,
  change: { companyId: string; before: string | null; after: string | null },
) => Promise<void>;

/** Puts a company's collector id back as it was ('No fui yo'), in the caller's transaction. */
export async function restoreCollectorId(
  tx: Transaction,
  scope: CompanyScope,
  value: string | null,
): Promise<void> {
  const current = await lockProfile(tx, scope.id);
  if (!current || current.role !== 'company') return;
  const paymentDetails = { ...current.paymentDetails };
  if (value) paymentDetails.provider_collector_id = value;
  else delete paymentDetails.provider_collector_id;
  await tx.update(profiles).set({ paymentDetails }).where(eq(profiles.id, scope.id));
}

/**
 * Stores a new logo (already checked and converted to PNG) under a fresh key,
 * so browsers and CDNs never show a cached old one; the previous file goes.
 */
export async function replaceCompanyLogo(
  db: Database,
  storage: Storage,
  scope: CompanyScope,
  png: Buffer,
): Promise<string> {
  const current = await findCompanyProfile(db, scope);
  const key = `logos/${scope.id}/logo-${Date.now().toString(36)}.png`;
  await storage.put('public', key, png, 'image/png');
  await db.update(profiles).set({ logoKey: key }).where(eq(profiles.id, scope.id));
  if (current.logoKey && current.logoKey !== key) {
    await storage.delete('public', current.logoKey).catch(() => undefined);
  }
  return storage.publicUrl(key);
}

/** GET /api/company/sellers: every registered seller, and those in the company's provinces. */
export async function countSellersFor(
  db: Database,
  scope: CompanyScope,
): Promise<{ count: number; in_shipping_provinces: number }> {
  const company = await findCompanyProfile(db, scope);
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

/** spec 02 §7 RPC get_companies_by_shipping_province: the companies that ship to a province. */
export async function companiesShippingTo(db: Database, province: string): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.role, 'company'),
        sql`${profiles.shippingProvinces} @> ARRAY[${province}]::text[]`,
      ),
    );
  return rows.map((row) => row.id);
}

/** A company's tax data for its documents (CUIT as digits), or null while any part is missing. */
export async function companyTaxData(
  db: Database | Transaction,
  scope: CompanyScope,
): Promise<{ legalName: string; taxId: string; taxCondition: TaxCondition } | null> {
  const [row] = await db
    .select({
      legalName: profiles.legalName,
      taxId: profiles.taxId,
      taxCondition: profiles.taxCondition,
    })
    .from(profiles)
    .where(eq(profiles.id, scope.id));
  if (!row?.legalName || !row.taxId || !row.taxCondition) return null;
  return {
    legalName: row.legalName,
    taxId: row.taxId.replace(/\D/g, ''),
    taxCondition: row.taxCondition,
  };
}

/** Companies' names for the documents' pages: the legal name, else the trade name. */
export async function companyLegalNames(
  db: Database | Transaction,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: profiles.id,
      name: sql<string>`coalesce(${profiles.legalName}, ${profiles.company}, ${profiles.name})`,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
