import type { NotificationsPage } from '@aduro/shared/notifications';
import type { InfiniteData } from '@tanstack/react-query';

type Pages = InfiniteData<NotificationsPage>;

/**
 * The cached pages with one notification read as of `at`. The count drops only when the notification
 * was unread and is on a loaded page: marking a read one again, or one not loaded, changes nothing here
 * (the refetch that follows brings the server's count).
 */
export function markReadInPages(data: Pages, id: string, at: string): Pages {
  const wasUnread = data.pages.some((page) => page.items.some((n) => n.id === id && n.readAt === null));
  if (!wasUnread) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unreadCount: Math.max(0, page.unreadCount - 1),
      items: page.items.map((n) => (n.id === id ? { ...n, readAt: at } : n)),
    })),
  };
}

/** The cached pages with every notification read as of `at` (those already read keep their time). */
export function markAllReadInPages(data: Pages, at: string): Pages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unreadCount: 0,
      items: page.items.map((n) => (n.readAt === null ? { ...n, readAt: at } : n)),
    })),
  };
}
