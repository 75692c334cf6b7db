import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** spec 02 §9: the copy feedback lasts 2 seconds. */
export const COPY_FEEDBACK_MS = 2000;

/**
 * A value the buyer copies into their bank's app, with a copy button: one
 * dt/dd group of the list it sits in (a `div` holding only its term and its
 * definition, so the list stays valid for assistive technology).
 */
export function CopyField({
  label,
  value,
  children,
  mono = false,
}: {
  label: string;
  /** What the button copies. */
  value: string;
  /** What the page shows, when it is not the copied text itself (a formatted amount, grouped digits). */
  children?: ReactNode;
  /** Digits and codes read better in a fixed-width font; names do not. */
  mono?: boolean;
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
    <div className="border-b border-border py-3 last:border-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 flex items-center justify-between gap-3">
        <span
          className={cn(
            'min-w-0 text-base font-semibold text-foreground',
            mono ? 'font-mono tracking-tight' : 'wrap-anywhere',
          )}
        >
          {children ?? value}
        </span>
        <button
          type="button"
          onClick={copy}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-border px-3 py-2 text-sm font-medium hover:bg-slate-50"
          aria-label={copied ? `${label} copiado` : `Copiar ${label}`}
        >
          {copied ? (
            <Check className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          <span aria-live="polite">{copied ? 'Copiado' : 'Copiar'}</span>
        </button>
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
