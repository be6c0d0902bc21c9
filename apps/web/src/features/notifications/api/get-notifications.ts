import {
  NOTIFICATIONS_PAGE_DEFAULT,
  notificationsPageSchema,
  type NotificationsPage,
} from '@aduro/shared/notifications';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Notifications belong to one user, not to the whole organisation, so the keys carry the user: a
 * colleague signing in on the same browser never sees the last one's bell. The first part is the
 * prefix the live feed refreshes on 'notifications.added' (lib/live/live-invalidations.ts).
 */
export const notificationsKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
  preferences: (userId: string) => ['notifications', userId, 'preferences'] as const,
};

/** What the list's cache holds: the pages read so far, newest first. */
export type NotificationsData = InfiniteData<NotificationsPage>;

/** GET /notifications?cursor=&limit=: one page of the caller's notifications, newest first. */
export function getNotifications(
  cursor: string | null,
  signal?: AbortSignal,
  limit = NOTIFICATIONS_PAGE_DEFAULT,
): Promise<NotificationsPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/notifications?${query.toString()}`, { schema: notificationsPageSchema, signal });
}

export const notificationsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The bell reads on every signed-in screen without being asked to, and has its own place to say
    // it failed (the panel): it neither lights the Syncing pill nor toasts on each page it rides on.
    meta: { background: true, suppressErrorToast: true },
  });

/** The bell and its panel read the same pages, so the count and the list never disagree. */
export function useNotifications(userId: string) {
  return useInfiniteQuery(notificationsQueryOptions(userId));
}

/** The caller's unread notifications, every page counted: the first page's figure is the freshest. */
export function unreadCountOf(data: NotificationsData | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0;
}
