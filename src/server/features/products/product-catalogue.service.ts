import { and, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scopeCondition, type PlatformScope } from '../../lib/scope';
import { likePattern, productPage, type ProductRow } from './products.service';
import { products } from './products.table';

/**
 * A seller's catalogue (spec 02 §1): active, in-stock products of the given
 * companies (those that ship to the seller's province), newest first, with
 * search by title and filters by category and company, served by the
 * partial indexes on sellable products. The caller may pass a recent total.
 */
export async function listCatalogueProducts(
  db: Database,
  companyIds: string[],
  query: {
    q?: string | undefined;
    category?: string | undefined;
    company_id?: string | undefined;
    page: number;
    page_size: number;
  },
  /** A total counted moments ago for the same filters: the count is skipped. */
  options: { knownTotal?: number } = {},
): Promise<{ rows: ProductRow[]; total: number }> {
  if (companyIds.length === 0) return { rows: [], total: 0 };
  const where = and(
    sellableOf(companyIds),
    query.q?.trim() ? ilike(products.title, likePattern(query.q.trim())) : undefined,
    query.category?.trim() ? eq(products.category, query.category.trim()) : undefined,
    query.company_id ? eq(products.companyId, query.company_id) : undefined,
  );
  return productPage(db, where, query, options.knownTotal);
}

function sellableOf(companyIds: string[]): SQL | undefined {
  return and(
    inArray(products.companyId, companyIds),
    eq(products.isActive, true),
    isNull(products.deletedAt),
    sql`${products.stock} > 0`,
  );
}

/** The categories present among the sellable products of these companies (for filters). */
export async function catalogueCategories(db: Database, companyIds: string[]): Promise<string[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(and(sellableOf(companyIds), sql`${products.category} <> ''`))
    .orderBy(products.category)
    .limit(200);
  return rows.map((row) => row.category);
}

/** GET /api/admin/products: every company's products (not deleted), read-only. */
export async function listAllProducts(
  db: Database,
  scope: PlatformScope,
  query: {
    q?: string | undefined;
    company_id?: string | undefined;
    page: number;
    page_size: number;
  },
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = and(
    scopeCondition(scope, { company: products.companyId }),
    isNull(products.deletedAt),
    query.q?.trim() ? ilike(products.title, likePattern(query.q.trim())) : undefined,
    query.company_id ? eq(products.companyId, query.company_id) : undefined,
  );
  return productPage(db, where, query);
}
