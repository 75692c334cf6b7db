import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailPreferences,
  NotificationKind,
  NotificationList,
} from '@shared/notifications/notifications.schema';
import { apiRequest } from '@web/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** The bell's list, refreshed every minute and when the window gets focus. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => apiRequest<NotificationList>('/api/notifications'),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      apiRequest<{ ok: true }>(
        id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${id}/read`,
        { method: 'POST', body: {} },
      ),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: notificationKeys.list() });
      const previous = client.getQueryData<NotificationList>(notificationKeys.list());
      if (previous) {
        const items = previous.items.map((item) =>
          id === 'all' || item.id === id ? { ...item, read: true } : item,
        );
        const unread =
          id === 'all'
            ? 0
            : Math.max(
                0,
                previous.unread - (previous.items.some((i) => i.id === id && !i.read) ? 1 : 0),
              );
        client.setQueryData<NotificationList>(notificationKeys.list(), { items, unread });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) client.setQueryData(notificationKeys.list(), context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

export function useEmailPreferences(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => apiRequest<EmailPreferences>('/api/notifications/preferences'),
    enabled,
  });
}

export function useSaveEmailPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: { kind: NotificationKind; email: boolean }) =>
      apiRequest<EmailPreferences>('/api/notifications/preferences', {
        method: 'PUT',
        body: { items: [item] },
      }),
    onSuccess: (data) => client.setQueryData(notificationKeys.preferences(), data),
  });
}
