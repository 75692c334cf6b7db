import { MapPin, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { CompanySellers } from '@shared/company/company-settings.schema';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api-client';

/** spec 02 §2 Vendedores (/company/sellers): the registered sellers, and who can sell for this company. */
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
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Card className="p-5">
            <Users className="size-6 text-primary" aria-hidden />
            <p className="mt-3 text-3xl font-extrabold text-foreground">{sellers.data.count}</p>
            <p className="text-sm text-muted-foreground">vendedores registrados en VendeMás</p>
          </Card>
          <Card className="p-5">
            <MapPin className="size-6 text-emerald-600" aria-hidden />
            <p className="mt-3 text-3xl font-extrabold text-foreground">
              {sellers.data.in_shipping_provinces}
            </p>
            <p className="text-sm text-muted-foreground">
              pueden vender tus productos (viven en provincias a las que envías)
            </p>
          </Card>
        </div>
      )}
    </div>
  );
}
