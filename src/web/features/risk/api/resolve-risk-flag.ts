import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolvedRiskFlag, ResolveRiskBody } from '@shared/risk/risk.schema';
import { apiRequest } from '@web/lib/api-client';
import { riskKeys } from './get-risk-flags';

export function resolveRiskFlag(id: number, body: ResolveRiskBody) {
  return apiRequest<ResolvedRiskFlag>(`/api/admin/risk/${id}/resolve`, { method: 'POST', body });
}

/**
 * Dismisses a flag or confirms the fraud. Settled either way, the lists that
 * show its effects are asked again: a 409 means someone else decided first.
 */
export function useResolveRiskFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveRiskBody & { id: number }) => resolveRiskFlag(id, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: riskKeys.all }),
        // By the keys those pages use: Usuarios (the «En revisión» and «Suspendido»
        // marks) and Auditoría under 'admin', Pagos a vendedores (the hold) under 'payouts'.
        client.invalidateQueries({ queryKey: ['admin'] }),
        client.invalidateQueries({ queryKey: ['payouts'] }),
      ]),
  });
}
