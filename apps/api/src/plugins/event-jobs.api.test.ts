import { sql } from 'drizzle-orm';
import type { FeedEvent } from '@aduro/shared/events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.ts';
import { inTransaction } from '../lib/transaction.ts';
import { recordEvent, type NewEvent } from '../modules/events/events.repository.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let org: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ jobPollingSeconds: 0.5 });
  org = await t.organisationIds();
});
afterAll(async () => {
  await t.close();
});

const record = (event: NewEvent) => inTransaction(t.app.db, (tx) => recordEvent(tx, event));

describe('events with nothing to consume them', () => {
  it('are marked dispatched by the sweep, so a consumer added later does not replay them', async () => {
    await record({ type: 'product.created', orgIds: [org['Tema Pharma Distributors']!] });
    expect(await t.app.eventJobs.dispatch()).toBeGreaterThanOrEqual(1);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from events where dispatched_at is null`,
    );
    expect(left!.n).toBe(0);
  });
});

describe('events become jobs', () => {
  it('runs each consumer once for each committed event of the types it asks for', async () => {
    const orders: FeedEvent[] = [];
    const carts: FeedEvent[] = [];
    await t.app.eventJobs.consume('test-orders', ['order.drafted', 'order.released'], async (event) => {
      orders.push(event);
    });
    await t.app.eventJobs.consume('test-carts', ['cart.changed'], async (event) => {
      carts.push(event);
    });
    const buyer = org['AccraCare Pharmacy']!;
    const supplier = org['Tema Pharma Distributors']!;
    const drafted = await record({ type: 'order.drafted', orgIds: [buyer, supplier] });
    const cart = await record({ type: 'cart.changed', orgIds: [buyer] });
    const released = await record({ type: 'order.released', orgIds: [buyer, supplier] });
    // Neither consumer asks for this one.
    await record({ type: 'product.created', orgIds: [supplier] });

    await vi.waitFor(
      () => {
        if (orders.length < 2 || carts.length < 1) throw new Error(`${orders.length} + ${carts.length} ran`);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(orders.map((e) => e.id).sort()).toEqual([drafted.id, released.id].sort());
    expect(orders.find((e) => e.id === drafted.id)).toMatchObject({ type: 'order.drafted' });
    expect(carts.map((e) => e.id)).toEqual([cart.id]);

    // The event nobody wants woke nothing; the next dispatch (or the sweep) marks it, sending no job.
    // Then every event is marked as dispatched, so a later sweep sends nothing again.
    await t.app.eventJobs.dispatch();
    expect(await t.app.eventJobs.dispatch()).toBe(0);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from events where dispatched_at is null`,
    );
    expect(left!.n).toBe(0);
    // One job was sent per event and consumer: the queue holds no second copy to run later.
    const jobs = await queryRows<{ name: string; n: number }>(
      t.database.db,
      sql`select name, count(*)::int as n from pgboss.job where name like 'event.test-%' group by name order by name`,
    );
    expect(jobs).toEqual([
      { name: 'event.test-carts', n: 1 },
      { name: 'event.test-orders', n: 2 },
    ]);
  });

  it('dispatches an event that committed after a later one was already dispatched', async () => {
    const seen: number[] = [];
    await t.app.eventJobs.consume('test-late', ['staff.changed'], async (event) => {
      seen.push(event.id);
    });
    const supplier = org['Tema Pharma Distributors']!;
    // The first transaction takes its id, then waits while a second one commits and is dispatched.
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowRecorded!: () => void;
    const slowHasItsId = new Promise<void>((resolve) => (slowRecorded = resolve));
    const slow = inTransaction(t.app.db, async (tx) => {
      const event = await recordEvent(tx, { type: 'staff.changed', orgIds: [supplier] });
      slowRecorded();
      await slowMayCommit;
      return event;
    });
    // The second transaction starts only once the first holds the earlier id (on a loaded machine the
    // first may not have reached its insert yet).
    if (t.database.driver === 'postgres') await slowHasItsId;
    // PGlite runs one transaction at a time, so there the two commit in order; on PostgreSQL they overlap.
    const fast =
      t.database.driver === 'postgres' ? await record({ type: 'staff.changed', orgIds: [supplier] }) : null;
    if (fast) await vi.waitFor(() => expect(seen).toContain(fast.id), { timeout: 30_000, interval: 100 });
    releaseSlow();
    const late = await slow;
    await vi.waitFor(() => expect(seen).toContain(late.id), { timeout: 30_000, interval: 100 });
    if (fast) expect(late.id).toBeLessThan(fast.id);
  });
});
