import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { markReadInPages } from '../utils/notifications-cache';
import { notificationsKeys, type NotificationsData } from './get-notifications';

/** POST /notifications/{id}/read: 204; marking a read one again changes nothing. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/**
 * Marks one notification read the moment it is opened: the dot and the count change at once, since the
 * user is on their way to its screen and will not wait for the answer. The refetch then brings the
 * server's count, which also puts the dot back if the call failed (that failure toasts globally).
 */
export function useMarkNotificationRead(userId: string) {
  const queryClient = useQueryClient();
  const listKey = notificationsKeys.list(userId);
  return useMutation({
    mutationKey: [...notificationsKeys.all(userId), 'read'],
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      // A refetch already under way would answer the count from before this read.
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData<NotificationsData>(listKey, (data) =>
        data ? markReadInPages(data, id, new Date().toISOString()) : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all(userId) }),
  });
}
