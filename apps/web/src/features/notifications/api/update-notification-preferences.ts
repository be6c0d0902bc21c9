import {
  notificationPreferencesSchema,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@aduro/shared/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKeys } from './get-notifications';

export const PREFERENCES_SAVED_MESSAGE = 'Notification settings saved';

/** PUT /notifications/preferences: changes the topics sent and answers every topic as it now stands. */
export function updateNotificationPreferences(
  body: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  return apiRequest('/notifications/preferences', {
    method: 'PUT',
    body,
    schema: notificationPreferencesSchema,
  });
}

/** A refusal (a topic the user's roles no longer receive) toasts the server's message globally. */
export function useUpdateNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...notificationsKeys.all(userId), 'preferences'],
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => {
      // The answer is every topic as it now stands, so it replaces the cached read without another one.
      queryClient.setQueryData(notificationsKeys.preferences(userId), saved);
      toast.success(PREFERENCES_SAVED_MESSAGE);
    },
  });
}
