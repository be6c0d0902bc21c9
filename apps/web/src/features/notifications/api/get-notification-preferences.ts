import { notificationPreferencesSchema, type NotificationPreferences } from '@aduro/shared/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKeys } from './get-notifications';

/** GET /notifications/preferences: the topics the caller's roles receive, each with its e-mail choice. */
export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiRequest('/notifications/preferences', { schema: notificationPreferencesSchema, signal });
}

export const notificationPreferencesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationsKeys.preferences(userId),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

/** Read only while the settings dialog is open: nothing else shows the preferences. */
export function useNotificationPreferences(userId: string, enabled: boolean) {
  return useQuery({ ...notificationPreferencesQueryOptions(userId), enabled });
}
