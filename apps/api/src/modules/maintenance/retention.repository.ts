import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { technicalEventTypesSql } from '../../db/schema/events.ts';

/*
 * One batch of the daily trim per table (retention.service.ts decides the windows and loops). Each
 * statement deletes at most `limit` rows, chosen by the table's key in a subquery, and answers how many
 * went: a first run on a table grown for years holds its locks, and the pool's statement timeout, for
 * one short batch at a time rather than one long delete.
 */

/** Runs `delete from <table> where <key> in (<chosen>)` and answers the number of rows deleted. */
async function deleteChosen(db: Executor, table: SQL, key: SQL, chosen: SQL): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with gone as (delete from ${table} where ${key} in (${chosen}) returning 1)
        select count(*)::int as deleted from gone`,
  );
  return Number(row?.deleted ?? 0);
}

/**
 * Bookkeeping events (TECHNICAL_EVENT_TYPES) written before `before`, once their jobs were sent: an
 * event still waiting for dispatch has work to give, whatever its age. The types are named as the
 * partial index events_technical_created_idx names them, so each batch reads that index alone.
 * Notifications written from one keep their text; their event_id becomes null (ON DELETE SET NULL).
 */
export function deleteTechnicalEventsBatch(
  db: Executor,
  opts: { before: Date; limit: number },
): Promise<number> {
  return deleteChosen(
    db,
    sql`events`,
    sql`id`,
    sql`select id from events
        where type in ${technicalEventTypesSql}
          and created_at < ${opts.before.toISOString()}::timestamptz
          and dispatched_at is not null
        limit ${opts.limit}`,
  );
}

/** Notifications read before `before`; an unread one is never chosen. */
export function deleteReadNotificationsBatch(
  db: Executor,
  opts: { before: Date; limit: number },
): Promise<number> {
  return deleteChosen(
    db,
    sql`notifications`,
    sql`id`,
    sql`select id from notifications
        where read_at < ${opts.before.toISOString()}::timestamptz
        limit ${opts.limit}`,
  );
}

/** Idempotency keys claimed before `before`: past their keeping, a repeat would be taken as new anyway. */
export function deleteIdempotencyKeysBatch(
  db: Executor,
  opts: { before: Date; limit: number },
): Promise<number> {
  return deleteChosen(
    db,
    sql`idempotency_keys`,
    sql`(user_id, key)`,
    sql`select user_id, key from idempotency_keys
        where created_at < ${opts.before.toISOString()}::timestamptz
        limit ${opts.limit}`,
  );
}

/**
 * Sign-in, reset and registration counters whose window ended before `before` (their `expire` is epoch
 * milliseconds). A counter without an expiry is rate-limiter-flexible's "for good" and stays.
 */
export function deleteLoginLimitsBatch(db: Executor, opts: { before: Date; limit: number }): Promise<number> {
  return deleteChosen(
    db,
    sql`login_limits`,
    sql`key`,
    sql`select key from login_limits where expire < ${opts.before.getTime()} limit ${opts.limit}`,
  );
}

/** Reset links that expired, or were used, before `before`. */
export function deleteResetTokensBatch(db: Executor, opts: { before: Date; limit: number }): Promise<number> {
  const before = opts.before.toISOString();
  return deleteChosen(
    db,
    sql`password_reset_tokens`,
    sql`id`,
    sql`select id from password_reset_tokens
        where expires_at < ${before}::timestamptz or used_at < ${before}::timestamptz
        limit ${opts.limit}`,
  );
}

/** An API key's per-minute request counts for minutes that began before `before`. */
export function deleteApiKeyUsageBatch(db: Executor, opts: { before: Date; limit: number }): Promise<number> {
  return deleteChosen(
    db,
    sql`api_key_usage`,
    sql`(api_key_id, window_start)`,
    sql`select api_key_id, window_start from api_key_usage
        where window_start < ${opts.before.toISOString()}::timestamptz
        limit ${opts.limit}`,
  );
}
