import { ArrowLeft, Hourglass } from 'lucide-react';
import type { CheckoutSummary } from '@shared/store/checkout.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { CHECKOUT_TEXT } from '../checkout-messages';
import { CopyButton, TransferDetails } from './transfer-instructions';

/**
 * After "I've made the transfer": the order is not paid yet, so the page says
 * it waits for the transfer, with what the buyer should keep (reference, amount,
 * the account) and a way back to the store. /success is for card payments.
 */
export function TransferWaiting({ summary }: { summary: CheckoutSummary }) {
  return (
    <Card className="p-5 sm:p-8" data-testid="transfer-waiting">
      <div role="status" className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-amber-50">
          <Hourglass className="size-8 text-amber-600" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          {CHECKOUT_TEXT.waitingTitle}
        </h1>
        <p className="mt-3 max-w-prose text-muted-foreground">
          {CHECKOUT_TEXT.waitingBody(summary.total_formatted)}
        </p>
      </div>

      <h2 className="mt-8 text-base font-bold text-foreground">{CHECKOUT_TEXT.keepDetails}</h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <KeyFigure label={CHECKOUT_TEXT.reference} value={summary.reference ?? ''} copy />
        <KeyFigure label={CHECKOUT_TEXT.amount} value={summary.total_formatted} />
      </div>
      <TransferDetails summary={summary} bankOnly className="mt-3" />
      <p className="mt-4 text-sm text-muted-foreground">{CHECKOUT_TEXT.waitingNote}</p>

      <Button asChild size="lg" variant="outline" className="mt-8 w-full">
        <a href={paths.store}>
          <ArrowLeft aria-hidden />
          {CHECKOUT_TEXT.backToStore}
        </a>
      </Button>
    </Card>
  );
}

function KeyFigure({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  return (
    <div className="flex items-center gap-2 rounded-lg bg-muted px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        <p className="mt-0.5 text-lg font-bold whitespace-nowrap tabular-nums text-foreground sm:text-xl">
          {value}
        </p>
      </div>
      {copy ? <CopyButton value={value} label={label} /> : null}
    </div>
  );
}
