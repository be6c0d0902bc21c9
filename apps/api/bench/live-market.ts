// Reads that stay fast while the market writes, on the scale data set on PostgreSQL (500 suppliers,
// 5,000 products, 200,000 released orders). One server process; a signed-in buyer reads GET
// /api/suppliers, GET /api/suppliers/{id}/products and GET /api/products/{id}/suppliers over 10
// connections (uncompressed, as apps/api/bench/marketplace.ts), (a) with no writes, (b) while a forked
// writer (live-market-writer.ts) makes 10 writes/s and (c) 100 writes/s: half inventory syncs by 20
// suppliers' Admins and InventoryManagers, half approvals of orders drafted beforehand for 50 other
// buyers. Every write refreshes its supplier's directory row (one small query) and the directory answer
// is put together again; the catalogue and the matches are dropped only by writes naming their supplier
// or product. Each run measures the three
// rates back to back, so each ratio to (a) is taken within a run.
//
// Reports per read and rate: requests/s at full load with p50 and p99 (ratio to (a), target >= 0.5), p99 at
// a steady 500 requests/s (target < 25 ms), and the writer's achieved rate and refusals. Before the
// load: GET /api/suppliers computed uncached (its SQL called directly, median; target < 20 ms) and the
// EXPLAIN ANALYZE of that SQL. After it, with the server stopped: every invariant in SQL (lots, credit,
// invoices, allocations, and the trade figures against a fresh aggregate); exits non-zero if one fails.
//
// To tell what the time goes to, each full-load window also reports the CPU (in cores, from /proc) of the
// server, of the PostgreSQL backends serving the bench's database, of the writer and of the load generator.
//
// SCALE_DATABASE_URL naming a loaded scale database is copied (CREATE DATABASE ... TEMPLATE), never
// written; else the scale data set is loaded into a throw-away database. `live-market.ts directory` (or
// `catalogue`, `matches`) runs one read; `live-market.ts writes` runs the write stream alone and reports
// CPU milliseconds per write (server, PostgreSQL, writer). LIVE_RUNS sets the runs (3), LIVE_SECONDS the
// length of each window (5), LIVE_PLAN=1 prints the directory's plan, and BENCH_CPU_PROF=<dir> has the
// server write a V8 CPU profile there when it stops.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { SessionUser } from '@aduro/shared/auth';
import { todayUtc } from '@aduro/shared/inventory';
import { openDatabase, queryRows, type Executor } from '../src/db/client.ts';
import { SCALE_PASSWORD } from '../src/startup/seed/scale.ts';
import { draftOrders } from '../src/modules/orders/draft-orders.workflow.ts';
import {
  listBuyerRelationships,
  listProductMatches,
  listSupplierCatalogue,
  listSupplierDirectory,
} from '../src/modules/suppliers/suppliers.marketplace.repository.ts';
import { getSupplierDirectory } from '../src/modules/suppliers/suppliers.marketplace.service.ts';
import { ReadCache } from '../src/plugins/read-cache.ts';
import {
  APPROVAL_INVARIANTS,
  checkInvariants,
  loadAt,
  median,
  repoRoot,
  signIn,
  startServer,
  TRADE_FIGURE_INVARIANTS,
  withScaleDatabase,
  type Load,
} from './lib.ts';
import type { Draft, SyncAccount, WriterInit, WriterReport } from './live-market-writer.ts';
import { DirectoryRows } from '../src/modules/suppliers/directory-rows.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3260);
const RUNS = Number(process.env.LIVE_RUNS ?? 3);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 5);
const RATES = [0, 10, 100] as const;
const SYNC_SUPPLIERS = 20;
const DRAFT_BUYERS = 50;
/** Enough for every approval window: 50 approvals/s plus 5/s, for 3 reads x RUNS x 2 windows of 6 s. */
const DRAFTS = Math.ceil(55 * 3 * RUNS * 2 * (SECONDS + 1) * 1.2);
const TIMED = 30;
const READER = 'buyer@accracare.demo';

const only = process.argv[2];

