import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { unreadCountOf, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationItem } from './notification-item';

export const NO_NOTIFICATIONS_MESSAGE = 'You have no notifications yet.';

interface NotificationListProps {
  userId: string;
  /** Closes the panel the list sits in, once the user follows a notification to its screen. */
  onLeave: () => void;
}

/** The body of the bell's panel: the user's notifications, newest first, a page at a time. */
export function NotificationList({ userId, onLeave }: NotificationListProps) {
  const notifications = useNotifications(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  const open = useOpenNotification(userId, onLeave);
  // One clock per opening of the panel: rows read "5 min ago" from the same moment, and stay put.
  const [now] = useState(() => new Date());
  const { data } = notifications;
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const unread = unreadCountOf(data);

  if (notifications.isPending) {
    return (
      <div role="status" aria-label="Loading notifications" className="space-y-4 py-1">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-3">
            <Skeleton className="mt-1 size-2 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (notifications.isError && !data) {
    // The bell's read does not toast (it rides on every screen), so the reason is told here.
    return (
      <LoadFailed
        message={`Your notifications could not be loaded. ${getErrorMessage(notifications.error)}`}
        onRetry={() => void notifications.refetch()}
      />
    );
  }
  if (items.length === 0) return <EmptyState message={NO_NOTIFICATIONS_MESSAGE} />;

  return (
    <div className="-mx-5 -my-4">
      {/* -top-4: the panel's body is padded, and the bar must stick to its very top edge, not 1rem below. */}
      <div className="sticky -top-4 z-10 flex min-h-11 items-center justify-between gap-3 border-b border-slate-100 bg-white/95 px-5 py-1.5 backdrop-blur">
        <p className="text-sm text-slate-600" aria-live="polite">
          {unread > 0 ? `${unread} unread` : 'All caught up'}
        </p>
        {unread > 0 && (
          <button
            type="button"
            className="rounded-md px-1 py-1 text-sm font-medium text-emerald-800 hover:underline disabled:text-slate-400"
            disabled={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </button>
        )}
      </div>
      <ul aria-label="Notifications" className="divide-y divide-slate-100">
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} now={now} onOpen={open} />
        ))}
      </ul>
      {notifications.hasNextPage && (
        <div className="flex flex-col items-center gap-2 border-t border-slate-100 px-5 py-4">
          {notifications.isFetchNextPageError && (
            <p role="alert" className="text-center text-sm text-rose-700">
              Older notifications could not be loaded. {getErrorMessage(notifications.error)}
            </p>
          )}
          <Button
            variant="secondary"
            size="sm"
            loading={notifications.isFetchingNextPage}
            onClick={() => void notifications.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
