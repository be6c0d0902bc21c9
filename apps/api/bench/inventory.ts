// Inventory benchmarks: GET /api/inventory for a supplier holding 5,000 lots (one SQL query, no N+1),
// and the demand forecast over 26 weeks of history, computed alone and through its endpoint.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { productDedupeKey } from '@aduro/shared/catalogue';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import {
  inventoryLots,
  offers,
  organizations,
  products,
  userRoles,
  users,
  roles,
} from '../src/db/schema/index.ts';
import { seedDemo } from '../src/startup/seed/demo.ts';
import { ensureRoles } from '../src/startup/seed/roles.ts';
import { hashPassword } from '../src/lib/password.ts';
import { forecastDemand } from '../src/modules/inventory/forecast.ts';
import { eq } from 'drizzle-orm';
import { median, signIn, startServer } from './lib.ts';

const LOTS = 5_000;
const PRODUCTS = 500;
const BENCH_EMAIL = 'bench@bulk-supplier.test';

async function prepare(dataDir: string, databaseUrl?: string) {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrateDatabase(database);
    await ensureRoles(database.db);
    await seedDemo(database.db, { now: new Date() });
    const db = database.db;
    const [org] = await db
      .insert(organizations)
      .values({
        kind: 'supplier',
        name: 'Bulk Bench Supplier',
        isActive: true,
        supplierCategory: 'distributor',
      })
      .returning({ id: organizations.id });
    const [user] = await db
      .insert(users)
      .values({
        orgId: org!.id,
        userType: 'supplier',
        email: BENCH_EMAIL,
        name: 'Bench Admin',
        passwordHash: await hashPassword('demo1234'),
      })
      .returning({ id: users.id });
    const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Admin'));
    await db.insert(userRoles).values({ userId: user!.id, roleId: admin!.id });
    const productRows = Array.from({ length: PRODUCTS }, (_, i) => {
      const p = {
        name: `Bench product ${String(i).padStart(4, '0')}`,
        brandName: 'Bench Pharma',
        unitOfMeasure: 'box',
        itemsPerUnit: '100 tablets',
      };
      return { ...p, category: 'Bench', dedupeKey: productDedupeKey(p) };
    });
    const ids = (await db.insert(products).values(productRows).returning({ id: products.id })).map(
      (r) => r.id,
    );
    await db
      .insert(offers)
      .values(
        ids.map((productId, i) => ({ supplierId: org!.id, productId, unitPrice: 10 + (i % 90) + 0.25 })),
      );
    const lots = [];
    const today = Date.now();
    for (let i = 0; i < LOTS; i++) {
      const days = -60 + (i % 10) * 45; // expired, expiring soon and healthy lots
      lots.push({
        supplierId: org!.id,
        productId: ids[i % PRODUCTS]!,
        expiryDate: new Date(today + days * 86_400_000 + Math.floor(i / PRODUCTS) * 86_400_000)
          .toISOString()
          .slice(0, 10),
        quantity: (i * 37) % 500,
      });
    }
    for (let i = 0; i < lots.length; i += 1000)
      await db.insert(inventoryLots).values(lots.slice(i, i + 1000));
  } finally {
    await database.close();
  }
}

