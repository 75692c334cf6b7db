import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySettings } from '@shared/company/company-settings.schema';
import type {
  AdminInvoiceQuery,
  Invoice,
  InvoiceList,
  InvoiceRunResult,
  InvoicingStatus,
} from '@shared/invoicing/invoicing.schema';
import { apiRequest } from '@web/lib/api-client';

export const invoiceKeys = {
  all: ['invoices'] as const,
  company: () => [...invoiceKeys.all, 'company'] as const,
  admin: (query: string) => [...invoiceKeys.all, 'admin', query] as const,
  status: () => [...invoiceKeys.all, 'status'] as const,
};

/** `month=…&status=…&company_id=…` with the filled-in filters only. */
export function adminInvoiceQuery(query: AdminInvoiceQuery): string {
  const search = new URLSearchParams();
  for (const key of ['month', 'status', 'company_id'] as const) {
    const value = query[key];
    if (value) search.set(key, value);
  }
  return search.toString();
}

/** The signed-in company's documents, newest first. */
export function useCompanyInvoices() {
  return useQuery({
    queryKey: invoiceKeys.company(),
    queryFn: () => apiRequest<InvoiceList>('/api/company/invoices'),
  });
}

/**
 * Whether the company has filled in its tax data. The same key as the
 * Configuración page, so both read one answer.
 */
export function useCompanyTaxData() {
  return useQuery({
    queryKey: ['company-settings'],
    queryFn: () => apiRequest<CompanySettings>('/api/company/settings'),
    select: (settings) => Boolean(settings.legal_name && settings.tax_id && settings.tax_condition),
  });
}

export function useAdminInvoices(query: AdminInvoiceQuery) {
  const search = adminInvoiceQuery(query);
  return useQuery({
    queryKey: invoiceKeys.admin(search),
    queryFn: () => apiRequest<InvoiceList>(`/api/admin/invoices${search ? `?${search}` : ''}`),
  });
}

export function useInvoicingStatus() {
  return useQuery({
    queryKey: invoiceKeys.status(),
    queryFn: () => apiRequest<InvoicingStatus>('/api/admin/invoices/status'),
  });
}

/** Runs a month now; the lists and who waits change with it. */
export function useRunInvoicing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      apiRequest<InvoiceRunResult>('/api/admin/invoices/run', { method: 'POST', body: { month } }),
    onSettled: () => client.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** Sends (or looks up) one pending or rejected document again. */
export function useRetryInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Invoice>(`/api/admin/invoices/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
        body: {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
