import { Building2 } from 'lucide-react';
import type { PayPage as PayPageData } from '@shared/orders/orders.schema';

/** The company that sells the product: its logo (or an icon) and its name. */
export function CompanyHeader({ company }: { company: PayPageData['company'] }) {
  return (
    <div className="mb-6 flex items-center gap-3">
      {company.logo_url ? (
        <img
          src={company.logo_url}
          alt=""
          width={48}
          height={48}
          className="size-12 rounded-lg border border-border bg-white object-contain p-1"
        />
      ) : (
        <span className="flex size-12 items-center justify-center rounded-lg bg-sky-100 text-sky-800">
          <Building2 className="size-6" aria-hidden />
        </span>
      )}
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Vende</p>
        <p className="text-lg font-bold text-foreground">{company.name}</p>
      </div>
    </div>
  );
}
