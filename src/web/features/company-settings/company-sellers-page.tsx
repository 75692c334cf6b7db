import { MapPin, ShoppingBag, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { CompanySeller, CompanySellers } from '@shared/company/company-settings.schema';
import { formatArs } from '@shared/money';
import { countOf, plural } from '@shared/plural';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api-client';

const NUMBER = new Intl.NumberFormat('es-AR');

/**
 * spec 02 §2 Vendedores (/company/sellers): the registered sellers, who can
 * sell for this company, and those who sold its products, with their sales.
 */
export function CompanySellersPage() {
  const sellers = useQuery({
    queryKey: ['company-sellers'],
    queryFn: () => apiRequest<CompanySellers>('/api/company/sellers'),
  });
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Vendedores</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        La red de vendedores que puede compartir tus productos con su link personal.
      </p>
      {sellers.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Cargando vendedores…" />
        </div>
      ) : sellers.isError ? (
        <p role="alert" className="mt-6 text-destructive">
          {sellers.error.message}
        </p>
      ) : sellers.data.count === 0 ? (
        <Card className="mt-6 flex flex-col items-center p-10 text-center">
          <Users className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">Todavía no hay vendedores registrados</h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Cuando se sumen vendedores a VendeMás, verás aquí cuántos pueden ofrecer tus productos.
          </p>
        </Card>
      ) : (
        <>
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <Card className="p-5">
              <Users className="size-6 text-primary" aria-hidden />
              <p className="mt-3 text-3xl font-extrabold text-foreground">
                {NUMBER.format(sellers.data.count)}
              </p>
              <p className="text-sm text-muted-foreground" data-testid="sellers-registered">
                {plural(
                  sellers.data.count,
                  'vendedor registrado en VendeMás',
                  'vendedores registrados en VendeMás',
                )}
              </p>
            </Card>
            <Card className="p-5">
              <MapPin className="size-6 text-emerald-600" aria-hidden />
              <p className="mt-3 text-3xl font-extrabold text-foreground">
                {NUMBER.format(sellers.data.in_shipping_provinces)}
              </p>
              <p className="text-sm text-muted-foreground">
                {plural(sellers.data.in_shipping_provinces, 'puede', 'pueden')} vender tus productos
                (viven en provincias a las que envías)
              </p>
            </Card>
          </div>
          <SellersWhoSold data={sellers.data} />
        </>
      )}
    </div>
  );
}

function SellersWhoSold({ data }: { data: CompanySellers }) {
  return (
    <section className="mt-8" aria-labelledby="sellers-who-sold">
      <h2 id="sellers-who-sold" className="text-lg font-bold">
        Quiénes vendieron tus productos
      </h2>
      {data.with_sales === 0 ? (
        <Card className="mt-3 flex flex-col items-center p-8 text-center">
          <ShoppingBag className="size-8 text-muted-foreground" aria-hidden />
          <p className="mt-2 font-semibold">Todavía ningún vendedor vendió tus productos.</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Cuando alguien venda con su link y el pago se apruebe, lo verás aquí con sus ventas.
          </p>
        </Card>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            {data.with_sales > data.items.length
              ? `Los ${data.items.length} que más vendieron, de ${countOf(data.with_sales, 'vendedor', 'vendedores')}. `
              : `${countOf(data.with_sales, 'vendedor', 'vendedores')} con ventas. `}
            Cuentan las ventas completadas y entregadas.
          </p>
          <ul
            className="mt-3 divide-y divide-border rounded-xl border border-border bg-card"
            aria-label="Vendedores con ventas"
          >
            {data.items.map((seller) => (
              <SellerRow key={seller.seller_id} seller={seller} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SellerRow({ seller }: { seller: CompanySeller }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3">
      <div className="min-w-0">
        <p className="font-semibold break-words">{seller.name}</p>
        {seller.province ? (
          <p className="text-xs break-words text-muted-foreground">{seller.province}</p>
        ) : null}
      </div>
      <div className="text-right">
        <p className="font-semibold tabular-nums">
          {countOf(seller.sales, 'venta', 'ventas')} · {formatArs(seller.total_cents)}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">
          Su comisión {formatArs(seller.seller_cents)}
        </p>
      </div>
    </li>
  );
}
