import type { Notification } from '@aduro/shared/notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/**
 * What opening a notification does: it is read from then on and, when the user goes to its screen in
 * this tab, the panel gets out of the way. The row's Link does the navigating itself.
 */
export function useOpenNotification(userId: string, closePanel: () => void) {
  const markRead = useMarkNotificationRead(userId);
  return (notification: Notification, { leaving }: { leaving: boolean }) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    if (leaving) closePanel();
  };
}