const load = (url: string, headers: Record<string, string>, rate?: number, duration = SECONDS) =>
  loadAt(url, headers, { rate, duration });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));

async function timed(n: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

interface Plan {
  supplier: string;
  product: string;
  readerOrg: string;
  accounts: SyncAccount[];
  drafts: Draft[];
}

/** Picks the reads' supplier and product, the writing suppliers and drafts DRAFTS orders for other buyers. */
async function prepare(databaseUrl: string): Promise<Plan> {
  const database = await openDatabase({ databaseUrl });
  try {
    const db = database.db;
    const [facts] = await queryRows<{ product: string; supplier: string; readerOrg: string }>(
      db,
      // As marketplace.ts: the supplier and the product with the most offers.
      sql`select (select product_id from offers group by product_id order by count(*) desc, product_id limit 1) as product,
                 (select supplier_id from offers group by supplier_id order by count(*) desc, supplier_id limit 1) as supplier,
                 (select org_id from users where email = ${READER}) as "readerOrg"`,
    );
    const { supplier, product, readerOrg } = facts!;
    // The catalogue's supplier first, then active scale suppliers by name.
    const sellers = await queryRows<{ id: string; n: number; offers: SyncAccount['offers'] }>(
      db,
      sql`select o.id, substr(o.name, 16)::int as n,
                 (select json_agg(json_build_object('productId', f.product_id, 'unitPrice', f.unit_price))
                  from offers f where f.supplier_id = o.id) as offers
          from organizations o
          where o.name like 'Scale Supplier %' and o.is_active
          order by o.id = ${supplier} desc, o.name
          limit ${SYNC_SUPPLIERS}`,
    );
    const emails = await queryRows<{ orgId: string; email: string }>(
      db,
      sql`select u.org_id as "orgId", u.email from users u
          where u.org_id in ${sql.raw(`(${sellers.map((s) => `'${s.id}'`).join(',')})`)} order by u.email`,
    );
    const accounts: SyncAccount[] = sellers.map((s) => ({
      supplierId: s.id,
      emails: emails.filter((e) => e.orgId === s.id).map((e) => e.email),
      offers: s.offers,
    }));
    if (accounts.some((a) => a.emails.length === 0)) throw new Error('a writing supplier has no account');
    // Drafts only where the seeded lot alone covers every draft of the pair (at most 22 units each), so
    // an approval never waits on a sync's count; syncs write lots of other expiries.
    const pairs = await queryRows<{ supplierId: string; productId: string; moq: number }>(
      db,
      sql`select f.supplier_id as "supplierId", f.product_id as "productId", f.moq
          from offers f join inventory_lots l on l.supplier_id = f.supplier_id and l.product_id = f.product_id
          where f.supplier_id in ${sql.raw(`(${sellers.map((s) => `'${s.id}'`).join(',')})`)}
            and l.quantity >= 400 and l.expiry_date >= current_date + 7
          order by f.supplier_id, f.product_id`,
    );
    const buyers = await queryRows<{ id: string; name: string; email: string; orgId: string }>(
      db,
      sql`select u.id, u.name, u.email, u.org_id as "orgId" from users u
          where u.email like 'buyer@scale-pharmacy-%' and u.org_id <> ${readerOrg}
          order by u.email limit ${DRAFT_BUYERS}`,
    );
    const drafts: Draft[] = [];
    for (const [b, buyer] of buyers.entries()) {
      const mine = Array.from({ length: Math.ceil(DRAFTS / buyers.length) }, (_, i) => {
        return pairs[((b + i * buyers.length) * 7919) % pairs.length]!;
      });
      const drafted = await db.transaction((tx) =>
        draftOrders(tx, {
          buyer: { orgId: buyer.orgId },
          user: { id: buyer.id, name: buyer.name },
          groups: mine.map((p) => ({
            sellerId: p.supplierId,
            productId: p.productId,
            contacts: { deliveryContactName: null, deliveryContactPhone: null, deliveryAddress: null },
            drops: [
              {
                addressName: 'Main',
                address: 'Ring Road',
                contactName: null,
                contactPhone: null,
                quantity: p.moq + 2,
                estimatedDeliveryDate: null,
              },
            ],
          })),
        }),
      );
      drafts.push(
        ...drafted.map((o) => ({
          orderId: o.id,
          buyerEmail: buyer.email,
          supplierId: o.sellerId,
          productId: o.productId,
        })),
      );
    }
    // Interleaved, so consecutive approvals are of different buyers and pairs.
    for (let i = drafts.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [drafts[i], drafts[j]] = [drafts[j]!, drafts[i]!];
    }
    console.log(
      `  writers: ${accounts.length} suppliers (${accounts.reduce((s, a) => s + a.emails.length, 0)} accounts); ` +
        `${drafts.length} drafts for ${buyers.length} other buyers over ${pairs.length} offers`,
    );
    return { supplier, product, readerOrg, accounts, drafts };
  } finally {
    await database.close();
  }
}

/** GET /api/suppliers uncached: its SQL alone, the buyer's relationships, and the whole miss in process. */
async function uncached(databaseUrl: string, plan: Plan) {
  const database = await openDatabase({ databaseUrl });
  try {
    const db = database.db;
    const today = todayUtc();
    await listSupplierDirectory(db, { today }); // warm: plan cache, buffers
    const directory = await timed(TIMED, () => listSupplierDirectory(db, { today }));
    const relationships = await timed(TIMED, () => listBuyerRelationships(db, plan.readerOrg));
    const reader: SessionUser = {
      id: 'bench',
      email: READER,
      name: 'Bench reader',
      userType: 'customer',
      orgId: plan.readerOrg,
      organizationName: null,
      organizationActive: true,
      orgRole: null,
      roles: ['Buyer'],
      phoneNumber: null,
      permissions: [],
    };
    // Uncached: a new read cache and new directory rows each time, so the whole market is read.
    const miss = await timed(TIMED, async () =>
      getSupplierDirectory(db, new ReadCache(), new DirectoryRows(db), reader, undefined),
    );
    const rows = await listSupplierDirectory(db, { today });
    const json = await timed(TIMED, async () => Buffer.from(JSON.stringify(rows)));
    const catalogue = await timed(TIMED, () =>
      listSupplierCatalogue(db, { supplierId: plan.supplier, buyerOrgId: plan.readerOrg, today }),
    );
    const matches = await timed(TIMED, () =>
      listProductMatches(db, { productId: plan.product, buyerOrgId: plan.readerOrg, today }),
    );

    // The directory's statement as the repository sends it, for EXPLAIN ANALYZE.
    let captured: SQL | undefined;
    const capture = {
      execute: async (query: SQL) => {
        captured = query;
        return { rows: [] };
      },
    } as unknown as Executor;
    await listSupplierDirectory(capture, { today });
    const statement = new PgDialect().sqlToQuery(captured!);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const explained: { planning: number; execution: number; plan: string }[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const res = await client.query<{
          'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[];
        }>(`explain (analyze, format json) ${statement.sql}`, statement.params as unknown[]);
        const top = res.rows[0]!['QUERY PLAN'][0]!;
        explained.push({ planning: top['Planning Time'], execution: top['Execution Time'], plan: '' });
      }
      const text = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing on) ${statement.sql}`,
        statement.params as unknown[],
      );
      explained[explained.length - 1]!.plan = text.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await client.end();
    }
    const planning = median(explained.map((e) => e.planning));
    const execution = median(explained.map((e) => e.execution));
    console.log(`\nGET /api/suppliers computed uncached (${rows.length} suppliers), medians of ${TIMED}`);
    console.log(
      `  listSupplierDirectory (its SQL, from the bench process): ${ms(directory)} ms (target < 20 ms)`,
    );
    console.log(
      `  EXPLAIN ANALYZE of that SQL, median of 5: ${ms(planning + execution)} ms ` +
        `(planning ${ms(planning)} ms, execution ${ms(execution)} ms)`,
    );
    console.log(
      `  the whole miss in process (directory + buyer's relationships ${ms(relationships)} ms, in parallel, ` +
        `then JSON): ${ms(miss)} ms; JSON of the market rows alone ${ms(json)} ms`,
    );
    console.log(
      `  for comparison, uncached SQL of the other two reads: catalogue ${ms(catalogue)} ms, matches ${ms(matches)} ms`,
    );
    if (process.env.LIVE_PLAN) console.log(explained[explained.length - 1]!.plan);
    return { directory, planning, execution, miss, relationships, json, catalogue, matches };
  } finally {
    await database.close();
  }
}

