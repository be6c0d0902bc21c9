import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { markAllReadInPages } from '../utils/notifications-cache';
import { notificationsKeys, type NotificationsData } from './get-notifications';

/** POST /notifications/read-all: 204; every one of the caller's notifications, on every page, is read. */
export async function markAllNotificationsRead(): Promise<void> {
  await apiRequest('/notifications/read-all', { method: 'POST' });
}

/** Clears the count at once; the refetch then brings anything that arrived meanwhile, still unread. */
export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  const listKey = notificationsKeys.list(userId);
  return useMutation({
    mutationKey: [...notificationsKeys.all(userId), 'read-all'],
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData<NotificationsData>(listKey, (data) =>
        data ? markAllReadInPages(data, new Date().toISOString()) : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all(userId) }),
  });
}
