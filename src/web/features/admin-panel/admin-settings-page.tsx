import { Calculator, Percent } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  COMMISSION_WARNING_BPS,
  commissionCents,
  formatBpsAsPercent,
  MIN_COMMISSION_BPS,
  orderAmounts,
  SELLER_SHARE_BPS,
} from '@shared/commission';
import { formatArs } from '@shared/money';
import { CENTS_PER_BONUS_POINT, POINTS_PER_SALE, pointsForOrder } from '@shared/points';
import { Card } from '@web/components/ui/card';
import { PageHeading } from '@web/components/page-heading';

/** The worked example: a product of $ 10.000 with a 10 % commission. */
const EXAMPLE_BASE_CENTS = 1_000_000;
const EXAMPLE_COMMISSION_BPS = 1_000;

const SELLER_SHARE = formatBpsAsPercent(SELLER_SHARE_BPS);
const PLATFORM_SHARE = formatBpsAsPercent(10_000 - SELLER_SHARE_BPS);

/** spec 02 §2 admin /settings: a read-only explanation of the commission model. */
export function AdminSettingsPage() {
  // Every figure comes from the same functions that price products and split orders.
  const example = orderAmounts(EXAMPLE_BASE_CENTS, EXAMPLE_COMMISSION_BPS);
  const commission = commissionCents(EXAMPLE_BASE_CENTS, EXAMPLE_COMMISSION_BPS);
  const percent = formatBpsAsPercent(EXAMPLE_COMMISSION_BPS);

  return (
    <div className="max-w-3xl">
      <PageHeading title="Configuración">
        Cómo se reparte cada venta en VendeMás. Esta sección es de solo lectura.
      </PageHeading>

      <Card className="p-5 sm:p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Percent className="size-5 text-primary" aria-hidden />
          Modelo de comisiones
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-relaxed">
          <li>
            Cada empresa fija el <strong>precio base</strong> de su producto: es lo que recibe la
            empresa por cada unidad vendida.
          </li>
          <li>
            La empresa elige una <strong>comisión total</strong> de al menos{' '}
            {formatBpsAsPercent(MIN_COMMISSION_BPS)}, que se suma encima del precio base. Si supera
            el {formatBpsAsPercent(COMMISSION_WARNING_BPS)}, el formulario del producto le avisa.
          </li>
          <li>
            El comprador paga el <strong>precio base más la comisión</strong>.
          </li>
          <li>
            De la comisión, el <strong>{SELLER_SHARE}</strong> es para el vendedor que hizo la venta
            y el <strong>{PLATFORM_SHARE}</strong> para la plataforma.
          </li>
          <li>
            Cada venta completada o entregada suma al vendedor {POINTS_PER_SALE} puntos más 1 por
            cada {formatArs(CENTS_PER_BONUS_POINT)} de su comisión. Si el pedido deja de estar
            completado o entregado (por ejemplo, se reintegra), esos puntos se descuentan.
          </li>
        </ul>
      </Card>

      <Card className="mt-5 p-5 sm:p-6" data-testid="commission-example">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Calculator className="size-5 text-primary" aria-hidden />
          Ejemplo
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Un producto con precio base de {formatArs(EXAMPLE_BASE_CENTS)} y una comisión del{' '}
          {percent}.
        </p>
        <dl className="mt-4 divide-y divide-border rounded-lg border border-border text-sm">
          <Line label="Precio base (para la empresa)" value={formatArs(example.companyCents)} />
          <Line label={`Comisión total (${percent})`} value={formatArs(commission)} />
          <Line label="Precio para el comprador" value={formatArs(example.totalCents)} strong />
          <Line
            label={`Para el vendedor (${SELLER_SHARE} de la comisión)`}
            value={formatArs(example.sellerCents)}
          />
          <Line
            label={`Para la plataforma (${PLATFORM_SHARE} de la comisión)`}
            value={formatArs(example.platformCents)}
          />
          <Line
            label="Puntos para el vendedor"
            value={String(pointsForOrder(example.sellerCents))}
          />
        </dl>
      </Card>
    </div>
  );
}

function Line({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 px-4 py-3 ${strong ? 'bg-muted/60 font-semibold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="shrink-0 text-right tabular-nums">{value}</dd>
    </div>
  );
}
