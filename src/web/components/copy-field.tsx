import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** spec 02 §9: the copy feedback lasts 2 seconds. */
export const COPY_FEEDBACK_MS = 2000;

/**
 * A value people copy into their bank's app (a buyer's transfer, a company
 * paying the platform), with a copy button: one dt/dd group of the list it
 * sits in (a `div` holding only its term and its definition, so the list stays
 * valid for assistive technology).
 */
export function CopyField({
  label,
  value,
  children,
  mono = false,
  copy: copyable = true,
  compact = false,
}: {
  label: string;
  /** What the button copies. */
  value: string;
  /** What the page shows, when it is not the copied text itself (a formatted amount, grouped digits). */
  children?: ReactNode;
  /** Digits and codes read better in a fixed-width font; names do not. */
  mono?: boolean;
  /** false: a value shown for reference only, without the button. */
  copy?: boolean;
  /** Smaller type and button, for a card inside a panel page (Liquidaciones). */
  compact?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Without clipboard access the value stays selectable on screen.
    }
  };

  return (
    <div className={cn('border-b border-border last:border-0', compact ? 'py-2.5' : 'py-3')}>
      <dt
        className={cn(
          'text-xs text-muted-foreground',
          !compact && 'font-medium tracking-wide uppercase',
        )}
      >
        {label}
      </dt>
      <dd className={cn('flex items-center justify-between gap-3', !compact && 'mt-0.5')}>
        <span
          className={cn(
            'min-w-0 font-semibold text-foreground',
            !compact && 'text-base',
            mono ? 'font-mono tracking-tight' : 'wrap-anywhere',
            mono && compact && 'break-all',
          )}
        >
          {children ?? value}
        </span>
        {copyable ? (
          <button
            type="button"
            onClick={copy}
            className={cn(
              'inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-border font-medium hover:bg-muted',
              compact ? 'px-2.5 py-1.5 text-xs' : 'px-3 py-2 text-sm',
            )}
            aria-label={copied ? `${label} copiado` : `Copiar ${label}`}
          >
            {copied ? (
              <Check
                className={cn('text-emerald-600', compact ? 'size-3.5' : 'size-4')}
                aria-hidden
              />
            ) : (
              <Copy className={compact ? 'size-3.5' : 'size-4'} aria-hidden />
            )}
            <span aria-live="polite">{copied ? 'Copiado' : 'Copiar'}</span>
          </button>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * A CBU in its two blocks (bank and branch, 8 digits; account, 14), each one
 * unbreakable: on a narrow phone the line breaks between the blocks, never
 * inside a number. The text is still the 22 digits, with nothing between them.
 */
export function CbuDigits({ cbu }: { cbu: string }) {
  if (!/^\d{22}$/.test(cbu)) return <span className="whitespace-nowrap">{cbu}</span>;
  return (
    <span className="inline-flex flex-wrap gap-x-2" data-testid="cbu-digits">
      <span className="whitespace-nowrap">{cbu.slice(0, 8)}</span>
      <span className="whitespace-nowrap">{cbu.slice(8)}</span>
    </span>
  );
}