async function load(url: string, authorization: string) {
  const r = await autocannon({ url, headers: { authorization }, connections: 10, duration: 10 });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function main() {
  // The model alone: 26 weeks of noisy, trending weekly demand.
  const history = Array.from({ length: 26 }, (_, i) => Math.round(40 + i * 1.5 + 12 * Math.sin(i)));
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    forecastDemand({
      history,
      weeksWithHistory: 26,
      lots: [{ expiryDate: '2027-03-01', quantity: 400 }],
      today: '2026-11-22',
    });
    times.push(performance.now() - t0);
  }
  console.log('\nDemand forecast over 26 weeks of history (Holt, fitted by least squares)');
  console.log(`  model alone, median of 200: ${median(times).toFixed(2)} ms (budget 50 ms)`);

  await measure('PGlite', {});
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `aduro_bench_${Date.now().toString(36)}`;
  const created = await adminQuery(adminUrl, `create database ${name}`).then(
    () => true,
    () => false,
  );
  if (!created) {
    console.log(
      '\n(PostgreSQL not reachable at BENCH_DATABASE_URL or 127.0.0.1:5432: PostgreSQL figures skipped)',
    );
    return;
  }
  try {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    await measure('PostgreSQL', { databaseUrl: u.toString() });
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

async function adminQuery(url: string, sql: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function measure(label: string, opts: { databaseUrl?: string }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-inv-'));
  try {
    await prepare(dataDir, opts.databaseUrl);
    const server = await startServer(
      { DATA_DIR: dataDir, DATABASE_URL: opts.databaseUrl ?? '' },
      Number(process.env.BENCH_PORT ?? 3210),
    );
    try {
      const auth = await signIn(server.base, BENCH_EMAIL, 'supplier');
      const rows = (await (
        await fetch(`${server.base}/api/inventory`, { headers: { authorization: auth } })
      ).json()) as unknown[];
      const tema = await signIn(server.base, 'admin@tema-pharma.demo', 'supplier');
      const temaRows = (await (
        await fetch(`${server.base}/api/inventory`, { headers: { authorization: tema } })
      ).json()) as { product: { id: string } }[];
      const productId = temaRows[0]!.product.id;
      const endpointTimes: number[] = [];
      for (let i = 0; i < 50; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.base}/api/inventory/forecast/${productId}`, {
          headers: { authorization: tema },
        });
        await res.arrayBuffer();
        endpointTimes.push(performance.now() - t0);
      }
      console.log(
        `\n[${label}] GET /api/inventory/forecast/{id} (SQL history + model), median of 50: ${median(endpointTimes).toFixed(1)} ms`,
      );

      await load(`${server.base}/api/inventory`, auth); // warm-up
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await load(`${server.base}/api/inventory`, auth));
      console.log(
        `[${label}] GET /api/inventory for a supplier holding ${rows.length} lots, 10 connections, 3 x 10 s`,
      );
      console.log(`  requests/s median: ${median(runs.map((r) => r.rps)).toFixed(1)}`);
      console.log(
        `  p50 median: ${median(runs.map((r) => r.p50))} ms, p99 median: ${median(runs.map((r) => r.p99))} ms`,
      );
      console.log(
        `  non-2xx: ${runs.reduce((s, r) => s + r.non2xx, 0)}, errors: ${runs.reduce((s, r) => s + r.errors, 0)}`,
      );

      // The Inventory tab's totals, which it read from the whole list above until it had their own call.
      const answerBytes = async (url: string) =>
        (await (await fetch(url, { headers: { authorization: auth } })).arrayBuffer()).byteLength;
      const totalsUrl = `${server.base}/api/inventory/totals`;
      await load(totalsUrl, auth); // warm-up
      const totalsRuns = [];
      for (let i = 0; i < 3; i++) totalsRuns.push(await load(totalsUrl, auth));
      console.log(
        `[${label}] GET /api/inventory/totals for the same supplier, 10 connections, 3 x 10 s ` +
          `(answer ${await answerBytes(totalsUrl)} bytes; the whole list ${await answerBytes(`${server.base}/api/inventory`)})`,
      );
      console.log(`  requests/s median: ${median(totalsRuns.map((r) => r.rps)).toFixed(1)}`);
      console.log(
        `  p50 median: ${median(totalsRuns.map((r) => r.p50))} ms, p99 median: ${median(totalsRuns.map((r) => r.p99))} ms`,
      );
      console.log(
        `  non-2xx: ${totalsRuns.reduce((s, r) => s + r.non2xx, 0)}, errors: ${totalsRuns.reduce((s, r) => s + r.errors, 0)}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