interface Writer {
  pid: number;
  rate(rate: number): void;
  stop(): Promise<WriterReport>;
  exit(): Promise<void>;
}

async function startWriter(init: WriterInit): Promise<Writer> {
  const child = fork(path.join(repoRoot, 'apps/api/bench/live-market-writer.ts'), {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as Record<string, unknown>);
      };
      const onExit = () => reject(new Error('the writer exited'));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = next('ready');
  child.send(init);
  const { accounts } = await ready;
  console.log(`  writer process signed in ${String(accounts)} accounts`);
  return {
    pid: child.pid!,
    rate: (rate) => child.send({ type: 'rate', rate }),
    stop: async () => {
      const report = next('report');
      child.send({ type: 'stop' });
      return (await report).report as WriterReport;
    },
    exit: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'exit' });
      await exited;
    },
  };
}

/**
 * Which writes drop the read's cached answer: every one (the directory shows the whole market), or those
 * naming the watched supplier (catalogue) or product (matches).
 */
type DroppedBy = 'every write' | 'supplier' | 'product';

const dropsOf = (droppedBy: DroppedBy) => (x: WriterReport) =>
  droppedBy === 'every write'
    ? x.ok.sync + x.ok.approve
    : droppedBy === 'supplier'
      ? x.touched.supplier
      : x.touched.product;

