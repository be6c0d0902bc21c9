import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TECHNICAL_EVENT_TYPES } from '@aduro/shared/activity';
import type { EventAudience, EventRefs, EventType } from '@aduro/shared/events';

/**
 * The bookkeeping types as an SQL list of literals, `('a', 'b')`: the partial index below and the daily
 * trim's query (modules/maintenance/retention.repository.ts) must name them in the same words for the
 * planner to use the one for the other. The types are fixed identifiers, so quoting is enough.
 */
export const technicalEventTypesSql = sql.raw(
  `(${TECHNICAL_EVENT_TYPES.map((type) => `'${type.replace(/'/g, "''")}'`).join(', ')})`,
);

/**
 * The change feed (docs/decisions/0006-one-change-feed.md): one row per workflow that changed what others
 * see, written in that workflow's transaction and announced with NOTIFY on commit. Rows are kept: the
 * stream's resume, and later notifications and the audit trail, read them back. Only the bookkeeping
 * types go, 30 days on (modules/maintenance/retention.service.ts, docs/decisions/0017-retention-windows.md).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').$type<EventType>().notNull(),
    // The organisations concerned (buyer, supplier, the organisation changed); their members receive it.
    orgIds: uuid('org_ids').array().notNull(),
    // Kinds of user who receive it without being concerned (every buyer for an offer change).
    audience: text('audience')
      .$type<EventAudience>()
      .array()
      .notNull()
      .default(sql`'{}'`),
    refs: jsonb('refs')
      .$type<EventRefs>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // No foreign key: the trail keeps who acted after that user is removed.
    actorUserId: uuid('actor_user_id'),
    // The API key the actor's write was made with (issue 33): the trail names it. No foreign key either.
    apiKeyId: uuid('api_key_id'),
    // clock_timestamp, not now(): the row is written last in its transaction, so this is close to its
    // commit, which is what a resume window is measured against.
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`clock_timestamp()`),
    // When the event's background jobs were sent (plugins/event-jobs.ts); null until then. Events from
    // before the job queue count as dispatched (migration 0005), so history is not replayed.
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('events_org_ids_idx').using('gin', t.orgIds),
    index('events_created_at_idx').on(t.createdAt),
    index('events_undispatched_idx')
      .on(t.id)
      .where(sql`dispatched_at is null`),
    // The daily trim's way to the bookkeeping events past their window, without walking the activity
    // trail's events, which are never trimmed and so outnumber them more each year.
    index('events_technical_created_idx')
      .on(t.createdAt)
      .where(sql`type in ${technicalEventTypesSql}`),
  ],
);
