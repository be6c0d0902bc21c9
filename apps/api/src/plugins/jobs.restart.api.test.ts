// The server as a process while PostgreSQL restarts, or stops, just as jobs finish. pg-boss records a job's
// end in a statement its worker does not await; when that statement met a stopped server, the rejection
// went unhandled and close-with-grace stopped the process (issue 30). Here e-mails of a burst of orders are
// held at the relay mid-send, the database goes down, the sends finish, and the process must stay up,
// answer 503, and once the database is back record each job done, with each e-mail sent exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MAIL_QUEUE } from '../modules/notifications/notification-mail.service.ts';
import { prepareSeeded, testDriver } from '../test/databases.ts';
import { AUTH_SECRET } from '../test/harness.ts';
import { postgresBin, startOwnCluster, type OwnCluster } from '../test/own-cluster.ts';
import { freePort } from '../test/replicas.ts';
import { startRelay, type TestRelay } from '../test/smtp-relay.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const bin = postgresBin();
const TEMA_NAME = 'Tema Pharma Distributors';
const WARNED = 'the database is unavailable as a job finishes';

/** Polls a condition on state until it holds; never a fixed sleep. */
async function until(what: string, holds: () => Promise<boolean> | boolean, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(testDriver() !== 'postgres' || !bin)(
  'the server while PostgreSQL restarts as jobs finish (a cluster of its own)',
  () => {
    let cluster: OwnCluster;
    let relay: TestRelay;
    let child: ChildProcess;
    let output = '';
    let exited = false;
    let base = '';
    let tmp = '';
    let buyer = '';
    let stock = '';
    let temaId = '';
    let seq = 0;

    /** A statement on the cluster's database, on a connection of its own (the database may have restarted). */
    async function query<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
      const client = new pg.Client({ connectionString: cluster.url('aduro') });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    }

    async function call(method: string, url: string, token?: string, body?: object) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
    }

    async function login(email: string, userType: 'customer' | 'supplier'): Promise<string> {
      const res = await call('POST', '/api/auth/login', undefined, { email, password: 'demo1234', userType });
      expect(res.status, res.text).toBe(200);
      return res.json().accessToken as string;
    }

    /** Orders of a fresh product only Tema stocks; each notifies Tema's ShippingClerk and Admin by e-mail. */
    async function burstOfOrders(count: number): Promise<string[]> {
      const product = await call('POST', '/api/products', stock, {
        name: `Restart test product ${++seq}`,
        brandName: 'Test',
        category: 'Tests',
        unitOfMeasure: 'Box',
        itemsPerUnit: '20 tablets',
      });
      expect(product.status, product.text).toBe(201);
      const productId = product.json().id as string;
      const synced = await call('POST', '/api/inventory', stock, {
        productId,
        quantity: 500,
        unitPrice: 9,
        moq: 1,
      });
      expect(synced.status, synced.text).toBe(200);
      const drafted = await Promise.all(
        Array.from({ length: count }, () =>
          call('POST', '/api/orders', buyer, {
            sellerId: temaId,
            paymentTermMethod: 'mobile_money',
            productId,
            drops: [{ addressName: 'Osu branch', address: '12 Ring Road, Accra', quantity: 5 }],
          }),
        ),
      );
      return drafted.map((res) => {
        expect(res.status, res.text).toBe(201);
        return res.json().id as string;
      });
    }

    /** The notifications the orders' drafted events wrote: one e-mail job each, queued with them. */
    const notificationsOf = (orderIds: string[]) =>
      query<{ id: string; email: string; title: string }>(
        `select n.id, u.email, n.title from notifications n
         join users u on u.id = n.user_id
         join events e on e.id = n.event_id
         where e.type = 'order.drafted'
           and exists (select 1 from jsonb_array_elements_text(e.refs->'orderIds') o where o = any($1::text[]))`,
        [orderIds],
      );

    const mailJobsOf = (notificationIds: string[]) =>
      query<{ state: string; n: number }>(
        `select state, count(*)::int as n from pgboss.job
         where name = $1 and data->>'notificationId' = any($2::text[]) group by state`,
        [NOTIFICATION_MAIL_QUEUE, notificationIds],
      );

    const warnings = () => output.split(WARNED).length - 1;

    beforeAll(async () => {
      cluster = await startOwnCluster(bin!);
      await cluster.createDatabase('aduro');
      await (await prepareSeeded({ databaseUrl: cluster.url('aduro') })).close();
      relay = await startRelay();
      tmp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'aduro-restart-jobs-')));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: cluster.url('aduro'),
          DATA_DIR: tmp,
          PORT: String(port),
          HOST: '127.0.0.1',
          AUTH_SECRET,
          LOG_LEVEL: 'info',
          SEED_DEMO: 'false',
          SMTP_URL: relay.url,
          DB_CONNECT_TIMEOUT_MS: '1000',
          WEB_DIST_DIR: path.join(tmp, 'no-web-build'),
        },
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', () => (exited = true));
      await until('the server is ready', () => output.includes('Aduro is ready') || exited);
      expect(exited, output).toBe(false);
      [buyer, stock] = await Promise.all([
        login('buyer@accracare.demo', 'customer'),
        login('stock@tema-pharma.demo', 'supplier'),
      ]);
      const [tema] = await query<{ id: string }>('select id from organizations where name = $1', [TEMA_NAME]);
      temaId = tema!.id;
    }, 180_000);

    afterAll(async () => {
      if (child && !exited) {
        child.kill('SIGKILL');
        await until('the server is gone', () => exited, 10_000).catch(() => undefined);
      }
      relay?.release();
      await relay?.close();
      await cluster?.remove();
      if (tmp) rmSync(tmp, { recursive: true, force: true });
    }, 60_000);

    /**
     * Holds the burst's first e-mail mid-send, takes the database down, lets the send finish (so pg-boss
     * records the job's end against a stopped server), checks the process answers 503 meanwhile, brings
     * the database back and expects every e-mail job completed and each e-mail received exactly once.
     */
    async function jobsFinishWhileDown(whileDown: () => Promise<void>) {
      relay.hold();
      const orderIds = await burstOfOrders(3);
      // Every order's notifications are written, and so their e-mail jobs queued, before the fault.
      let notifications: Awaited<ReturnType<typeof notificationsOf>> = [];
      await until('the burst notified Tema', async () => {
        notifications = await notificationsOf(orderIds);
        return new Set(notifications.map((n) => n.title)).size === orderIds.length;
      });
      await until('an e-mail is mid-send at the relay', () => relay.holding() > 0);
      const warnedBefore = warnings();

      await cluster.stop();
      relay.release();
      await until('the server tried to record the sent e-mail', () => warnings() > warnedBefore || exited);
      expect(exited, output.slice(-4000)).toBe(false);
      const down = await call('GET', '/api/orders', buyer);
      expect(down.status, down.text).toBe(503);
      await whileDown();
      await cluster.start();

      const ids = notifications.map((n) => n.id);
      await until('every e-mail job is completed', async () => {
        const states = await mailJobsOf(ids);
        return states.length === 1 && states[0]!.state === 'completed' && states[0]!.n === ids.length;
      });
      expect(exited, output.slice(-4000)).toBe(false);
      for (const n of notifications) {
        const received = relay.received.filter((m) => m.subject === n.title && m.to.includes(n.email));
        expect(received, `${n.title} to ${n.email}`).toHaveLength(1);
      }
      const back = await call('GET', '/api/orders', buyer);
      expect(back.status, back.text).toBe(200);
    }

    it('stays up through a restart as a job finishes, and records every job done once it is back', async () => {
      await jobsFinishWhileDown(async () => undefined);
    }, 180_000);

    it('stays up through a stop as a job finishes, answering 503 until the database is back', async () => {
      await jobsFinishWhileDown(async () => {
        // Still up and still answering while the database stays away: readiness and sign-in say 503.
        const ready = await call('GET', '/api/health/ready');
        expect(ready.status, ready.text).toBe(503);
        const signIn = await call('POST', '/api/auth/login', undefined, {
          email: 'buyer@accracare.demo',
          password: 'demo1234',
          userType: 'customer',
        });
        expect(signIn.status, signIn.text).toBe(503);
        expect(exited).toBe(false);
      });
    }, 180_000);
  },
);
