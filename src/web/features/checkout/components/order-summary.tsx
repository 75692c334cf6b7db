import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CheckoutSummary } from '@shared/store/checkout.schema';
import { Card } from '@web/components/ui/card';
import { CHECKOUT_TEXT } from '../checkout-messages';

/** The lines, images and totals of the order, with the reservation status on top. */
export function OrderSummary({
  summary,
  banner,
}: {
  summary: CheckoutSummary;
  banner?: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading" className="text-lg font-bold text-foreground">
        {CHECKOUT_TEXT.summaryHeading}
      </h2>
      {banner ? <div className="mt-4">{banner}</div> : null}
      <ul className="mt-4 divide-y divide-border" data-testid="checkout-lines">
        {summary.lines.map((line) => (
          <li key={line.variant_id} className="flex items-center gap-4 py-3">
            <div className="relative size-16 shrink-0 overflow-hidden rounded-lg border border-border bg-muted">
              {line.image_url ? (
                <img
                  src={line.image_url}
                  alt=""
                  width={64}
                  height={64}
                  className="size-full object-cover"
                />
              ) : (
                <ImageOff className="m-auto mt-5 size-6 text-muted-foreground" aria-hidden />
              )}
              <span className="absolute -top-0 right-0 rounded-bl-md bg-slate-800 px-1.5 text-xs font-semibold text-white">
                {line.quantity}
              </span>
            </div>
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 font-semibold text-foreground" title={line.product_title}>
                {line.product_title}
              </p>
              <p className="text-sm text-muted-foreground">
                {line.variant_title} · {line.quantity} × {line.unit_price_formatted}
              </p>
              {/* On a phone the line total goes under the name, which keeps its width. */}
              <p className="mt-0.5 font-semibold tabular-nums text-foreground sm:hidden">
                {line.total_formatted}
              </p>
            </div>
            <p className="hidden shrink-0 font-semibold tabular-nums text-foreground sm:block">
              {line.total_formatted}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-border pt-4 text-sm">
        <div className="flex justify-between text-muted-foreground">
          <dt>{CHECKOUT_TEXT.subtotal}</dt>
          <dd className="tabular-nums">{summary.total_formatted}</dd>
        </div>
        <div className="flex justify-between text-muted-foreground">
          <dt>{CHECKOUT_TEXT.shipping}</dt>
          <dd>{CHECKOUT_TEXT.shippingFree}</dd>
        </div>
        <div className="flex justify-between pt-2 text-base font-bold text-foreground">
          <dt>{CHECKOUT_TEXT.total}</dt>
          <dd className="tabular-nums" data-testid="checkout-total">
            {summary.total_formatted}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
