import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bannedAmong } from '../profiles/seller-standing.service';
import { sellerLinks } from './orders.table';

/**
 * The code of a seller's personal link to a product (`/pay/:productId?ref=…`):
 * made once, at random (unguessable), and the same every time it is asked for.
 * Two requests racing for the first code meet at the unique (seller, product)
 * index and both answer the winner's code.
 */
export async function linkCodeFor(
  db: Database,
  sellerId: string,
  productId: string,
): Promise<string> {
  const [existing] = await db
    .select({ code: sellerLinks.code })
    .from(sellerLinks)
    .where(and(eq(sellerLinks.sellerId, sellerId), eq(sellerLinks.productId, productId)));
  if (existing) return existing.code;
  await db
    .insert(sellerLinks)
    .values({ code: randomBytes(12).toString('base64url'), sellerId, productId })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ code: sellerLinks.code })
    .from(sellerLinks)
    .where(and(eq(sellerLinks.sellerId, sellerId), eq(sellerLinks.productId, productId)));
  if (!stored) throw new Error('seller link was not stored');
  return stored.code;
}

/**
 * The seller behind a link code for this product; null for a missing or
 * unknown code, and for a seller banned for fraud (their links still sell,
 * without a seller).
 */
export async function sellerOfLink(
  db: Database,
  productId: string,
  code: string | undefined,
): Promise<string | null> {
  if (!code || !/^[A-Za-z0-9_-]{1,64}$/.test(code)) return null;
  const [link] = await db
    .select({ sellerId: sellerLinks.sellerId })
    .from(sellerLinks)
    .where(and(eq(sellerLinks.code, code), eq(sellerLinks.productId, productId)));
  if (!link) return null;
  return (await bannedAmong(db, [link.sellerId])).has(link.sellerId) ? null : link.sellerId;
}

/** The seller's link codes for many products at once (made for those that have none yet). */
export async function linkCodesFor(
  db: Database,
  sellerId: string,
  productIds: string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const read = async () => {
    const rows = await db
      .select({ code: sellerLinks.code, productId: sellerLinks.productId })
      .from(sellerLinks)
      .where(and(eq(sellerLinks.sellerId, sellerId), inArray(sellerLinks.productId, productIds)));
    return new Map(rows.map((row) => [row.productId, row.code]));
  };
  const codes = await read();
  const missing = productIds.filter((id) => !codes.has(id));
  if (missing.length === 0) return codes;
  await db
    .insert(sellerLinks)
    .values(
      missing.map((productId) => ({
        code: randomBytes(12).toString('base64url'),
        sellerId,
        productId,
      })),
    )
    .onConflictDoNothing();
  return read();
}

export function payLink(appUrl: string, productId: string, code: string): string {
  return `${appUrl}/pay/${productId}?ref=${code}`;
}

/** Link codes to the seller and product they name (unknown codes are left out). */
export async function linksByCode(
  db: Database,
  codes: string[],
): Promise<Map<string, { sellerId: string; productId: string }>> {
  const valid = codes.filter((code) => /^[A-Za-z0-9_-]{1,64}$/.test(code));
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({
      code: sellerLinks.code,
      sellerId: sellerLinks.sellerId,
      productId: sellerLinks.productId,
    })
    .from(sellerLinks)
    .where(inArray(sellerLinks.code, valid));
  return new Map(rows.map((row) => [row.code, row]));
}
