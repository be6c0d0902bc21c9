import type { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '@aduro/shared/errors';
import { orderSchema } from '@aduro/shared/orders';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { isDatabaseUnavailable } from '../lib/errors.ts';
import { inTransaction } from '../lib/transaction.ts';
import { adminUrl, prepareSeeded, tempDataDir, testDriver } from '../test/databases.ts';
import { inDays } from '../test/dates.ts';
import { AUTH_SECRET, createTestApp, type TestApp } from '../test/harness.ts';
import { postgresBin, startOwnCluster, type OwnCluster } from '../test/own-cluster.ts';
import { openDatabase, queryRows, type Database } from './client.ts';

/** Polls a condition on the database's or the app's state until it holds. */
async function until(what: string, holds: () => Promise<boolean> | boolean, tries = 300) {
  for (let i = 0; i < tries; i++) {
    if (await holds()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting until ${what}`);
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(JSON.parse(res.body)).toMatchObject({
    message: UNAVAILABLE_MESSAGE,
    code: 'UNAVAILABLE',
    kind: 'unavailable',
  });
}

// Killing a backend needs a real server: PGlite is one connection in this process.
describe.skipIf(testDriver() !== 'postgres')('connections killed under the app (PostgreSQL)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let ama: string;
  let temaStock: string;
  const org: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
      t.database.db,
      sql`select current_database() as name`,
    );
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    [ama, temaStock] = await Promise.all([
      t.login('buyer@accracare.demo', 'customer'),
      t.login('stock@tema-pharma.demo', 'supplier'),
    ]);
    Object.assign(org, await t.organisationIds());
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  it('answers 503 with Retry-After when its connection is killed mid-transaction, then serves the next request', async () => {
    const created = await call('POST', '/api/products', temaStock, {
      name: 'Fault test product',
      brandName: 'Test',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '10 vials',
    });
    const productId = created.json().id as string;
    await call('POST', '/api/inventory', temaStock, {
      productId,
      quantity: 100,
      unitPrice: 10,
      expiryDate: inDays(300),
    });
    const drafted = await call('POST', '/api/orders', ama, {
      sellerId: org['Tema Pharma Distributors'],
      productId,
      paymentTermMethod: 'mobile_money',
      drops: [{ addressName: 'Main branch', address: '1 High Street, Accra', quantity: 10 }],
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const order = orderSchema.parse(drafted.json());

    // Hold the order's lock, so the approval's transaction waits inside PostgreSQL; kill it there.
    await admin.query('begin');
    await admin.query('select id from orders where id = $1 for update', [order.id]);
    const approving = call('POST', `/api/orders/${order.id}/approve`, ama);
    let victim = 0;
    await until('the approval waits for the order lock', async () => {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      victim = rows[0]?.pid ?? 0;
      return victim !== 0;
    });
    await admin.query('select pg_terminate_backend($1)', [victim]);
    await admin.query('rollback');

    expectUnavailable(await approving);
    const again = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(again.statusCode, again.body).toBe(200);
    expect(orderSchema.parse(again.json()).status).toBe('RELEASED');
  });

  it('raises no uncaught error when a checked-out connection dies between statements', async () => {
    // Without a listener on every client the pool hands out, this 'error' event stops the process.
    const attempt = inTransaction(t.database.db, async (tx) => {
      const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      const client = (tx as unknown as { session: { client: EventEmitter } }).session.client;
      // Not events.once: that rejects on the 'error' event this test is about.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await admin.query('select pg_terminate_backend($1)', [row!.pid]);
      await ended;
      await tx.execute(sql`select 1`);
    });
    const failure = await attempt.then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    const [ok] = await queryRows<{ n: number }>(t.database.db, sql`select 1 as n`);
    expect(ok).toEqual({ n: 1 });
  });
});

const bin = postgresBin();

// A real restart needs a cluster of its own (never the shared server).
describe.skipIf(testDriver() !== 'postgres' || !bin)('a PostgreSQL restart under the app', () => {
  let cluster: OwnCluster | null = null;
  let database: Database | null = null;
  let app: FastifyInstance | null = null;

  beforeAll(async () => {
    cluster = await startOwnCluster(bin!);
    const url = cluster.url('aduro');
    await cluster.createDatabase('aduro');
    await (await prepareSeeded({ databaseUrl: url })).close();
    database = await openDatabase({ databaseUrl: url, connectTimeoutMs: 2_000, statementTimeoutMs: 1_000 });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: tempDataDir(),
      AUTH_SECRET,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await cluster?.remove();
  }, 60_000);

  it('answers 503 with Retry-After when a statement outlives DB_STATEMENT_TIMEOUT_MS', async () => {
    const signedIn = await app!.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'buyer@accracare.demo', password: 'demo1234', userType: 'customer' },
    });
    const authorization = `Bearer ${signedIn.json().accessToken as string}`;
    const holder = new pg.Client({ connectionString: cluster!.url('aduro') });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table organizations in access exclusive mode');
      expectUnavailable(await app!.inject({ method: 'GET', url: '/api/orders', headers: { authorization } }));
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  });

  it('answers 503 with Retry-After while the server is down and serves again when it is back', async () => {
    const login = () =>
      app!.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'buyer@accracare.demo', password: 'demo1234', userType: 'customer' },
      });
    const signedIn = await login();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const authorization = `Bearer ${signedIn.json().accessToken as string}`;
    const orders = () => app!.inject({ method: 'GET', url: '/api/orders', headers: { authorization } });
    expect((await orders()).statusCode).toBe(200);
    expect(app!.feed.connected).toBe(true);

    await cluster!.stop();
    expectUnavailable(await orders());
    expectUnavailable(await login());

    await cluster!.start();
    const back = await orders();
    expect(back.statusCode, back.body).toBe(200);
    expect((await login()).statusCode).toBe(200);
    // The change feed's own connection comes back too (it retries every 5 s at most).
    await until('the change feed reconnects', () => app!.feed.connected, 400);
  }, 60_000);
});
