import { Package } from 'lucide-react';

/** A product's first picture in a list, or a box with the package icon when it has none. */
export function ProductThumb({
  product,
  size = 'sm',
}: {
  product: { thumbnail_urls: readonly string[] };
  size?: 'sm' | 'lg';
}) {
  const url = product.thumbnail_urls[0];
  const box = size === 'lg' ? 'size-20' : 'size-12';
  return url ? (
    <img
      src={url}
      alt=""
      loading="lazy"
      className={`${box} max-w-none shrink-0 rounded-lg border border-border object-cover`}
    />
  ) : (
    <span
      className={`${box} flex shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground`}
    >
      <Package className="size-5" aria-hidden />
    </span>
  );
}
