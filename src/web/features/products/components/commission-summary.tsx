import { AlertTriangle } from 'lucide-react';
import { formatArs } from '@shared/money';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { isHighCommission, unitSplit } from './commission';

/**
 * What the price and commission being typed mean for each unit sold, and a
 * warning when the commission is high.
 */
export function CommissionSummary({ price, commission }: { price: string; commission: string }) {
  const split = unitSplit(price, commission);
  return (
    <>
      {isHighCommission(commission) ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {PRODUCT_MESSAGES.commissionWarning}
        </p>
      ) : null}
      <dl
        className="grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-center"
        aria-label="Por cada unidad vendida"
      >
        <div>
          <dt className="text-xs text-muted-foreground">Paga el comprador</dt>
          <dd className="font-bold text-foreground">{split ? formatArs(split.buyerCents) : '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Gana el vendedor</dt>
          <dd className="font-bold text-emerald-700">
            {split ? formatArs(split.sellerCents) : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Plataforma</dt>
          <dd className="font-bold text-foreground">
            {split ? formatArs(split.platformCents) : '—'}
          </dd>
        </div>
      </dl>
    </>
  );
}
