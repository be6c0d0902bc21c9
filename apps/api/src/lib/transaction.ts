import { setTimeout as sleep } from 'node:timers/promises';
import type { Db, Tx } from '../db/client.ts';
import type { FeedEvent } from '@aduro/shared/events';
import { announceCommitted, collectEvents } from '../modules/events/events.repository.ts';
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
 * `work` must be safe to run again: everything it does is in the transaction, which rolled back. The
 * events the committed attempt recorded go to this process's change feed as it commits, before the
 * caller answers (events.repository.ts announceCommitted); a failed attempt's rolled back with it.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  const baseDelayMs = options.baseDelayMs ?? 20;
  for (let attempt = 1; ; attempt++) {
    // Each attempt's own list: a rolled-back attempt's events were never committed.
    const recorded: FeedEvent[] = [];
    try {
      const result = await db.transaction((tx) => {
        collectEvents(tx, recorded);
        return work(tx);
      });
      announceCommitted(db, recorded);
      return result;
    } catch (err) {
      if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
      await sleep(Math.random() * baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
