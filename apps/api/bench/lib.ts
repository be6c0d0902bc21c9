import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/startup/seed/demo.ts';
import { ensureRoles } from '../src/startup/seed/roles.ts';
import { seedScale } from '../src/startup/seed/scale.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export interface RunningServer {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** Starts the real server on a data folder and waits for its first answer. */
export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's
  // DevTools); NODE_OPTIONS may not carry --cpu-prof.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing-tokens',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    base,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function signIn(base: string, email: string, userType: string, password = 'demo1234') {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, userType }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return `Bearer ${((await res.json()) as { accessToken: string }).accessToken}`;
}

/** One statement on a database of the bench's PostgreSQL server, on its own connection. */
export async function adminQuery<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function loadScale(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-scale-'));
  try {
    const started = performance.now();
    await migrateDatabase(database);
    await ensureRoles(database.db);
    await seedDemo(database.db, { now: new Date() });
    await seedScale(database.db);
    console.log(`  scale data set loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` on the scale data set (500 suppliers, 5,000 products, 200,000 released orders): the one
 * SCALE_DATABASE_URL names, else a throw-away database on the local PostgreSQL, loaded and dropped
 * afterwards. A bench that writes (`writes: true`) never writes to the named one: it gets a throw-away
 * copy of it (CREATE DATABASE ... TEMPLATE, so nobody else may be connected to it meanwhile). Without a
 * reachable PostgreSQL the section says so and is skipped.
 */
export async function withScaleDatabase(
  fn: (databaseUrl: string) => Promise<void>,
  opts: { writes?: boolean } = {},
): Promise<void> {
  const given = process.env.SCALE_DATABASE_URL;
  if (given && !opts.writes) return fn(given);
  let adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  let template = '';
  if (given) {
    const source = new URL(given);
    template = ` template ${decodeURIComponent(source.pathname.slice(1))}`;
    source.pathname = '/postgres';
    adminUrl = source.toString();
  }
  const name = `aduro_bench_scale_${Date.now().toString(36)}`;
  const created = await adminQuery(adminUrl, `create database ${name}${template}`).then(
    () => true,
    (err: Error) => {
      if (given) throw new Error(`could not copy SCALE_DATABASE_URL's database: ${err.message}`);
      return false;
    },
  );
  if (!created) {
    console.log('  (PostgreSQL not reachable at BENCH_DATABASE_URL or 127.0.0.1:5432: skipped)');
    return;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    if (given) console.log(`  a throw-away copy of ${new URL(given).pathname.slice(1)}`);
    else await loadScale(url.toString());
    await fn(url.toString());
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

const RELEASED = `('RELEASED', 'SHIPPED', 'DELIVERED')`;

/**
 * What order approvals must leave true (apps/api/bench/approvals.ts): each query answers `bad`, the
 * number of rows that break it. The scale seed's history (orders PO-SCALE-*) was written set-wise with
 * drops and invoices but no stock allocations, so the allocation check covers orders released through
 * the API only.
 */
export const APPROVAL_INVARIANTS: [label: string, query: string][] = [
  ['no lot below zero', `select count(*)::int as bad from inventory_lots where quantity < 0`],
  [
    'every credit line within its limit',
    `select count(*)::int as bad from credit_lines where balance > credit_limit or balance < 0`,
  ],
  [
    'every credit balance equals what its invoices still owe',
    `select count(*)::int as bad from credit_lines cl where cl.balance <> coalesce((
       select sum(i.amount - i.amount_paid) from invoices i
       where i.credit_line_id = cl.id and i.on_credit and i.status <> 'void'), 0)`,
  ],
  [
    'one invoice per released order, none for drafts',
    `select count(*)::int as bad from orders o
     where (select count(*) from invoices i where i.order_id = o.id) <> (case when o.approved_at is null then 0 else 1 end)`,
  ],
  [
    'allocations of each released order equal its units',
    `select count(*)::int as bad from orders o
     where o.approved_at is not null and o.number not like 'PO-SCALE-%' and o.total_quantity <> coalesce((
       select sum(a.quantity) from drop_allocations a join order_drops d on d.id = a.drop_id
       where d.order_id = o.id and d.status <> 'Cancelled'), 0) + coalesce((
       select sum(d.quantity) from order_drops d where d.order_id = o.id and d.status = 'Cancelled'), 0)`,
  ],
  [
    'bench lots moved exactly by their allocations',
    `select count(*)::int as bad from inventory_lots l join products p on p.id = l.product_id
     where p.category = 'Bench' and l.quantity <> 100000 - coalesce((
       select sum(a.quantity) from drop_allocations a where a.lot_id = l.id and a.returned_at is null), 0)`,
  ],
];

/**
 * The trade figures the triggers of migrations/0002_trade_figures.sql keep, against a fresh aggregate.
 * A pair or supplier whose figures went back to zero keeps its row at zero, and a pair without units
 * keeps its row with no expiry: both count as absent.
 */
export const TRADE_FIGURE_INVARIANTS: [label: string, query: string][] = [
  [
    'trade_pairs equal a fresh count and GMV of released orders per supplier and buyer',
    `with fresh as (
       select seller_org_id as supplier_id, buyer_org_id as buyer_id, count(*)::int as n, sum(total_cost) as gmv
       from orders where status in ${RELEASED} group by seller_org_id, buyer_org_id
     ), kept as (
       select supplier_id, buyer_id, released_orders as n, gmv from trade_pairs where released_orders <> 0 or gmv <> 0
     )
     select count(*)::int as bad from fresh f full join kept k using (supplier_id, buyer_id)
     where f.n is distinct from k.n or f.gmv is distinct from k.gmv`,
  ],
  [
    'supplier_trade equals a fresh count of buyers and GMV of released orders per supplier',
    `with fresh as (
       select seller_org_id as supplier_id, count(distinct buyer_org_id)::int as customers, sum(total_cost) as gmv
       from orders where status in ${RELEASED} group by seller_org_id
     ), kept as (
       select supplier_id, customer_count as customers, gmv from supplier_trade where customer_count <> 0 or gmv <> 0
     )
     select count(*)::int as bad from fresh f full join kept k using (supplier_id)
     where f.customers is distinct from k.customers or f.gmv is distinct from k.gmv`,
  ],
  [
    "stock_positions equal a fresh latest expiry ('infinity' if undated) of offered lots with units",
    `with fresh as (
       select l.supplier_id, l.product_id, max(coalesce(l.expiry_date, 'infinity'::date)) as latest
       from inventory_lots l
       join offers f on f.supplier_id = l.supplier_id and f.product_id = l.product_id
       where l.quantity > 0 group by l.supplier_id, l.product_id
     ), kept as (
       select supplier_id, product_id, latest_expiry as latest from stock_positions where latest_expiry is not null
     )
     select count(*)::int as bad from fresh f full join kept k using (supplier_id, product_id)
     where f.latest is distinct from k.latest`,
  ],
];

/** Runs each check, prints ok or FAIL with the offending rows, and resolves to the number that failed. */
export async function checkInvariants(
  databaseUrl: string,
  checks: readonly [label: string, query: string][],
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let failed = 0;
  try {
    for (const [label, query] of checks) {
      const bad = Number((await client.query<{ bad: number }>(query)).rows[0]!.bad);
      console.log(`  ${bad === 0 ? 'ok  ' : 'FAIL'} ${label}${bad === 0 ? '' : ` (${bad} rows)`}`);
      if (bad !== 0) failed += 1;
    }
  } finally {
    await client.end();
  }
  return failed;
}

/** What one autocannon load measured: requests per second, latency percentiles in ms, and failures. */
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

/**
 * GET `url` over 10 connections for `duration` seconds: as fast as the server answers, or at a steady
 * overall `rate` of requests per second when one is given.
 */
export async function loadAt(
  url: string,
  headers: Record<string, string>,
  opts: { rate?: number; duration: number },
): Promise<Load> {
  const r = await autocannon({
    url,
    headers,
    connections: 10,
    duration: opts.duration,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}
