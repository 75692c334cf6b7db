import type { StoreProductDetail } from './store.schema';

type GalleryProduct = Pick<StoreProductDetail, 'media' | 'images' | 'thumbnail' | 'variants'>;

/** spec 01 §2 product page gallery: the product's images in order, then variant images it lacks. */
export function productGallery(product: GalleryProduct): string[] {
  const ordered = [...(product.media.length ? product.media : product.images)]
    .sort((a, b) => a.order - b.order)
    .map((image) => image.url);
  const urls = ordered.length ? ordered : product.thumbnail ? [product.thumbnail] : [];
  for (const variant of product.variants) {
    if (variant.image_url && !urls.includes(variant.image_url)) urls.push(variant.image_url);
  }
  return urls;
}

/**
 * The gallery's slide a product page opens on: the first variant's image (the
 * variant chosen at first), or the first image.
 */
export function openingSlide(product: GalleryProduct, gallery = productGallery(product)): number {
  const first = product.variants[0]?.image_url;
  return first ? Math.max(0, gallery.indexOf(first)) : 0;
}

/** The image a product page shows first (its largest paint), if it has one. */
export function openingImage(product: GalleryProduct): string | undefined {
  const gallery = productGallery(product);
  return gallery[openingSlide(product, gallery)];
}
