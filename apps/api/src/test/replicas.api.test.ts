import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/client.ts';
import { adminUrl, testDriver } from './databases.ts';
import { startFakePaystack, type FakePaystack } from './fake-paystack.ts';
import { PDF_BYTES, supplierForm } from './files.ts';
import {
  call,
  freePort,
  HAPROXY,
  haproxyConfig,
  haproxyInstalled,
  haproxyServersUp,
  openEventStream,
  REPO_ROOT,
  startHaproxy,
  startReplica,
  waitFor,
  type Answer,
  type CallOptions,
  type EventStream,
  type Managed,
} from './replicas.ts';

/**
 * Three real servers (`npm run serve`, as separate processes) on one fresh PostgreSQL database, behind a
 * real HAProxy: what a deployment with several replicas relies on, end to end. Cold starts migrate and
 * seed once (advisory lock), a write through one replica is read through another (the change feed over
 * LISTEN/NOTIFY and aduro-after), live events cross replicas, failed sign-ins meet one limit (counted in
 * PostgreSQL), licences and removed users are the same everywhere.
 */

const skipReason =
  testDriver() !== 'postgres'
    ? 'needs PostgreSQL: set TEST_DB=postgres and TEST_DATABASE_URL (npm test does when TEST_DATABASE_URL is set)'
    : !haproxyInstalled()
      ? `needs HAProxy at ${HAPROXY} (apt-get install haproxy; .ci/run installs it)`
      : null;
if (skipReason) console.warn(`replicas.api.test.ts skipped: ${skipReason}`);

const AUTH_SECRET = `replicas-${randomBytes(24).toString('hex')}`;
const EXPIRY = '2031-06-30';

interface Replica {
  base: string;
  process: Managed;
  /** The x-request-id prefix of this process. */
  tag: string;
}

