import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { EventType } from '@aduro/shared/events';
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
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
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
  ],
);
