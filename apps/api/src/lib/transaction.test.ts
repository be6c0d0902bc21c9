import { describe, expect, it } from 'vitest';
import type { FeedEvent } from '@aduro/shared/events';
import type { Db, Tx } from '../db/client.ts';
import { hearCommits, noteRecorded } from '../modules/events/events.repository.ts';
import { conflict } from './errors.ts';
import { inTransaction, TRANSACTION_ATTEMPTS } from './transaction.ts';

/** A database whose transactions fail with the given errors, one per attempt, then succeed. */
function failingDb(failures: unknown[]) {
  let attempts = 0;
  const db = {
    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      attempts += 1;
      const result = await work({} as Tx);
      const failure = failures.shift();
      if (failure) throw failure;
      return result;
    },
  } as unknown as Db;
  return { db, attempts: () => attempts };
}

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
// drizzle wraps the driver's error in its own, with the driver's as the cause.
const wrapped = (code: string) => new Error('Failed query: update ...', { cause: pgError(code) });
const fast = { baseDelayMs: 1 };

describe('inTransaction', () => {
  it('runs a deadlocked or serialization-failed transaction again until it commits', async () => {
    const { db, attempts } = failingDb([pgError('40P01'), wrapped('40001'), wrapped('40P01')]);
    await expect(inTransaction(db, async () => 'done', fast)).resolves.toBe('done');
    expect(attempts()).toBe(4);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts and throws the last deadlock`, async () => {
    const deadlocks = Array.from({ length: 10 }, () => pgError('40P01'));
    const { db, attempts } = failingDb(deadlocks);
    await expect(inTransaction(db, async () => 'done', fast)).rejects.toMatchObject({ code: '40P01' });
    expect(attempts()).toBe(TRANSACTION_ATTEMPTS);
  });

  it('never runs a transaction again for any other error', async () => {
    for (const failure of [
      pgError('23505'),
      wrapped('57P01'),
      conflict('APPLICATION_DECIDED', 'Already decided'),
      new Error('bug'),
    ]) {
      const { db, attempts } = failingDb([failure]);
      await expect(inTransaction(db, async () => 'done', fast)).rejects.toBe(failure);
      expect(attempts()).toBe(1);
    }
  });

  it("hands the committed attempt's events to the database's feed once, and none of a rolled-back one", async () => {
    const event = (id: number) => ({ id }) as FeedEvent;
    let next = 10;
    const { db } = failingDb([pgError('40P01'), pgError('40001')]);
    const heard: number[][] = [];
    hearCommits(db, (events) => heard.push(events.map((e) => e.id)));
    try {
      await inTransaction(
        db,
        async (tx) => {
          noteRecorded(tx, event(next++));
          noteRecorded(tx, event(next++));
        },
        fast,
      );
    } finally {
      hearCommits(db, null);
    }
    // Attempts one and two rolled back (events 10-13); the third committed.
    expect(heard).toEqual([[14, 15]]);
  });

  it('announces nothing when the work fails for good', async () => {
    const { db } = failingDb([conflict('APPLICATION_DECIDED', 'Already decided')]);
    const heard: FeedEvent[][] = [];
    hearCommits(db, (events) => heard.push([...events]));
    try {
      await expect(
        inTransaction(db, async (tx) => noteRecorded(tx, { id: 1 } as FeedEvent), fast),
      ).rejects.toThrow('Already decided');
    } finally {
      hearCommits(db, null);
    }
    expect(heard).toEqual([]);
  });
});
