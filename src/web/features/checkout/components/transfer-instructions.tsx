import { Check, Copy, Landmark } from 'lucide-react';
import { useState } from 'react';
import type { CheckoutSummary } from '@shared/store/checkout.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { CHECKOUT_TEXT } from '../checkout-messages';

/** The platform's bank account and the reference to quote, once the buyer chose a transfer. */
export function TransferInstructions({
  summary,
  onDone,
}: {
  summary: CheckoutSummary;
  onDone: () => void;
}) {
  if (!summary.bank) return null;
  return (
    <Card className="p-5 sm:p-6" data-testid="transfer-instructions">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-sky-100">
          <Landmark className="size-5 text-primary" aria-hidden />
        </span>
        <h2 className="text-lg font-bold text-foreground">{CHECKOUT_TEXT.transferHeading}</h2>
      </div>
      <TransferDetails summary={summary} className="mt-5" />
      <p className="mt-4 text-sm text-muted-foreground">{CHECKOUT_TEXT.transferNote}</p>
      <Button size="lg" className="mt-6 w-full" onClick={onDone}>
        {CHECKOUT_TEXT.transferDone}
      </Button>
    </Card>
  );
}

/** Amount, reference and the bank account, each value ready to copy where it helps. */
export function TransferDetails({
  summary,
  bankOnly = false,
  className,
}: {
  summary: CheckoutSummary;
  /** Leave out the amount and the reference, when the page shows them already. */
  bankOnly?: boolean;
  className?: string;
}) {
  const bank = summary.bank;
  if (!bank) return null;
  const rows: { label: string; value: string; copy?: boolean }[] = [
    ...(bankOnly
      ? []
      : [
          { label: CHECKOUT_TEXT.amount, value: summary.total_formatted },
          { label: CHECKOUT_TEXT.reference, value: summary.reference ?? '', copy: true },
        ]),
    { label: CHECKOUT_TEXT.bankName, value: bank.name },
    { label: CHECKOUT_TEXT.holder, value: bank.holder },
    { label: CHECKOUT_TEXT.cbu, value: bank.cbu, copy: true },
    { label: CHECKOUT_TEXT.alias, value: bank.alias, copy: true },
    { label: CHECKOUT_TEXT.cuit, value: bank.cuit },
  ];
  return (
    <dl className={cn('divide-y divide-border rounded-lg border border-border', className)}>
      {rows.map((row) => (
        <div
          key={row.label}
          className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:gap-3"
        >
          <dt className="shrink-0 text-xs text-muted-foreground sm:w-32 sm:text-sm">{row.label}</dt>
          <dd className="flex min-w-0 flex-1 items-center gap-2">
            <span className="min-w-0 flex-1 text-sm font-semibold [overflow-wrap:anywhere] sm:text-base text-foreground">
              {row.value}
            </span>
            {row.copy ? <CopyButton value={row.value} label={row.label} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      aria-label={`${CHECKOUT_TEXT.copy} ${label}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span className="max-sm:sr-only">{copied ? CHECKOUT_TEXT.copied : CHECKOUT_TEXT.copy}</span>
    </Button>
  );
}
