import { useQuery } from '@tanstack/react-query';
import type { AdminUserList } from '@shared/admin/admin.schema';
import { fieldClasses } from '@web/components/ui/input';
import { apiRequest } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';

/**
 * The admin's company filter (Productos, Facturación): every company for the
 * choice list, by name (the users API gives at most 100 a page). One cache
 * entry under the admin panel's keys, so refreshing the admin's lists
 * refreshes it too.
 */
export function useCompanyChoices() {
  return useQuery({
    queryKey: ['admin', 'users', 'companies'],
    queryFn: () => apiRequest<AdminUserList>('/api/admin/users?role=company&page=1&page_size=100'),
    select: (list) =>
      list.items
        .map((user) => ({ id: user.id, name: user.company || user.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'es')),
    staleTime: 60_000,
  });
}

/** The select itself; a company chosen by URL that is not in the list still shows as chosen. */
export function CompanyFilterSelect({
  value,
  onChange,
  id,
  ariaLabel,
}: {
  value: string;
  onChange: (companyId: string) => void;
  /** For a visible <Label htmlFor>; otherwise give `ariaLabel`. */
  id?: string;
  ariaLabel?: string;
}) {
  const choices = useCompanyChoices().data ?? [];
  return (
    <select
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn(fieldClasses, 'h-11')}
    >
      <option value="">Todas las empresas</option>
      {value && !choices.some((company) => company.id === value) ? (
        <option value={value}>Empresa elegida</option>
      ) : null}
      {choices.map((company) => (
        <option key={company.id} value={company.id}>
          {company.name}
        </option>
      ))}
    </select>
  );
}
