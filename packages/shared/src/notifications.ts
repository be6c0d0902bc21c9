import { z } from 'zod';
import { eventTypeSchema, type EventType } from './events.ts';
import type { RoleName } from './permissions.ts';

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

/**
 * What a user can choose to hear of by e-mail, one topic per row of DOMAIN.md "Notifications". In-app
 * notifications are always on; e-mail is on for every topic until the user turns it off. `heardBy`
 * names the roles whose holders receive the topic, so the server picks recipients and the preferences
 * panel shows each user only the topics they can receive, from this one table.
 */
export const NOTIFICATION_TOPICS = {
  order_drafted: {
    label: 'New orders awaiting approval',
    events: ['order.drafted'],
    heardBy: ['ShippingClerk', 'Admin'],
  },
  order_released: {
    label: 'Orders approved and released',
    events: ['order.released'],
    heardBy: ['InventoryManager', 'ShippingClerk', 'CreditApprover', 'Admin', 'Buyer'],
  },
  drop_moved: {
    label: 'Deliveries shipped, out for delivery, delivered or cancelled',
    events: ['drop.moved'],
    heardBy: ['Buyer'],
  },
  credit_application: {
    label: 'Credit applications',
    events: ['credit.application_submitted'],
    heardBy: ['CreditApprover', 'Admin'],
  },
  credit_decision: {
    label: 'Credit decisions',
    events: ['credit.decided'],
    heardBy: ['Buyer'],
  },
  payment_recorded: {
    label: 'Payments recorded',
    events: ['payment.recorded'],
    heardBy: ['Buyer'],
  },
  // A settled payment concerns the supplier's credit desk too (its receivables and any credit held);
  // a failed one only the buyer, since no money moved (the event names the buyer alone).
  mobile_money: {
    label: 'Mobile money payments received or failed',
    events: ['payment.settled', 'payment.failed'],
    heardBy: ['Buyer', 'CreditApprover', 'Admin'],
  },
  invoice_reminder: {
    label: 'Invoices due within 3 days and overdue',
    events: ['invoice.due_soon', 'invoice.overdue'],
    heardBy: ['Buyer'],
  },
  lot_expiry: {
    label: 'Lots expiring within 30 days and expired',
    events: ['lots.expiring', 'lots.expired'],
    heardBy: ['InventoryManager', 'Admin'],
  },
  recall: {
    label: 'Recalls of batches you hold or received',
    events: ['recall.declared'],
    heardBy: ['Buyer', 'InventoryManager', 'ShippingClerk', 'Admin'],
  },
  recall_acknowledged: {
    label: 'Pharmacies confirming recalled deliveries are quarantined',
    events: ['recall.acknowledged'],
    heardBy: ['InventoryManager', 'ShippingClerk', 'Admin'],
  },
  organisation_status: {
    label: 'Your organisation activated or deactivated',
    events: ['organisation.toggled'],
    heardBy: ['Admin', 'Buyer'],
  },
  supplier_review: {
    label: 'New suppliers awaiting licence review',
    events: ['organisation.registered'],
    heardBy: ['PlatformAdmin'],
  },
  licence_review: {
    label: 'Pharmacy licences awaiting review',
    events: ['licence.submitted'],
    heardBy: ['PlatformAdmin'],
  },
  licence_decision: {
    label: 'Your pharmacy licence verified, rejected or withdrawn',
    events: ['licence.reviewed'],
    heardBy: ['Buyer'],
  },
  licence_expiry: {
    label: 'Your licence or controlled-drugs authorisation expiring within 30 days',
    events: ['licence.expiring', 'licence.authorisation_expiring'],
    heardBy: ['Buyer'],
  },
  registration_expiry: {
    label: 'FDA registrations of products you offer expiring within 30 days',
    events: ['registrations.expiring'],
    heardBy: ['InventoryManager', 'Admin'],
  },
  rfq_invitation: {
    label: 'Requests for quotation you are invited to, their deadlines and cancellations',
    events: ['rfq.opened', 'rfq.deadline_near', 'rfq.cancelled'],
    heardBy: ['InventoryManager', 'Admin'],
  },
  rfq_award: {
    label: 'Awards of requests for quotation you were invited to, won or not',
    events: ['rfq.awarded'],
    heardBy: ['InventoryManager', 'Admin'],
  },
  rfq_quotes: {
    label: 'Quotes arriving on your requests for quotation, and their closing',
    events: ['rfq.response_received', 'rfq.closed'],
    heardBy: ['Buyer'],
  },
  return_request: {
    label: 'Returns pharmacies ask to send back',
    events: ['return.requested'],
    heardBy: ['ShippingClerk', 'InventoryManager', 'Admin'],
  },
  return_progress: {
    label: 'Your returns approved, rejected, received and credited',
    events: ['return.decided', 'return.received', 'return.inspected'],
    heardBy: ['Buyer'],
  },
} as const satisfies Record<
  string,
  { label: string; events: readonly EventType[]; heardBy: readonly RoleName[] }
>;
export type NotificationTopic = keyof typeof NOTIFICATION_TOPICS;
export const NOTIFICATION_TOPIC_NAMES = Object.keys(NOTIFICATION_TOPICS) as NotificationTopic[];
export const notificationTopicSchema = z.enum(
  NOTIFICATION_TOPIC_NAMES as [NotificationTopic, ...NotificationTopic[]],
  {
    error: 'topic must be one of the notification topics',
  },
);

/** The topic an event's notifications belong to, or undefined when the event notifies nobody. */
export function topicOfEvent(type: EventType): NotificationTopic | undefined {
  return NOTIFICATION_TOPIC_NAMES.find((topic) =>
    (NOTIFICATION_TOPICS[topic].events as readonly EventType[]).includes(type),
  );
}

/** The topics a holder of `roles` receives, in the table's order. */
export function topicsForRoles(roles: readonly string[]): NotificationTopic[] {
  return NOTIFICATION_TOPIC_NAMES.filter((topic) =>
    (NOTIFICATION_TOPICS[topic].heardBy as readonly string[]).some((role) => roles.includes(role)),
  );
}

export const notificationPreferenceSchema = z
  .object({
    topic: notificationTopicSchema,
    label: z.string(),
    /** Whether the user also receives this topic by e-mail. */
    email: z.boolean(),
  })
  .meta({ id: 'NotificationPreference' });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET and PUT /api/notifications/preferences answer the topics the caller can receive. */
export const notificationPreferencesSchema = z
  .object({ topics: z.array(notificationPreferenceSchema) })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const PREFERENCE_MESSAGES = {
  notYours: 'You do not receive this topic',
  empty: 'Choose at least one topic',
} as const;

/** PUT /api/notifications/preferences: the topics to change; the others stay as they are. */
export const updateNotificationPreferencesSchema = z
  .object({
    topics: z
      .array(z.object({ topic: notificationTopicSchema, email: z.boolean() }))
      .min(1, { error: PREFERENCE_MESSAGES.empty })
      .max(NOTIFICATION_TOPIC_NAMES.length),
  })
  .meta({ id: 'UpdateNotificationPreferences' });
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;
