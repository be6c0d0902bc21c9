import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Tx } from '../db/client.ts';
import { recordedInRequest } from '../modules/events/events.repository.ts';
import { isRetryableTransactionError } from './errors.ts';

/** Attempts of one transaction, the first included, before its deadlock or serialization error is answered. */
export const TRANSACTION_ATTEMPTS = 4;

export interface RetryOptions {
  attempts?: number;
  /** Base wait before the second attempt; each later wait doubles, each with full jitter. */
  baseDelayMs?: number;
}

/**
 * Runs `work` in one transaction, and again (up to TRANSACTION_ATTEMPTS in all, after a short jittered
 * wait) when PostgreSQL aborts it for a deadlock (40P01) or a serialization failure (40001); any other
 * error is thrown at once. The only way services open a transaction (DOMAIN.md "Locks and retries"), so
 * `work` must be safe to run again: everything it does is in the transaction, which rolled back. Events
 * a failed attempt recorded for this request are forgotten, since their rows rolled back with it.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  const baseDelayMs = options.baseDelayMs ?? 20;
  for (let attempt = 1; ; attempt++) {
    const recorded = recordedInRequest.getStore();
    const mark = recorded?.length ?? 0;
    try {
      return await db.transaction(work);
    } catch (err) {
      if (recorded) recorded.length = mark;
      if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
      await sleep(Math.random() * baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
