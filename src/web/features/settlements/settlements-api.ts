import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPayouts,
  CompanyBalances,
  CompanyStatementList,
  RecordPaymentBody,
  SellerPayouts,
  Statement,
  StatementList,
} from '@shared/settlements/settlements.schema';
import { apiRequest } from '@web/lib/api-client';

export const settlementKeys = {
  all: ['settlements'] as const,
  months: (companyId: string | null) => [...settlementKeys.all, 'months', companyId] as const,
  statement: (companyId: string | null, month: string) =>
    [...settlementKeys.all, 'statement', companyId, month] as const,
  balances: () => [...settlementKeys.all, 'balances'] as const,
};

/** The signed-in company's months (`companyId` null), or any company's for the admin. */
export function useStatementMonths(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: settlementKeys.months(companyId),
    queryFn: () =>
      apiRequest<CompanyStatementList>(
        companyId ? `/api/admin/settlements/${companyId}` : '/api/company/settlements',
      ),
    enabled,
  });
}

export function useStatement(companyId: string | null, month: string | null) {
  return useQuery({
    queryKey: settlementKeys.statement(companyId, month ?? ''),
    queryFn: () =>
      apiRequest<Statement>(
        companyId
          ? `/api/admin/settlements/${companyId}/${month}`
          : `/api/company/settlements/${month}`,
      ),
    enabled: month !== null,
  });
}

export function useCompanyBalances() {
  return useQuery({
    queryKey: settlementKeys.balances(),
    queryFn: () => apiRequest<CompanyBalances>('/api/admin/settlements'),
  });
}

export function useRecordPayment(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPaymentBody) =>
      apiRequest<StatementList>(`/api/admin/settlements/${companyId}/payments`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}

export const payoutKeys = {
  all: ['payouts'] as const,
  mine: () => [...payoutKeys.all, 'mine'] as const,
  admin: () => [...payoutKeys.all, 'admin'] as const,
};

export function useMyPayouts() {
  return useQuery({
    queryKey: payoutKeys.mine(),
    queryFn: () => apiRequest<SellerPayouts>('/api/seller/payouts'),
  });
}

export function useAdminPayouts() {
  return useQuery({
    queryKey: payoutKeys.admin(),
    queryFn: () => apiRequest<AdminPayouts>('/api/admin/payouts'),
  });
}

export function useCreatePayoutBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<AdminPayouts>('/api/admin/payouts/batches', { method: 'POST', body: {} }),
    onSuccess: (data) => client.setQueryData(payoutKeys.admin(), data),
  });
}

export function useMarkBatchPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: number; reference: string }) =>
      apiRequest<AdminPayouts>(`/api/admin/payouts/batches/${id}/paid`, {
        method: 'POST',
        body: { reference },
      }),
    onSuccess: (data) => client.setQueryData(payoutKeys.admin(), data),
  });
}
