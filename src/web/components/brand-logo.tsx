import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('size-9 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#0369a1" />
      <path
        d="M16 20l16 26 16-26"
        fill="none"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="48" cy="16" r="6" fill="#fbbf24" />
    </svg>
  );
}

/** The brand: mark plus name, linking home. */
export function BrandLogo({
  inverted = false,
  compact = false,
  label = `${BRAND.name}, inicio`,
  className,
}: {
  inverted?: boolean;
  /** The link's name; the storefront passes its English one. */
  label?: string;
  /** Hide the wordmark on narrow phones, where the header has two buttons beside it. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <Link
      to={paths.home}
      className={cn('inline-flex items-center gap-2 rounded-lg sm:gap-2.5', className)}
      aria-label={label}
    >
      <BrandMark className="size-8 sm:size-9" />
      <span
        className={cn(
          'text-lg font-extrabold tracking-tight sm:text-xl',
          compact && 'max-[419px]:sr-only',
          inverted ? 'text-white' : 'text-brand-dark',
        )}
      >
        Vende<span className={inverted ? 'text-accent' : 'text-primary'}>Más</span>
      </span>
    </Link>
  );
}
