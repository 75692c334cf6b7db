import { buyerPriceCents, commissionCents, splitCommission } from '@shared/commission';
import type { Product } from '@shared/products/products.schema';
import type { Storage } from '../../lib/storage';
import type { products } from './products.table';

type ProductRow = typeof products.$inferSelect;

/** A product as the API answers it (the panel, the public API and webhooks alike). */
export function toProductDto(row: ProductRow, storage: Storage): Product {
  const { sellerCents, platformCents } = splitCommission(
    commissionCents(row.priceCents, row.commissionBps),
  );
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price_cents: row.priceCents,
    stock: row.stock,
    category: row.category,
    is_active: row.isActive,
    commission_bps: row.commissionBps,
    buyer_price_cents: buyerPriceCents(row.priceCents, row.commissionBps),
    seller_commission_cents: sellerCents,
    platform_commission_cents: platformCents,
    image_urls: row.images.map((image) => storage.publicUrl(image.display)),
    thumbnail_urls: row.images.map((image) => storage.publicUrl(image.thumbnail)),
    company_id: row.companyId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