let tmp = '';
const dbName = `aduro_replicas_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
let databaseUrl = '';
let createdDatabase = false;
const replicas: Replica[] = [];
let haproxy: Managed | undefined;
let balancer = '';
let stats = '';
const streams: EventStream[] = [];
const serverErrors: string[] = [];
const timings: Record<string, number> = {};
let tema = '';
let buyer = '';
let platform = '';
let temaId = '';
let paystack: FakePaystack | undefined;

/** A request that notes any 5xx: a server error anywhere in this suite is a bug. */
async function api(base: string, method: string, url: string, opts: CallOptions = {}): Promise<Answer> {
  const res = await call(base, method, url, opts);
  if (res.status >= 500) serverErrors.push(`${method} ${url} -> ${res.status} ${res.text}`);
  return res;
}

async function login(base: string, email: string, userType: string, password = 'demo1234'): Promise<string> {
  const res = await api(base, 'POST', '/api/auth/login', { body: { email, password, userType } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.text}`);
  return `Bearer ${res.json().accessToken as string}`;
}

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function adminSql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe("the README's HAProxy configuration", () => {
  it('is the one this suite runs, for three replicas on 10.0.0.11-13:3000', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const shown = /```haproxy\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(
      haproxyConfig({
        bind: ':80',
        servers: ['10.0.0.11:3000', '10.0.0.12:3000', '10.0.0.13:3000'],
        statsBind: '127.0.0.1:8404',
      }),
    );
  });
});

describe.skipIf(skipReason !== null)('several replicas behind HAProxy', () => {
  beforeAll(async () => {
    const started = performance.now();
    tmp = mkdtempSync(path.join(os.tmpdir(), 'aduro-replicas-'));
    // A fresh, empty database: the replicas' own start migrates and seeds it.
    await adminSql(`create database ${dbName}`);
    createdDatabase = true;
    const url = new URL(adminUrl());
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();

    const [p1, p2, p3, front, statsPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const ports = [p1!, p2!, p3!];
    // Mobile money on, against a local Paystack every replica reaches.
    paystack = await startFakePaystack();
    // Three cold starts at once.
    for (const [i, port] of ports.entries()) {
      const managed = startReplica({
        name: `replica ${i + 1} (port ${port})`,
        port,
        databaseUrl,
        authSecret: AUTH_SECRET,
        dataDir: mkdtempSync(path.join(tmp, `data${i + 1}-`)),
        // The balancer's address: the replicas believe the X-Forwarded-For it adds, and nobody else's.
        trustProxy: '127.0.0.1',
        webDistDir: path.join(tmp, 'no-web-build'),
        env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
      });
      replicas.push({ base: `http://127.0.0.1:${port}`, process: managed, tag: '' });
    }
    const configFile = path.join(tmp, 'haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig({
        bind: `127.0.0.1:${front}`,
        servers: ports.map((port) => `127.0.0.1:${port}`),
        statsBind: `127.0.0.1:${statsPort}`,
      }),
    );
    haproxy = startHaproxy(configFile);
    balancer = `http://127.0.0.1:${front}`;
    stats = `http://127.0.0.1:${statsPort}`;

    const running = () => {
      for (const r of replicas) r.process.assertRunning();
      haproxy!.assertRunning();
    };
    await Promise.all(
      replicas.map((r) =>
        waitFor(
          `${r.process.name} to answer ready`,
          async () => {
            running();
            const res = await call(r.base, 'GET', '/api/health/ready').catch(() => undefined);
            if (res?.status !== 200) return undefined;
            r.tag = res.process;
            return true;
          },
          { timeoutMs: 100_000, intervalMs: 200 },
        ),
      ),
    );
    timings.replicasReadyMs = performance.now() - started;
    await waitFor(
      'HAProxy to mark the three replicas UP',
      async () => {
        running();
        return (await haproxyServersUp(stats)).length === 3 ? true : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    timings.balancerReadyMs = performance.now() - started;

    tema = await login(balancer, 'admin@tema-pharma.demo', 'supplier');
    buyer = await login(balancer, 'buyer@accracare.demo', 'customer');
    platform = await login(balancer, 'admin@aduro.demo', 'platform');
    const [row] = await sql<{ id: string }>(`select id from organizations where name = $1`, [
      'Tema Pharma Distributors',
    ]);
    temaId = row!.id;
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    const stopping = [haproxy, ...replicas.map((r) => r.process)].filter((p) => p !== undefined);
    const codes = await Promise.all(
      stopping.map(async (p) => [p, await p.stop().then(() => p.exit)] as const),
    );
    for (const [p, code] of codes) {
      // Anything a replica logged beyond the expected "web app is not built" warning is worth reading.
      const unusual = p.output
        .split('\n')
        .filter((line) => line.trim() && !line.includes('web app is not built'))
        .join('\n');
      if (p !== haproxy && (unusual || code !== 0))
        console.warn(`${p.name} exited with ${code}; its output:\n${unusual.slice(-6000)}`);
    }
    await paystack?.close();
    if (createdDatabase) await adminSql(`drop database if exists ${dbName} with (force)`);
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    console.log(`replicas.api.test.ts timings (ms): ${JSON.stringify(timings)}`);
  }, 60_000);

  it('three cold starts at once migrate and seed the empty database exactly once', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const [migrations] = await sql<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(migrations!.n).toBe(journal.entries.length);
    const [temaRows] = await sql<{ n: number }>(
      `select count(*)::int as n from organizations where name = 'Tema Pharma Distributors'`,
    );
    expect(temaRows!.n).toBe(1);
    // Seeded twice, every demo organisation and account would be there twice.
    expect(await sql('select name from organizations group by name having count(*) > 1')).toEqual([]);
    const [admins] = await sql<{ n: number }>(
      `select count(*)::int as n from users where email = 'admin@aduro.demo'`,
    );
    expect(admins!.n).toBe(1);
    // Three distinct processes answer.
    expect(new Set(replicas.map((r) => r.tag)).size).toBe(3);
  });

  it('spreads requests over the three replicas and passes the client address on', async () => {
    const answered = [];
    for (let i = 0; i < 6; i++) answered.push((await api(balancer, 'GET', '/api/health/ready')).process);
    expect(new Set(answered)).toEqual(new Set(replicas.map((r) => r.tag)));
    const live = await api(balancer, 'GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });

  it('shows a write made through one replica on the next read through another, with or without aduro-after', async () => {
    const [r1, r2] = replicas as [Replica, Replica];
    const catalogue = async (after?: string) => {
      const res = await api(r2.base, 'GET', `/api/suppliers/${temaId}/products`, {
        authorization: buyer,
        after,
      });
      expect(res.status).toBe(200);
      expect(res.process).toBe(r2.tag);
      return res.json() as Array<{ productId: string; quantity: number; unitPrice: number; moq: number }>;
    };
    const matches = async (productId: string, after?: string) => {
      const res = await api(r2.base, 'GET', `/api/products/${productId}/suppliers`, {
        authorization: buyer,
        after,
      });
      expect(res.status).toBe(200);
      const tema = (res.json() as Array<{ id: string; availableQuantity: number }>).find(
        (s) => s.id === temaId,
      );
      return tema?.availableQuantity;
    };
    // Prime replica 2's caches: a cache the write did not reach would answer these again.
    const before = await catalogue();
    const offer = before[0]!;
    expect(await matches(offer.productId)).toBe(offer.quantity);
    const lots = await api(r1.base, 'GET', '/api/inventory', { authorization: tema });
    const lotBefore = (
      lots.json() as Array<{ product: { id: string }; expiryDate: string | null; quantity: number }>
    )
      .filter((l) => l.product.id === offer.productId && l.expiryDate === EXPIRY)
      .reduce((sum, l) => sum + l.quantity, 0);
    const sync = (quantity: number) =>
      api(r1.base, 'POST', '/api/inventory', {
        authorization: tema,
        body: {
          productId: offer.productId,
          quantity,
          unitPrice: offer.unitPrice,
          moq: offer.moq,
          expiryDate: EXPIRY,
        },
      });

    // With aduro-after: replica 2 answers only once it has applied the write's event.
    const first = await sync(lotBefore + 37);
    expect(first.status).toBe(200);
    expect(first.process).toBe(r1.tag);
    expect(first.position).toMatch(/^\d+$/);
    const expected1 = offer.quantity + 37;
    expect((await catalogue(first.position)).find((o) => o.productId === offer.productId)?.quantity).toBe(
      expected1,
    );
    expect(await matches(offer.productId, first.position)).toBe(expected1);

    // Without it: the feed reaches replica 2 by itself. Its caches keep answers 60 s, so the new quantity
    // showing within seconds is the change feed's doing.
    const second = await sync(lotBefore + 58);
    expect(second.status).toBe(200);
    const wrote = performance.now();
    const expected2 = offer.quantity + 58;
    await waitFor(
      'replica 2 to show the second write without aduro-after',
      async () =>
        (await catalogue()).find((o) => o.productId === offer.productId)?.quantity === expected2 &&
        (await matches(offer.productId)) === expected2
          ? true
          : undefined,
      { timeoutMs: 5_000, intervalMs: 20 },
    );
    timings.readWithoutAfterMs = Math.round(performance.now() - wrote);
  });

  it('delivers an event from a write on replica 1 to a live stream on replica 3 within a second', async () => {
    const [r1, , r3] = replicas as [Replica, Replica, Replica];
    const direct = await openEventStream(r3.base, buyer);
    streams.push(direct);
    expect(direct.status).toBe(200);
    expect(direct.process).toBe(r3.tag);
    // And one through the balancer: HAProxy passes frames on as they come.
    const balanced = await openEventStream(balancer, buyer);
    streams.push(balanced);
    expect(balanced.status).toBe(200);
    await Promise.all([direct.next((f) => f.event === 'ready'), balanced.next((f) => f.event === 'ready')]);

    const [offer] = (
      await api(r1.base, 'GET', `/api/suppliers/${temaId}/products`, { authorization: buyer })
    ).json() as Array<{ productId: string; unitPrice: number; moq: number }>;
    const res = await api(r1.base, 'POST', '/api/inventory', {
      authorization: tema,
      body: {
        productId: offer!.productId,
        quantity: 71,
        unitPrice: offer!.unitPrice,
        moq: offer!.moq,
        expiryDate: EXPIRY,
      },
    });
    const answeredAt = performance.now();
    expect(res.status).toBe(200);
    expect(res.process).toBe(r1.tag);
    const position = res.position!;

    const onReplica3 = await direct.next((f) => f.id === position, 5_000);
    expect(onReplica3.event).toBe('inventory.synced');
    expect(onReplica3.data).toMatchObject({ id: Number(position), refs: { supplierId: temaId } });
    // The frame may even beat the write's own answer (NOTIFY goes out at commit).
    const latency = Math.max(0, onReplica3.receivedAt - answeredAt);
    timings.sseAcrossReplicasMs = Math.round(latency);
    expect(latency).toBeLessThan(1_000);

    const throughBalancer = await balanced.next((f) => f.id === position, 5_000);
    expect(throughBalancer.event).toBe('inventory.synced');
    timings.sseThroughBalancerMs = Math.round(Math.max(0, throughBalancer.receivedAt - answeredAt));
    expect(timings.sseThroughBalancerMs).toBeLessThan(1_000);
  });

  it('counts failed sign-ins spread over the replicas against one limit, per client address', async () => {
    // Each test client connects from its own loopback address; HAProxy forwards it in X-Forwarded-For.
    const attacker = '127.0.0.21';
    const bystander = '127.0.0.22';
    const account = { email: 'buyer@accracare.demo', userType: 'customer' };
    const attempt = (base: string, password: string, localAddress: string) =>
      api(base, 'POST', '/api/auth/login', { body: { ...account, password }, localAddress });

    const refusedBy: string[] = [];
    let blocked: Answer | undefined;
    for (let i = 0; i < 20 && !blocked; i++) {
      const res = await attempt(balancer, 'wrong-password', attacker);
      if (res.status === 429) blocked = res;
      else {
        expect(res.status).toBe(401);
        refusedBy.push(res.process);
      }
    }
    // One process allows five failures for an e-mail from one address (modules/auth/login-limiter.ts);
    // spread over three replicas the count is the same, not three times it.
    expect(refusedBy).toHaveLength(5);
    expect(new Set(refusedBy).size).toBe(3);
    expect(blocked!.json().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ (seconds|minutes)\.$/,
    );
    expect(Number(blocked!.headers['retry-after'])).toBeGreaterThan(0);

    // Every replica now refuses this address, even with the right password, through the balancer or not.
    for (const r of replicas) {
      const res = await attempt(r.base, 'demo1234', attacker);
      expect(res.status).toBe(429);
      expect(res.process).toBe(r.tag);
    }
    const viaBalancer = await attempt(balancer, 'demo1234', attacker);
    expect(viaBalancer.status).toBe(429);

    // Another client behind the same balancer is not the attacker: the replicas see each client's address.
    for (let i = 0; i < 3; i++) {
      const res = await attempt(balancer, 'demo1234', bystander);
      expect(res.status).toBe(200);
    }
  });

  it('serves a licence uploaded through one replica from the others', async () => {
    const [r1, r2, r3] = replicas as [Replica, Replica, Replica];
    const form = supplierForm({ businessName: `Darko Pharma Imports ${randomBytes(3).toString('hex')}` });
    const registered = await fetch(`${r1.base}/api/auth/register`, { method: 'POST', body: form });
    const body = (await registered.json()) as { user: { orgId: string } };
    expect(registered.status, JSON.stringify(body)).toBe(201);
    expect(registered.headers.get('x-request-id')?.split('-')[0]).toBe(r1.tag);

    for (const r of [r2, r3]) {
      const res = await api(r.base, 'GET', `/api/admin/entities/${body.user.orgId}/licence`, {
        authorization: platform,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.process).toBe(r.tag);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.body.equals(PDF_BYTES)).toBe(true);
    }
  });

  it('refuses a user removed through one replica on the next request through another', async () => {
    const [r1, r2] = replicas as [Replica, Replica];
    const me = (authorization: string, after?: string) =>
      api(r2.base, 'GET', '/api/auth/me', { authorization, after });

    const newUser = async () => {
      const email = `clerk-${randomBytes(4).toString('hex')}@tema-pharma.test`;
      const created = await api(r1.base, 'POST', '/api/org/users', {
        authorization: tema,
        body: { name: 'Kofi Mensah', email, password: 'clerk-pass-1', roles: ['InventoryManager'] },
      });
      expect(created.status, created.text).toBe(201);
      // Signing in on replica 2 and one request there: replica 2 now holds them in its session cache.
      const token = await login(r2.base, email, 'supplier', 'clerk-pass-1');
      const primed = await me(token, created.position);
      expect(primed.status).toBe(200);
      expect(primed.process).toBe(r2.tag);
      return { id: created.json().id as string, token };
    };
    const remove = async (id: string) => {
      const res = await api(r1.base, 'DELETE', `/api/org/users/${id}`, { authorization: tema });
      expect(res.status, res.text).toBe(204);
      expect(res.process).toBe(r1.tag);
      expect(res.position).toMatch(/^\d+$/);
      return res.position!;
    };

    // With aduro-after: the very next request is refused.
    const first = await newUser();
    const position = await remove(first.id);
    const refused = await me(first.token, position);
    expect(refused.status).toBe(401);
    expect(refused.process).toBe(r2.tag);

    // Without it: refused as soon as the feed reaches replica 2. The session cache keeps a caller for
    // 5 s (plugins/auth.ts), so a refusal well within that is the feed's doing.
    const second = await newUser();
    await remove(second.id);
    const removedAt = performance.now();
    await waitFor(
      'replica 2 to refuse the removed user without aduro-after',
      async () => ((await me(second.token)).status === 401 ? true : undefined),
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    timings.removedUserRefusedMs = Math.round(performance.now() - removedAt);
    expect(timings.removedUserRefusedMs).toBeLessThan(2_500);
  });

  it('two replicas receiving one webhook apply it once', async () => {
    const [r1, r2, r3] = replicas as [Replica, Replica, Replica];
    const [invoice] = await sql<{ id: string }>(
      `select i.id from invoices i join organizations b on b.id = i.buyer_org_id
       where b.name = 'AccraCare Pharmacy' and i.status = 'unpaid'
         and i.amount - i.amount_paid - i.credit_applied >= 5
       order by i.number limit 1`,
    );
    // A charge the buyer approves on the phone (the fake's pay_offline number), started on replica 1.
    const started = await api(r1.base, 'POST', `/api/invoices/${invoice!.id}/mobile-money`, {
      authorization: buyer,
      body: { amount: 5, phone: '024 555 1111', provider: 'MTN' },
    });
    expect(started.status, started.text).toBe(201);
    const reference = started.json().reference as string;
    await paystack!.approve(reference);
    // call() sends JSON.stringify of the body, the very bytes the fake signed.
    const payload = paystack!.webhookPayload(reference);
    const { signature } = paystack!.signed(payload);
    const answers = await Promise.all(
      [r2, r3].map((r) =>
        api(r.base, 'POST', '/api/payments/paystack/webhook', {
          body: payload,
          headers: { 'x-paystack-signature': signature },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await waitFor(
      'the payment to settle',
      async () => {
        const [row] = await sql<{ status: string }>(
          `select status from payment_attempts where reference = $1`,
          [reference],
        );
        return row?.status === 'success' ? true : undefined;
      },
      { timeoutMs: 20_000 },
    );
    const [counts] = await sql<{ kept: number; payments: number }>(
      `select (select count(*)::int from paystack_events where reference = $1) as kept,
              (select count(*)::int from payments where reference = $1) as payments`,
      [reference],
    );
    expect(counts).toEqual({ kept: 1, payments: 1 });
  });

  it('answered no request with a server error and logged no errors', () => {
    expect(serverErrors).toEqual([]);
    for (const r of replicas) {
      const errors = r.process.output.split('\n').filter((line) => /"level":(50|60)/.test(line));
      expect(errors, r.process.name).toEqual([]);
    }
  });
});
