import { useMutation } from '@tanstack/react-query';
import type { SupportMessageBody, SupportMessageCreated } from '@shared/support/support.schema';
import { apiRequest } from '@web/lib/api-client';

export function sendSupportMessage(body: SupportMessageBody) {
  return apiRequest<SupportMessageCreated>('/api/public/support', { method: 'POST', body });
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
