import { formatArs } from '@shared/money';
import { countOf } from '@shared/plural';
import type { AdminDashboardFigures, RevenueFigures } from '@shared/orders/dashboard.schema';
import { ORDER_CHANNEL_LABELS, ORDER_CHANNELS } from '@shared/orders/orders.schema';
import { Card } from '@web/components/ui/card';

/** An amount in another currency, as es-AR writes it (`€ 1.234,50`, `US$ 10,00`). */
function formatCurrency(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('es-AR', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    // Not an ISO code Intl knows: the amount and the code as stored.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

function Row({
  label,
  figures,
  format,
}: {
  label: string;
  figures: RevenueFigures;
  format: (cents: number) => string;
}) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <span className="font-medium">
        {label}{' '}
        <span className="text-sm font-normal text-muted-foreground">
          · {countOf(figures.orders, 'pedido', 'pedidos')}
        </span>
      </span>
      <span className="text-sm tabular-nums">
        <span className="font-semibold">{format(figures.revenue_cents)}</span>
        <span className="text-muted-foreground"> · ganancia {format(figures.profit_cents)}</span>
      </span>
    </li>
  );
}

/**
 * Where the revenue comes from: the payment links and the storefront (the two
 * channels Pedidos lists), which add up to the totals above; sales in other
 * currencies apart, since they are not pesos.
 */
export function RevenueByChannel({
  byChannel,
  otherCurrencies,
}: {
  byChannel: AdminDashboardFigures['by_channel'];
  otherCurrencies: AdminDashboardFigures['other_currencies'];
}) {
  return (
    <Card className="mt-6 p-5">
      <h2 className="font-bold">Ingresos por canal</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Pedidos aprobados y entregados. La tienda es de la plataforma: todo su ingreso es ganancia.
      </p>
      <ul className="mt-2 divide-y divide-border">
        {ORDER_CHANNELS.map((channel) => (
          <Row
            key={channel}
            label={ORDER_CHANNEL_LABELS[channel]}
            figures={byChannel[channel]}
            format={formatArs}
          />
        ))}
      </ul>
      {otherCurrencies.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold">En otras monedas (no suman a los totales)</h3>
          <ul className="mt-1 divide-y divide-border">
            {otherCurrencies.map((figures) => (
              <Row
                key={figures.currency}
                label={`${ORDER_CHANNEL_LABELS.store} (${figures.currency.toUpperCase()})`}
                figures={figures}
                format={(cents) => formatCurrency(cents, figures.currency)}
              />
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
