import { useMutation, useQuery } from '@tanstack/react-query';
import type { NotMeChange, NotMeResult } from '@shared/accounts/not-me.schema';
import { apiRequest } from '@web/lib/api-client';

/** What the 'No fui yo' link is about; a spent, expired or unknown link answers its reason. */
export function useNotMePreview(token: string | null) {
  return useQuery({
    queryKey: ['not-me', token],
    queryFn: () =>
      apiRequest<NotMeChange>('/api/account/not-me/preview', {
        method: 'POST',
        body: { token: token ?? '' },
      }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Protects the account: the link is spent, sessions end, a new password is asked for by e-mail. */
export function useConfirmNotMe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<NotMeResult>('/api/account/not-me', { method: 'POST', body: { token } }),
  });
}
