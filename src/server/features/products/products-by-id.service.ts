import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from './products.table';

/**
 * The company's own, not deleted products among `ids`, in the order of `ids`
 * (the public API's change feed names them; features/integrations).
 */
export async function companyProductsByIds(
  db: Database,
  companyId: string,
  ids: string[],
): Promise<(typeof products.$inferSelect)[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(
      and(inArray(products.id, ids), eq(products.companyId, companyId), isNull(products.deletedAt)),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
