import { ImageIcon } from 'lucide-react';
import { cn } from '@web/lib/cn';

/**
 * A product photo, or a calm placeholder when there is none (spec 01 §2).
 * `priority` is for the page's main image (its largest paint): loaded eagerly
 * and ahead of other images.
 */
export function ProductImage({
  src,
  alt,
  className,
  loading = 'lazy',
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  priority?: boolean;
}) {
  if (!src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          'flex size-full items-center justify-center bg-gradient-to-br from-sky-50 to-slate-100 text-sky-300',
          className,
        )}
      >
        <ImageIcon className="size-1/4 max-h-16 max-w-16" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={cn('size-full object-cover', className)}
    />
  );
}
