import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EventType } from '@aduro/shared/events';
import type { NotificationTopic } from '@aduro/shared/notifications';
import { users } from './auth.ts';
import { events } from './events.ts';

/**
 * In-app notifications (DOMAIN.md "Notifications"): one row per event and recipient, written by the
 * notifications job (modules/notifications/notifications.jobs.ts). The unique (event, user) pair makes a
 * retried job insert nothing twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The event it was written from. Null once retention has trimmed that event (a bookkeeping event past
    // its window, modules/maintenance/retention.service.ts): the notification carries its own text and
    // link, and an unread one stays until it is read (docs/decisions/0017-retention-windows.md).
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, { onDelete: 'set null' }),
    // The event's type.
    type: text('type').$type<EventType>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    // The app path of the screen concerned, e.g. /customer/orders.
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    unique('notifications_event_user_unique').on(t.eventId, t.userId),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The daily trim finds notifications read long ago by this, batch after batch, without reading the
    // whole table each time; unread ones are not in it.
    index('notifications_read_at_idx')
      .on(t.readAt)
      .where(sql`read_at is not null`),
  ],
);

/**
 * A user's choice of which notification topics also come by e-mail (NOTIFICATION_TOPICS in
 * `@aduro/shared/notifications`). Only choices made are stored: a topic without a row is e-mailed.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').$type<NotificationTopic>().notNull(),
    email: boolean('email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);

/**
 * The daily reminders already given: one per kind and subject (an invoice, a lot), so a reminder run
 * twice in a day, on two replicas or after a missed day, never repeats one, and the event it recorded.
 */
export const reminders = pgTable(
  'reminders',
  {
    kind: text('kind').$type<ReminderKind>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] })],
);

/** The daily reminders' events, each given once per subject. */
export type ReminderKind = Extract<
  EventType,
  | 'invoice.due_soon'
  | 'invoice.overdue'
  | 'lots.expiring'
  | 'lots.expired'
  | 'licence.expiring'
  | 'licence.authorisation_expiring'
  | 'registrations.expiring'
>;
