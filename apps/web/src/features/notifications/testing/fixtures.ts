import type { Notification, NotificationsPage } from '@aduro/shared/notifications';

let next = 0;

/** A notification as GET /notifications answers it; tests override only what they are about. */
export function notification(overrides: Partial<Notification> = {}): Notification {
  next += 1;
  return {
    id: `7a000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    type: 'order.released',
    title: 'Order PO-2026-000042 released',
    body: 'Tema Pharma Distributors released order PO-2026-000042 (90 units of Amoxicillin 500 mg capsules).',
    link: '/customer/orders?order=33333333-0000-4000-8000-000000000001',
    createdAt: '2026-11-24T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

/** One page of the list; the unread count defaults to the page's own unread rows. */
export function page(items: Notification[], overrides: Partial<NotificationsPage> = {}): NotificationsPage {
  return {
    items,
    nextCursor: null,
    unreadCount: items.filter((n) => n.readAt === null).length,
    ...overrides,
  };
}
