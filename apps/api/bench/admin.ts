// Platform administration on the scale data set (500 suppliers, 5,000 products, 200,000 released
// orders, PostgreSQL): GET /api/admin/stats and GET /api/admin/market/summary. Cold: the statements
// behind each answer, computed afresh (median of 5). Cached: the answers over HTTP under load, as the
// admin page reads them between recomputations (target: the cold summary under 1 s).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { openDatabase } from '../src/db/client.ts';
import { getStats, MarketSummaries } from '../src/modules/admin/admin.service.ts';
import { ReadCache } from '../src/plugins/read-cache.ts';
import { adminQuery, median, signIn, startServer, withScaleDatabase } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const COLD_RUNS = 5;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function cached(label: string, url: string, authorization: string) {
  const r = await autocannon({ url, headers: { authorization }, connections: 10, duration: 5 });
  console.log(
    `  ${label} cached, 10 connections for 5 s: ${r.requests.average.toFixed(0)} req/s, ` +
      `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx + r.errors + r.timeouts}`,
  );
}

async function main() {
  console.log('\nPlatform administration on the scale data set (PostgreSQL)');
  await withScaleDatabase(async (databaseUrl) => {
    const [{ orders } = { orders: 0 }] = await adminQuery<{ orders: number }>(
      databaseUrl,
      `select count(*)::int as orders from orders where status in ('RELEASED','SHIPPED','DELIVERED')`,
    );
    console.log(`  ${orders} released orders`);

    const database = await openDatabase({ databaseUrl });
    try {
      const stats: number[] = [];
      const summaries: number[] = [];
      for (let i = 0; i < COLD_RUNS; i++) {
        stats.push(await timed(() => getStats(database.db, new ReadCache())));
        summaries.push(
          await timed(() =>
            new MarketSummaries(database.db, null, pino({ level: 'silent' })).compute(new Date()),
          ),
        );
      }
      console.log(
        `  GET /api/admin/stats cold (median of ${COLD_RUNS}): ${median(stats).toFixed(0)} ms ` +
          `(runs ${stats.map((ms) => ms.toFixed(0)).join(', ')})`,
      );
      const summaryMs = median(summaries);
      console.log(
        `  GET /api/admin/market/summary cold, rules (median of ${COLD_RUNS}): ${summaryMs.toFixed(0)} ms ` +
          `(runs ${summaries.map((ms) => ms.toFixed(0)).join(', ')}; target < 1000 ms: ${summaryMs < 1000 ? 'met' : 'missed'})`,
      );
    } finally {
      await database.close();
    }

    const workDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-admin-'));
    const server = await startServer({ DATA_DIR: workDir, DATABASE_URL: databaseUrl }, PORT);
    try {
      const admin = await signIn(server.base, 'admin@aduro.demo', 'platform');
      for (const url of ['/api/admin/stats', '/api/admin/market/summary']) {
        const first = await fetch(`${server.base}${url}`, { headers: { authorization: admin } });
        if (!first.ok) throw new Error(`${url}: ${first.status} ${await first.text()}`);
        await cached(`GET ${url}`, `${server.base}${url}`, admin);
      }
    } finally {
      await server.stop();
      rmSync(workDir, { recursive: true, force: true });
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
