import type { Executor } from '../../db/client.ts';
import { IDEMPOTENCY_HOURS } from '../../plugins/idempotency.repository.ts';
import {
  deleteApiKeyUsageBatch,
  deleteTechnicalEventsBatch,
  deleteIdempotencyKeysBatch,
  deleteLoginLimitsBatch,
  deleteReadNotificationsBatch,
  deleteResetTokensBatch,
} from './retention.repository.ts';

/*
 * The windows of the tables that would otherwise grow for as long as Aduro runs (docs/domain.md
 * "Retention", docs/decisions/0017-retention-windows.md). Every other table is a record the business or
 * the law needs (orders, invoices, payments, recalls, the controlled register, the activity trail ...) and
 * is never trimmed; backups keep history beyond these windows.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Bookkeeping events (TECHNICAL_EVENT_TYPES: bells refreshing, cart lines, ended sessions) are kept 30
 * days. They matter only to screens open when they happen: a stream resumes a few seconds back
 * (RESUME_WINDOW_SECONDS) and a tab that slept longer refetches what it shows; a month is far past any
 * resume and still answers "my bell did not change yesterday". Every other event is the activity trail
 * and is never trimmed.
 */
export const TECHNICAL_EVENTS_KEPT_DAYS = 30;

/**
 * A read notification is kept 90 days after it was read: the bell's list still shows last quarter's
 * messages, and the e-mail sent with each is the user's own copy. An unread one stays until it is read.
 */
export const READ_NOTIFICATIONS_KEPT_DAYS = 90;

/**
 * An ended reset link (expired after its 30 minutes, or used) is kept a day, so a support question about
 * yesterday's link can still be answered from the table; it opens nothing either way.
 */
export const ENDED_RESET_TOKENS_KEPT_DAYS = 1;

/**
 * An API key's per-minute counts are read only in their own minute; the key's own requests delete the
 * ones behind it, and this clears those of keys that went quiet, an hour on.
 */
export const API_KEY_USAGE_KEPT_HOURS = 1;

/** Rows per delete statement: small enough to hold locks briefly on a table grown for years. */
export const TRIM_BATCH_SIZE = 5_000;

/** The trimmed tables, each with the batch that deletes what is past its window at `now`. */
const TRIMS: ReadonlyArray<{
  table: string;
  batch: (db: Executor, now: Date, limit: number) => Promise<number>;
}> = [
  {
    table: 'events',
    batch: (db, now, limit) =>
      deleteTechnicalEventsBatch(db, {
        before: new Date(now.getTime() - TECHNICAL_EVENTS_KEPT_DAYS * DAY_MS),
        limit,
      }),
  },
  {
    table: 'notifications',
    batch: (db, now, limit) =>
      deleteReadNotificationsBatch(db, {
        before: new Date(now.getTime() - READ_NOTIFICATIONS_KEPT_DAYS * DAY_MS),
        limit,
      }),
  },
  {
    table: 'idempotency_keys',
    batch: (db, now, limit) =>
      deleteIdempotencyKeysBatch(db, {
        before: new Date(now.getTime() - IDEMPOTENCY_HOURS * HOUR_MS),
        limit,
      }),
  },
  {
    table: 'login_limits',
    batch: (db, now, limit) => deleteLoginLimitsBatch(db, { before: now, limit }),
  },
  {
    table: 'password_reset_tokens',
    batch: (db, now, limit) =>
      deleteResetTokensBatch(db, {
        before: new Date(now.getTime() - ENDED_RESET_TOKENS_KEPT_DAYS * DAY_MS),
        limit,
      }),
  },
  {
    table: 'api_key_usage',
    batch: (db, now, limit) =>
      deleteApiKeyUsageBatch(db, {
        before: new Date(now.getTime() - API_KEY_USAGE_KEPT_HOURS * HOUR_MS),
        limit,
      }),
  },
];

/**
 * Deletes what is past its window at `now` in each bounded table, batch after batch until a batch
 * comes back short, and answers the rows deleted per table. Each batch is its own statement (no
 * transaction around them): a run cut short keeps what it deleted, and the next run goes on from there.
 * pg-boss trims its own job archive (plugins/jobs.ts, KEEP_ARCHIVED_DAYS).
 */
export async function trimTables(
  db: Executor,
  now: Date = new Date(),
  options: { batchSize?: number } = {},
): Promise<Record<string, number>> {
  const limit = options.batchSize ?? TRIM_BATCH_SIZE;
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new RangeError(`batch size must be a positive integer`);
  const deleted: Record<string, number> = {};
  for (const { table, batch } of TRIMS) {
    let total = 0;
    for (;;) {
      const n = await batch(db, now, limit);
      total += n;
      if (n < limit) break;
    }
    deleted[table] = total;
  }
  return deleted;
}
