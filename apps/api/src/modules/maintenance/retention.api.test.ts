import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/databases.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { RETENTION_CRON, RETENTION_QUEUE } from './retention.jobs.ts';
import { trimTables } from './retention.service.ts';

/*
 * The daily trim (decision 0017): each bounded table loses exactly what is past its window, and every
 * record the business or the law needs stays, whatever its age. Rows are written with SQL at chosen ages
 * on a database with no server running, so no background job moves them while the test looks.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

let database: Database;
let orgId: string;
let users: string[];

beforeAll(async () => {
  database = await openTestDatabase({
    pglitePath: inject('pgliteTemplatePath'),
    postgres: inject('postgresTemplate'),
  });
  [{ id: orgId }] = (await rows<{ id: string }>(
    sql`select id from organizations where kind = 'supplier' order by name limit 1`,
  )) as [{ id: string }];
  users = (await rows<{ id: string }>(sql`select id from users order by email limit 3`)).map((u) => u.id);
});
afterAll(async () => {
  await database?.close();
});

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(database.db, query);

/** An event of `type` written `ageMs` ago; dispatched (its jobs sent) unless told otherwise. */
async function event(type: string, ageMs: number, dispatched = true): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    insert into events (type, org_ids, created_at, dispatched_at)
    values (${type}, ${`{${orgId}}`}::uuid[], ${ago(ageMs)}::timestamptz,
            ${dispatched ? ago(ageMs) : null}::timestamptz)
    returning id`);
  return Number(row!.id);
}

/** A notification of `eventId` for `userId`, read `readAgoMs` ago, or unread (null). */
async function notification(eventId: number, userId: string, readAgoMs: number | null): Promise<string> {
  const [row] = await rows<{ id: string }>(sql`
    insert into notifications (user_id, event_id, type, title, body, link, created_at, read_at)
    values (${userId}, ${eventId}, 'order.released', 'Order approved', 'PO-1 was approved', '/customer/orders',
            ${ago(400 * DAY)}::timestamptz, ${readAgoMs === null ? null : ago(readAgoMs)}::timestamptz)
    returning id`);
  return row!.id;
}

/** Every table of the app's schema with its row count. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = Number(row!.n);
  }
  return counts;
}

const exists = async (table: string, column: string, value: unknown) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
    )
  )[0]!.n === 1;

describe('trimTables', () => {
  const gone: Array<[table: string, column: string, value: unknown]> = [];
  const kept: Array<[table: string, column: string, value: unknown]> = [];
  let oldPaymentId: string;
  let tradeEvent: number;
  let bellEvent: number;
  let bellNotification: string;
  let before: Record<string, number>;
  let trimmed: Record<string, number>;

  beforeAll(async () => {
    // Bookkeeping events past 30 days go once dispatched; the trail's events stay at any age.
    gone.push(['events', 'id', await event('cart.changed', 40 * DAY)]);
    gone.push(['events', 'id', await event('account.sessions_ended', 400 * DAY)]);
    bellEvent = await event('notifications.added', 31 * DAY);
    gone.push(['events', 'id', bellEvent]);
    kept.push(['events', 'id', await event('cart.changed', 40 * DAY, false)]);
    kept.push(['events', 'id', await event('cart.changed', 29 * DAY)]);
    tradeEvent = await event('order.released', 400 * DAY);
    kept.push(['events', 'id', tradeEvent]);
    kept.push(['events', 'id', await event('payment.recorded', 3000 * DAY)]);

    // Read more than 90 days ago goes; unread stays however old, and so does one read recently.
    gone.push(['notifications', 'id', await notification(tradeEvent, users[0]!, 91 * DAY)]);
    kept.push(['notifications', 'id', await notification(tradeEvent, users[1]!, null)]);
    kept.push(['notifications', 'id', await notification(tradeEvent, users[2]!, 89 * DAY)]);
    bellNotification = await notification(bellEvent, users[0]!, DAY);
    kept.push(['notifications', 'id', bellNotification]);

    for (const [key, age] of [
      ['gone-key', 25 * HOUR],
      ['kept-key', 23 * HOUR],
    ] as const) {
      await rows(sql`insert into idempotency_keys (user_id, key, fingerprint, status, body, created_at)
                     values (${users[0]}, ${key}, 'f', 200, '{}', ${ago(age)}::timestamptz)`);
    }
    gone.push(['idempotency_keys', 'key', 'gone-key']);
    kept.push(['idempotency_keys', 'key', 'kept-key']);

    await rows(sql`insert into login_limits (key, points, expire) values
                   ('login-pair:expired', 3, ${now.getTime() - 1}),
                   ('login-pair:running', 3, ${now.getTime() + 60_000}),
                   ('login-pair:for-good', 3, null)`);
    gone.push(['login_limits', 'key', 'login-pair:expired']);
    kept.push(['login_limits', 'key', 'login-pair:running']);
    kept.push(['login_limits', 'key', 'login-pair:for-good']);

    // A link ended (expired or used) more than a day ago goes; one ended within the day stays.
    for (const [hash, expires, used] of [
      ['expired-2-days', ago(2 * DAY), null],
      ['used-25-hours', ago(-HOUR), ago(25 * HOUR)],
      ['expired-1-hour', ago(HOUR), null],
      ['used-23-hours', ago(22.5 * HOUR), ago(23 * HOUR)],
      ['unused-live', ago(-20 * 60_000), null],
    ] as const) {
      await rows(sql`insert into password_reset_tokens (user_id, token_hash, expires_at, used_at)
                     values (${users[1]}, ${hash}, ${expires}::timestamptz, ${used}::timestamptz)`);
    }
    gone.push(['password_reset_tokens', 'token_hash', 'expired-2-days']);
    gone.push(['password_reset_tokens', 'token_hash', 'used-25-hours']);
    kept.push(['password_reset_tokens', 'token_hash', 'expired-1-hour']);
    kept.push(['password_reset_tokens', 'token_hash', 'used-23-hours']);
    kept.push(['password_reset_tokens', 'token_hash', 'unused-live']);

    const [key] = await rows<{ id: string }>(sql`
      insert into api_keys (org_id, name, prefix, key_hash, scopes)
      values (${orgId}, 'Retention test', 'adk_rt', 'retention-test-hash', array['orders:read'])
      returning id`);
    await rows(sql`insert into api_key_usage (api_key_id, window_start, requests) values
                   (${key!.id}, date_trunc('minute', ${ago(2 * HOUR)}::timestamptz), 7),
                   (${key!.id}, date_trunc('minute', ${ago(30 * 60_000)}::timestamptz), 9)`);

    // A payment of ten years ago is a financial record: never trimmed.
    const [payment] = await rows<{ id: string }>(sql`
      update payments set received_at = received_at - interval '10 years',
                          created_at = created_at - interval '10 years'
      where id = (select id from payments order by id limit 1)
      returning id`);
    oldPaymentId = payment!.id;

    before = await tableCounts();
    trimmed = await trimTables(database.db, now);
  });

  it('deletes exactly the rows past their window, table by table', async () => {
    expect(trimmed).toEqual({
      events: 3,
      notifications: 1,
      idempotency_keys: 1,
      login_limits: 1,
      password_reset_tokens: 2,
      api_key_usage: 1,
    });
    for (const [table, column, value] of gone)
      expect(await exists(table, column, value), `${table} ${value}`).toBe(false);
    for (const [table, column, value] of kept)
      expect(await exists(table, column, value), `${table} ${value}`).toBe(true);
  });

  it('leaves every other table as it was, an old payment included', async () => {
    const after = await tableCounts();
    const expected = Object.fromEntries(
      Object.entries(before).map(([table, n]) => [table, n - (trimmed[table] ?? 0)]),
    );
    expect(after).toEqual(expected);
    expect(await exists('payments', 'id', oldPaymentId)).toBe(true);
  });

  it('keeps a notification whose bookkeeping event went, with no event to point at', async () => {
    const [row] = await rows<{ eventId: number | null; title: string }>(
      sql`select event_id as "eventId", title from notifications where id = ${bellNotification}`,
    );
    expect(row).toEqual({ eventId: null, title: 'Order approved' });
  });

  it('deletes nothing on a second run at the same time', async () => {
    const counts = await tableCounts();
    expect(Object.values(await trimTables(database.db, now)).every((n) => n === 0)).toBe(true);
    expect(await tableCounts()).toEqual(counts);
  });

  it('loops batch after batch until a batch comes back short', async () => {
    for (let i = 0; i < 5; i++) await event('cart.changed', 60 * DAY);
    for (const user of users) await notification(await event('order.released', 200 * DAY), user, 120 * DAY);

    expect(await trimTables(database.db, now, { batchSize: 2 })).toEqual({
      events: 5,
      notifications: 3,
      idempotency_keys: 0,
      login_limits: 0,
      password_reset_tokens: 0,
      api_key_usage: 0,
    });
  });

  it('refuses a batch size that would never delete anything', async () => {
    await expect(trimTables(database.db, now, { batchSize: 0 })).rejects.toThrow(RangeError);
  });
});

describe('the daily job', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ jobPollingSeconds: 0.5 });
  });
  afterAll(async () => {
    expect(t.serverErrors).toEqual([]);
    await t.close();
  });

  it('is scheduled at 02:30 UTC and trims when it runs', async () => {
    const [schedule] = await queryRows<{ cron: string; timezone: string }>(
      t.database.db,
      sql`select cron, timezone from pgboss.schedule where name = ${RETENTION_QUEUE}`,
    );
    expect(schedule).toEqual({ cron: RETENTION_CRON, timezone: 'UTC' });
    expect(RETENTION_CRON).toBe('30 2 * * *');

    const [old] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into events (type, org_ids, created_at, dispatched_at)
          values ('cart.changed', '{}', now() - interval '45 days', now() - interval '45 days')
          returning id`,
    );
    const id = await t.app.jobs.send(RETENTION_QUEUE, {});
    await vi.waitFor(
      async () => expect((await t.app.jobs.find(RETENTION_QUEUE, id))?.state).toBe('completed'),
      {
        timeout: 20_000,
        interval: 100,
      },
    );
    const left = await queryRows(t.database.db, sql`select id from events where id = ${old!.id}`);
    expect(left).toEqual([]);
  });
});
