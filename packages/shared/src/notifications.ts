import { z } from 'zod';
import { eventTypeSchema } from './events.ts';

/**
 * In-app notifications (DOMAIN.md "Notifications"): what a user hears of the events that concern them,
 * newest first, each with a link to the screen concerned.
 */
export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  badCursor: 'cursor must be a nextCursor this list answered',
} as const;

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

export const notificationsQuerySchema = z.object({
  /** The nextCursor of the previous page; absent for the first page. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationIdParamsSchema = z.object({
  id: z.string().uuid({ error: NOTIFICATION_MESSAGES.notFound }),
});

export const notificationSchema = z
  .object({
    id: z.uuid(),
    /** The type of the event the notification tells of. */
    type: eventTypeSchema,
    title: z.string(),
    body: z.string(),
    /** The app path of the screen concerned, e.g. /customer/orders. */
    link: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsPageSchema = z
  .object({
    items: z.array(notificationSchema),
    /** Pass as cursor for the next, older page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** The caller's unread notifications, all pages together. */
    unreadCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'NotificationsPage' });
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;