/** CPU time used, in cores (CPU seconds per second), by each party during a window. */
interface CpuUse {
  server: number;
  postgres: number;
  writer: number;
  loadGenerator: number;
}

/**
 * Reads the CPU time of the server, the writer, this process (the load generator) and the PostgreSQL
 * backends serving the bench's database, from /proc (Linux; elsewhere it reports nothing). Backends are
 * found through pg_stat_activity, so other databases' work on the same server is left out.
 */
async function cpuMeter(databaseUrl: string, serverPid: number, writerPid: number) {
  const tick = 100; // USER_HZ: /proc counts CPU time in hundredths of a second on Linux
  const ofPid = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      return 0;
    }
  };
  if (!existsSync('/proc/self/stat')) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const snapshot = async () => {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const backends = new Map(rows.map((r) => [r.pid, ofPid(r.pid)]));
    const self = process.cpuUsage();
    return {
      at: performance.now(),
      server: ofPid(serverPid),
      writer: ofPid(writerPid),
      self: (self.user + self.system) / 1e6,
      backends,
    };
  };
  return {
    /** Starts a window; the function it returns ends it and answers the cores each party used. */
    start: async () => {
      const before = await snapshot();
      return async (): Promise<CpuUse> => {
        const after = await snapshot();
        const seconds = (after.at - before.at) / 1000;
        let postgres = 0;
        for (const [pid, used] of after.backends) postgres += used - (before.backends.get(pid) ?? 0);
        return {
          server: (after.server - before.server) / seconds,
          postgres: postgres / seconds,
          writer: (after.writer - before.writer) / seconds,
          loadGenerator: (after.self - before.self) / seconds,
        };
      };
    },
    close: () => client.end(),
  };
}
type CpuMeter = NonNullable<Awaited<ReturnType<typeof cpuMeter>>>;

interface Sample {
  full: Load;
  steady: Load;
  /** The writer's report for the full-load window and for the steady one; null without writes. */
  fullWrites: WriterReport | null;
  steadyWrites: WriterReport | null;
  fullCpu: CpuUse | null;
}

