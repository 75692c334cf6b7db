import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@web/lib/cn';

/** spec 02 §9: the copy feedback lasts 2 seconds. */
export const COPY_FEEDBACK_MS = 2000;

/** A value the buyer copies into their bank's app, with a copy button. */
export function CopyField({
  label,
  value,
  mono = false,
}: {
  label: string;
  value: string;
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
    <div className="flex items-center justify-between gap-3 border-b border-border py-3 last:border-0">
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {label}
        </dt>
        <dd
          className={cn(
            'mt-0.5 text-base font-semibold text-foreground',
            mono ? 'font-mono tracking-tight break-all' : 'break-words',
          )}
        >
          {value}
        </dd>
      </div>
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
    </div>
  );
}
