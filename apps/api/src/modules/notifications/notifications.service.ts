import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TOPICS,
  PREFERENCE_MESSAGES,
  topicsForRoles,
  type NotificationPreferences,
  type NotificationsPage,
  type NotificationsQuery,
  type UpdateNotificationPreferences,
} from '@aduro/shared/notifications';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { Member } from '../../plugins/auth.ts';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  readPreferences,
  writePreferences,
  type NotificationPosition,
} from './notifications.repository.ts';

/**
 * The notifications API: a user's list, marking read, and which topics also come by e-mail. What each
 * event notifies, and to whom, is written by the job in notify-event.ts.
 */

// --- The API -----------------------------------------------------------------------------------------

const encodeCursor = (p: NotificationPosition) => Buffer.from(JSON.stringify(p)).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POSITION_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeCursor(cursor: string): NotificationPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const p = parsed as Partial<NotificationPosition> | null;
  if (
    typeof p?.at !== 'string' ||
    typeof p.id !== 'string' ||
    !POSITION_AT.test(p.at) ||
    // A real instant, so the database never refuses it (2026-02-30 passes the pattern).
    Number.isNaN(Date.parse(p.at)) ||
    new Date(p.at).toISOString().slice(0, 19) !== p.at.slice(0, 19) ||
    !UUID.test(p.id)
  ) {
    throw badRequest(NOTIFICATION_MESSAGES.badCursor, { cursor: [NOTIFICATION_MESSAGES.badCursor] });
  }
  return { at: p.at, id: p.id };
}

/** The caller's notifications, newest first, a page at a time (keyset on created_at, id). */
export async function getNotifications(
  db: Db,
  user: Member,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const [rows, unreadCount] = await Promise.all([
    listNotifications(db, user.id, { after, limit: query.limit }),
    countUnread(db, user.id),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ position: _position, ...item }) => item),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.position, id: last.id }) : null,
    unreadCount,
  };
}

export async function readNotification(db: Db, user: Member, id: string): Promise<void> {
  if (!(await markRead(db, user.id, id)))
    throw notFound('NOTIFICATION_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
}

export function readAllNotifications(db: Db, user: Member): Promise<void> {
  return markAllRead(db, user.id);
}

// --- Preferences -------------------------------------------------------------------------------------

/** The topics the caller can receive (by their roles), each with whether it also comes by e-mail. */
export async function getPreferences(db: Db, user: Member): Promise<NotificationPreferences> {
  const chosen = new Map((await readPreferences(db, user.id)).map((p) => [p.topic, p.email]));
  return {
    topics: topicsForRoles(user.roles).map((topic) => ({
      topic,
      label: NOTIFICATION_TOPICS[topic].label,
      email: chosen.get(topic) ?? true,
    })),
  };
}

/**
 * Changes the e-mail choice of the topics given; the others stay. A topic the caller's roles never
 * receive is refused with a field error, so a choice is never stored that cannot take effect.
 */
export async function updatePreferences(
  db: Db,
  user: Member,
  update: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const theirs = new Set(topicsForRoles(user.roles));
  const fieldErrors: Record<string, string[]> = {};
  update.topics.forEach(({ topic }, i) => {
    if (!theirs.has(topic)) fieldErrors[`topics.${i}.topic`] = [PREFERENCE_MESSAGES.notYours];
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest(PREFERENCE_MESSAGES.notYours, fieldErrors);
  await inTransaction(db, (tx) => writePreferences(tx, user.id, update.topics));
  return getPreferences(db, user);
}