function writesLine(label: string, w: WriterReport[], droppedBy: DroppedBy) {
  const refused = w.reduce((n, x) => n + x.non2xx.sync + x.non2xx.approve + x.errors, 0);
  const skipped = w.reduce((n, x) => n + x.skipped + x.noDraftLeft, 0);
  const perSecond = (f: (x: WriterReport) => number) => median(w.map((x) => f(x) / x.seconds)).toFixed(1);
  const lat = (kind: 'sync' | 'approve') =>
    `p50 ${median(w.map((x) => x.p50[kind]))} ms p99 ${median(w.map((x) => x.p99[kind]))} ms`;
  console.log(
    `      writes ${label}: ${median(w.map((x) => x.achieved)).toFixed(1)}/s answered ` +
      `(syncs ${perSecond((x) => x.ok.sync)}/s ${lat('sync')}; approvals ${perSecond((x) => x.ok.approve)}/s ${lat('approve')}); ` +
      `non-2xx/errors ${refused}${skipped ? `, not started (${MAX_IN_FLIGHT_NOTE}) ${skipped}` : ''}; ` +
      `answer dropped ${perSecond(dropsOf(droppedBy))}/s`,
  );
  for (const line of w.flatMap((x) => x.samples).slice(0, 3)) console.log(`        e.g. ${line}`);
}

const MAX_IN_FLIGHT_NOTE = '200 under way';

