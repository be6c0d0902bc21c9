// Marketplace reads on the scale data set (500 suppliers, 5,000 products, 200,000 released orders):
// GET /api/suppliers, GET /api/suppliers/{id}/products and GET /api/products/{id}/suppliers as a
// signed-in buyer, each beside a bare Fastify server answering the same bytes in the same run.
// Reports requests/s at full load for both and their ratio (target >= 0.5), then p99 at a steady
// 500 requests/s (target < 25 ms). Uses SCALE_DATABASE_URL when it names a seeded database, else
// creates one on the local PostgreSQL, loads it with `seedScale` and drops it afterwards.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adminQuery,
  loadAt,
  median,
  repoRoot,
  signIn,
  startServer,
  withScaleDatabase,
  type Load,
} from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3220);
const BARE_PORT = PORT + 1;
const RUNS = 3;
const SECONDS = 5;

async function startBare(bodyFile: string) {
  const child = fork(path.join(repoRoot, 'apps/api/bench/bare-server.ts'), {
    cwd: repoRoot,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BARE_BODY_FILE: bodyFile, BARE_PORT: String(BARE_PORT) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', () => reject(new Error('bare server exited')));
  });
  return {
    base: `http://127.0.0.1:${BARE_PORT}`,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One read's load over SECONDS unless told otherwise. */
const load = (
  url: string,
  headers: Record<string, string>,
  opts: { rate?: number; duration?: number } = {},
) => loadAt(url, headers, { rate: opts.rate, duration: opts.duration ?? SECONDS });

// `marketplace.ts matches` (or `directory`, `catalogue`) runs one read only, for quicker iterations.
const only = process.argv[2];

async function compare(label: string, url: string, authorization: string, workDir: string) {
  const headers = { authorization };
  const first = await fetch(url, { headers });
  const body = Buffer.from(await first.arrayBuffer());
  if (!first.ok) throw new Error(`${label}: ${first.status} ${body.toString()}`);
  const bodyFile = path.join(workDir, 'body.json');
  writeFileSync(bodyFile, body);
  const bare = await startBare(bodyFile);
  try {
    const bareUrl = `${bare.base}${new URL(url).pathname}`;
    const check = Buffer.from(await (await fetch(bareUrl)).arrayBuffer());
    if (!check.equals(body)) throw new Error('the bare server does not answer the same bytes');
    await load(url, headers, { duration: 2 }); // warm-up: JIT, connection pool, cache
    await load(bareUrl, headers, { duration: 2 });
    const ours: Load[] = [];
    const theirs: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await load(url, headers));
      // The same requests, token included: the ratio is what our work costs, not the request's size.
      theirs.push(await load(bareUrl, headers));
    }
    const steady: Load[] = [];
    for (let i = 0; i < RUNS; i++) steady.push(await load(url, headers, { rate: 500 }));
    const oursRps = median(ours.map((r) => r.rps));
    const bareRps = median(theirs.map((r) => r.rps));
    const p99 = median(steady.map((r) => r.p99));
    const bad = [...ours, ...steady].reduce((s, r) => s + r.bad, 0);
    console.log(`\n${label} (${(body.length / 1024).toFixed(1)} KB answer)`);
    console.log(
      `  full load, 10 connections, median of ${RUNS} x ${SECONDS} s: Aduro ${oursRps.toFixed(0)} req/s, ` +
        `bare Fastify ${bareRps.toFixed(0)} req/s, ratio ${(oursRps / bareRps).toFixed(2)} (target >= 0.5)`,
    );
    console.log(
      `  steady 500 req/s, median of ${RUNS} x ${SECONDS} s: p50 ${median(steady.map((r) => r.p50))} ms, ` +
        `p99 ${p99} ms (target < 25 ms)`,
    );
    console.log(`  non-2xx, errors and timeouts: ${bad}`);
  } finally {
    await bare.stop();
  }
}

async function main() {
  console.log('\nMarketplace reads on the scale data set (PostgreSQL)');
  await withScaleDatabase(async (databaseUrl) => {
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-market-'));
    try {
      const facts = await adminQuery<{
        orders: number;
        suppliers: number;
        product: string;
        supplier: string;
      }>(
        databaseUrl,
        `select (select count(*)::int from orders where status in ('RELEASED','SHIPPED','DELIVERED')) as orders,
                (select count(*)::int from organizations where kind = 'supplier') as suppliers,
                (select product_id from offers group by product_id order by count(*) desc, product_id limit 1) as product,
                (select supplier_id from offers group by supplier_id order by count(*) desc, supplier_id limit 1) as supplier`,
      );
      const { orders, suppliers, product, supplier } = facts[0]!;
      console.log(`  ${suppliers} suppliers, ${orders} released orders`);
      const server = await startServer({ DATA_DIR: workDir, DATABASE_URL: databaseUrl }, PORT);
      try {
        const buyer = await signIn(server.base, 'buyer@accracare.demo', 'customer');
        const wanted = (name: string) => !only || only === name;
        if (wanted('directory'))
          await compare('GET /api/suppliers', `${server.base}/api/suppliers`, buyer, workDir);
        if (wanted('catalogue'))
          await compare(
            'GET /api/suppliers/{id}/products (the supplier with the most offers)',
            `${server.base}/api/suppliers/${supplier}/products`,
            buyer,
            workDir,
          );
        if (wanted('matches'))
          await compare(
            'GET /api/products/{id}/suppliers (the product with the most offers)',
            `${server.base}/api/products/${product}/suppliers`,
            buyer,
            workDir,
          );
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
