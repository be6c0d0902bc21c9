import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.ts';

/** How long an answer is kept for repeats. */
export const IDEMPOTENCY_HOURS = 24;

export interface StoredAnswer extends Record<string, unknown> {
  fingerprint: string;
  status: number | null;
  body: string | null;
}

/**
 * Claims (user, key) for a request: true when this request may go ahead. A claim older than the kept
 * period is taken over, as if the key were new.
 */
export async function claimKey(db: Executor, userId: string, key: string, fingerprint: string) {
  const rows = await queryRows<{ claimed: boolean }>(
    db,
    sql`
      insert into idempotency_keys (user_id, key, fingerprint)
      values (${userId}, ${key}, ${fingerprint})
      on conflict (user_id, key) do update
        set fingerprint = excluded.fingerprint, status = null, body = null, created_at = now()
        where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
      returning true as claimed`,
  );
  return rows.length > 0;
}

export async function findAnswer(db: Executor, userId: string, key: string) {
  const [row] = await queryRows<StoredAnswer>(
    db,
    sql`select fingerprint, status, body from idempotency_keys where user_id = ${userId} and key = ${key}`,
  );
  return row ?? null;
}

export async function saveAnswer(db: Executor, userId: string, key: string, status: number, body: string) {
  await db.execute(
    sql`update idempotency_keys set status = ${status}, body = ${body} where user_id = ${userId} and key = ${key}`,
  );
}

/** Gives the key back after an answer that did not decide anything (a 5xx), so a repeat runs again. */
export async function releaseKey(db: Executor, userId: string, key: string) {
  await db.execute(
    sql`delete from idempotency_keys where user_id = ${userId} and key = ${key} and status is null`,
  );
}

export async function deleteExpiredKeys(db: Executor) {
  await db.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`,
  );
}