async function measure(
  label: string,
  url: string,
  authorization: string,
  writer: Writer,
  droppedBy: DroppedBy,
  cpu: CpuMeter | null,
) {
  const headers = { authorization };
  const first = await fetch(url, { headers });
  const body = Buffer.from(await first.arrayBuffer());
  if (!first.ok) throw new Error(`${label}: ${first.status} ${body.toString()}`);
  await load(url, headers, undefined, 2); // warm-up: JIT, connection pool, cache
  // One load with the stream at `rate`: the stream starts a second before the reads and its window ends
  // when they do (the parent waits for the writes under way, so none spill into the next window).
  const window = async (rate: number, requests?: number) => {
    if (rate > 0) {
      writer.rate(rate);
      await sleep(1000);
    }
    const stopMeter = await cpu?.start();
    const reads = await load(url, headers, requests);
    const used = (await stopMeter?.()) ?? null;
    return { reads, writes: rate > 0 ? await writer.stop() : null, used };
  };
  const samples = new Map<number, Sample[]>(RATES.map((r) => [r, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const rate of RATES) {
      const full = await window(rate);
      const steady = await window(rate, 500);
      samples.get(rate)!.push({
        full: full.reads,
        steady: steady.reads,
        fullWrites: full.writes,
        steadyWrites: steady.writes,
        fullCpu: full.used,
      });
    }
  }
  const base = samples.get(0)!;
  console.log(
    `\n${label} (${(body.length / 1024).toFixed(1)} KB answer), medians of ${RUNS} runs ` +
      `(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
  );
  const results = [];
  for (const rate of RATES) {
    const s = samples.get(rate)!;
    const ratios = s.map((x, i) => x.full.rps / base[i]!.full.rps);
    const rps = median(s.map((x) => x.full.rps));
    const p50 = median(s.map((x) => x.full.p50));
    const p99 = median(s.map((x) => x.full.p99));
    const steadyP50 = median(s.map((x) => x.steady.p50));
    const steadyP99 = median(s.map((x) => x.steady.p99));
    const bad = s.reduce((n, x) => n + x.full.bad + x.steady.bad, 0);
    const head =
      rate === 0 ? '(a)   no writes' : `(${rate === 10 ? 'b' : 'c'}) ${String(rate).padStart(3)} writes/s`;
    console.log(
      `  ${head}: full load ${rps.toFixed(0)} req/s, p50 ${p50} ms, p99 ${p99} ms` +
        (rate === 0
          ? ''
          : `, ratio to (a) ${median(ratios).toFixed(2)} (runs ${ratios.map((r) => r.toFixed(2)).join(', ')})`) +
        `; at 500 req/s p50 ${steadyP50} ms, p99 ${steadyP99} ms${bad ? `; non-2xx/errors ${bad}` : ''}`,
    );
    const used = s.map((x) => x.fullCpu).filter((x): x is CpuUse => x !== null);
    if (used.length > 0) {
      const cores = (f: (x: CpuUse) => number) => median(used.map(f)).toFixed(2);
      console.log(
        `      CPU at full load, in cores: server ${cores((x) => x.server)}, PostgreSQL ${cores((x) => x.postgres)}, ` +
          `writer ${cores((x) => x.writer)}, load generator ${cores((x) => x.loadGenerator)}`,
      );
    }
    if (rate > 0) {
      writesLine(
        'at full load',
        s.map((x) => x.fullWrites!),
        droppedBy,
      );
      writesLine(
        'at 500 req/s',
        s.map((x) => x.steadyWrites!),
        droppedBy,
      );
    }
    results.push({ rate, rps, p50, p99, steadyP99, ratio: rate === 0 ? 1 : median(ratios) });
  }
  return results;
}

/**
 * The write stream alone, no reads: what each write costs the server, PostgreSQL and the writer, in CPU
 * milliseconds per answered write (`live-market.ts writes`).
 */
async function writesAlone(writer: Writer, cpu: CpuMeter | null) {
  console.log('\nThe write stream alone (no reads), 5 s per rate');
  for (const rate of [10, 100]) {
    writer.rate(rate);
    await sleep(1000);
    const stopMeter = await cpu?.start();
    await sleep(SECONDS * 1000);
    const used = (await stopMeter?.()) ?? null;
    const report = await writer.stop();
    const perWrite = (cores: number) => ((cores / report.achieved) * 1000).toFixed(2);
    console.log(
      `  ${rate} writes/s: ${report.achieved.toFixed(1)}/s answered; syncs p50 ${report.p50.sync} ms, ` +
        `approvals p50 ${report.p50.approve} ms` +
        (used
          ? `; CPU ms per write: server ${perWrite(used.server)}, PostgreSQL ${perWrite(used.postgres)}, ` +
            `writer ${perWrite(used.writer)}`
          : ''),
    );
  }
}

async function main() {
  console.log('\nMarketplace reads while the market writes, scale data set (PostgreSQL)');
  let failed = 0;
  await withScaleDatabase(
    async (databaseUrl) => {
      const workDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-live-'));
      try {
        console.log(`  before the run:`);
        failed += await checkInvariants(databaseUrl, TRADE_FIGURE_INVARIANTS);
        const plan = await prepare(databaseUrl);
        await uncached(databaseUrl, plan);
        const server = await startServer({ DATA_DIR: workDir, DATABASE_URL: databaseUrl }, PORT);
        let writer: Writer | undefined;
        let cpu: CpuMeter | null = null;
        try {
          writer = await startWriter({
            type: 'init',
            base: server.base,
            password: SCALE_PASSWORD,
            accounts: plan.accounts,
            drafts: plan.drafts,
            watch: { supplierId: plan.supplier, productId: plan.product },
          });
          const buyer = await signIn(server.base, READER, 'customer');
          cpu = await cpuMeter(databaseUrl, server.child.pid!, writer.pid);
          if (only === 'writes') await writesAlone(writer, cpu);
          const wanted = (name: string) => !only || only === name;
          if (wanted('directory'))
            await measure(
              'GET /api/suppliers',
              `${server.base}/api/suppliers`,
              buyer,
              writer,
              'every write',
              cpu,
            );
          if (wanted('catalogue'))
            await measure(
              'GET /api/suppliers/{id}/products (the supplier with the most offers)',
              `${server.base}/api/suppliers/${plan.supplier}/products`,
              buyer,
              writer,
              'supplier',
              cpu,
            );
          if (wanted('matches'))
            await measure(
              'GET /api/products/{id}/suppliers (the product with the most offers)',
              `${server.base}/api/products/${plan.product}/suppliers`,
              buyer,
              writer,
              'product',
              cpu,
            );
        } finally {
          await cpu?.close();
          await writer?.exit();
          await server.stop();
        }
        console.log('\nInvariants after the run (server stopped, one replica):');
        failed += await checkInvariants(databaseUrl, [...APPROVAL_INVARIANTS, ...TRADE_FIGURE_INVARIANTS]);
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    { writes: true },
  );
  if (failed > 0) {
    console.error(`${failed} invariant check(s) failed`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
