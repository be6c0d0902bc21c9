import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedEvent } from '@aduro/shared/events';
import { queryRows, type Database } from '../../db/client.ts';
import { openTestDatabase, testDriver } from '../../test/databases.ts';
import { FEED_CHANNEL, recordEvent } from './events.repository.ts';
import { ChangeFeed } from './feed.ts';

let database: Database;
let feed: ChangeFeed;
const heard: FeedEvent[] = [];
let resyncs = 0;
const waiting: Array<() => void> = [];

beforeAll(async () => {
  database = await openTestDatabase({
    pglitePath: inject('pgliteTemplatePath'),
    postgres: inject('postgresTemplate'),
  });
  feed = new ChangeFeed(database);
  await feed.start();
  feed.subscribe((event) => {
    heard.push(event);
    for (const wake of waiting.splice(0)) wake();
  });
  feed.onResync(() => {
    resyncs += 1;
    for (const wake of waiting.splice(0)) wake();
  });
});
afterAll(async () => {
  await feed.close();
  await database.close();
});

/** Waits until the condition holds; every feed delivery re-checks it (state, not time). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise<void>((resolve) => waiting.push(resolve));
}

const org = randomUUID();
const record = (refs: FeedEvent['refs'] = {}) =>
  database.db.transaction((tx) => recordEvent(tx, { type: 'staff.changed', orgIds: [org], refs }));

describe('the change feed in one process', () => {
  it('delivers an event recorded in a committed transaction to every subscriber, once', async () => {
    const event = await record({ userId: randomUUID() });
    await until(() => heard.some((e) => e.id === event.id));
    expect(heard.filter((e) => e.id === event.id)).toEqual([event]);
    expect(feed.hasSeen(event.id)).toBe(true);
    expect(feed.position).toBeGreaterThanOrEqual(event.id);
  });

  it('never announces the event of a transaction that rolled back', async () => {
    const marker = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await recordEvent(tx, { type: 'staff.changed', orgIds: [org], refs: { userId: marker } });
        throw new Error('the workflow failed after recording');
      }),
    ).rejects.toThrow('the workflow failed');
    // A later committed event arrives; the rolled-back one never did, and no row was kept.
    const after = await record();
    await until(() => heard.some((e) => e.id === after.id));
    expect(heard.some((e) => e.refs.userId === marker)).toBe(false);
    const rows = await queryRows(database.db, sql`select id from events where refs->>'userId' = ${marker}`);
    expect(rows).toEqual([]);
  });

  it('reads back an event too large for a NOTIFY payload', async () => {
    const productIds = Array.from({ length: 400 }, () => randomUUID());
    const big = await database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'inventory.synced',
        orgIds: [org],
        audience: ['customer'],
        refs: { productIds },
      }),
    );
    await until(() => heard.some((e) => e.id === big.id));
    expect(heard.find((e) => e.id === big.id)?.refs.productIds).toHaveLength(400);
  });

  it('tells which events it had applied when something was derived, for answers served while refreshing', async () => {
    const first = await record();
    await until(() => feed.hasSeen(first.id));
    const mark = feed.mark;
    const second = await record();
    await until(() => feed.hasSeen(second.id));
    expect(feed.appliedBy(first.id, mark)).toBe(true);
    expect(feed.appliedBy(second.id, mark)).toBe(false);
    expect(feed.appliedBy(second.id, feed.mark)).toBe(true);
  });

  it('lets a request wait for an event it was told of, and gives up after the time given', async () => {
    const event = await record();
    await expect(Promise.resolve(feed.waitFor(event.id, 60_000))).resolves.toBe(true);
    await expect(Promise.resolve(feed.waitFor(Number.MAX_SAFE_INTEGER, 10))).resolves.toBe(false);
  });
});

describe.skipIf(testDriver() !== 'postgres')('the change feed after a lost connection (PostgreSQL)', () => {
  it('reconnects by itself, replays what was committed meanwhile, and tells subscribers to resync', async () => {
    const before = resyncs;
    // Cut this process's LISTEN connection the way a restart or failover would.
    const cut = await queryRows<{ n: number }>(
      database.db,
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and query ilike ${`LISTEN "${FEED_CHANNEL}"%`}`,
    );
    expect(cut[0]!.n).toBe(1);
    const missed = await record({ userId: randomUUID() });
    await until(() => heard.some((e) => e.id === missed.id) && resyncs > before);
    expect(heard.filter((e) => e.id === missed.id)).toHaveLength(1);
    expect(feed.connected).toBe(true);
    // And it goes on hearing NOTIFY as before.
    const next = await record();
    await until(() => heard.some((e) => e.id === next.id));
  });
});
