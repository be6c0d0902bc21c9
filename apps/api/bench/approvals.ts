// Order approvals on PostgreSQL: 2,000 drafted orders approved through POST /api/orders/{id}/approve by
// 50 concurrent clients, each order once. Every approval locks its order, its lots and (on credit) its
// credit line, allocates stock, issues an invoice and logs. Reports approvals per second (target >= 200)
// and latency, then checks every invariant in SQL and exits non-zero if one fails.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { productDedupeKey } from '@aduro/shared/catalogue';
import { migrateDatabase, openDatabase, queryRows } from '../src/db/client.ts';
import { inventoryLots, offers, products } from '../src/db/schema/index.ts';
import { seedDemo } from '../src/startup/seed/demo.ts';
import { ensureRoles } from '../src/startup/seed/roles.ts';
import { draftOrders } from '../src/modules/orders/draft-orders.workflow.ts';
import {
  adminQuery,
  APPROVAL_INVARIANTS,
  checkInvariants,
  median,
  signIn,
  startServer,
  TRADE_FIGURE_INVARIANTS,
} from './lib.ts';

const ORDERS = 2_000;
const PRODUCTS = 50;
const CLIENTS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 3240);

async function prepare(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl });
  try {
    await migrateDatabase(database);
    await ensureRoles(database.db);
    await seedDemo(database.db, { now: new Date() });
    const db = database.db;
    const [ids] = await queryRows<{ tema: string; buyer: string; user: string; name: string }>(
      db,
      sql`select (select id from organizations where name = 'Tema Pharma Distributors') as tema,
                 (select id from organizations where name = 'AccraCare Pharmacy') as buyer,
                 (select id from users where email = 'buyer@accracare.demo') as user,
                 (select name from users where email = 'buyer@accracare.demo') as name`,
    );
    const rows = Array.from({ length: PRODUCTS }, (_, i) => {
      const p = {
        name: `Approval bench product ${i}`,
        brandName: 'Bench',
        unitOfMeasure: 'box',
        itemsPerUnit: '10',
      };
      return { ...p, category: 'Bench', dedupeKey: productDedupeKey(p) };
    });
    const productIds = (await db.insert(products).values(rows).returning({ id: products.id })).map(
      (r) => r.id,
    );
    await db
      .insert(offers)
      .values(productIds.map((productId) => ({ supplierId: ids!.tema, productId, unitPrice: 12.5 })));
    await db.insert(inventoryLots).values(
      productIds.map((productId) => ({
        supplierId: ids!.tema,
        productId,
        expiryDate: '2030-01-01',
        quantity: 100_000,
      })),
    );
    const orderIds: string[] = [];
    for (let start = 0; start < ORDERS; start += 500) {
      const drafted = await db.transaction((tx) =>
        draftOrders(tx, {
          buyer: { orgId: ids!.buyer },
          user: { id: ids!.user, name: ids!.name },
          groups: Array.from({ length: Math.min(500, ORDERS - start) }, (_, i) => ({
            sellerId: ids!.tema,
            productId: productIds[(start + i) % PRODUCTS]!,
            paymentMethod: 'mobile_money' as const,
            contacts: { deliveryContactName: null, deliveryContactPhone: null, deliveryAddress: null },
            drops: [
              {
                addressName: 'Main',
                address: 'Ring Road',
                contactName: null,
                contactPhone: null,
                quantity: 3,
                estimatedDeliveryDate: null,
              },
              {
                addressName: 'Annex',
                address: 'Osu',
                contactName: null,
                contactPhone: null,
                quantity: 2,
                estimatedDeliveryDate: null,
              },
            ],
          })),
        }),
      );
      orderIds.push(...drafted.map((o) => o.id));
    }
    return orderIds;
  } finally {
    await database.close();
  }
}

async function main() {
  console.log('\nOrder approvals on PostgreSQL');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `aduro_bench_approvals_${Date.now().toString(36)}`;
  const created = await adminQuery(adminUrl, `create database ${name}`).then(
    () => true,
    () => false,
  );
  if (!created) {
    console.log('  (PostgreSQL not reachable at BENCH_DATABASE_URL or 127.0.0.1:5432: skipped)');
    return;
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-approvals-'));
  let failed = false;
  try {
    const orderIds = await prepare(databaseUrl);
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, PORT);
    try {
      const authorization = await signIn(server.base, 'buyer@accracare.demo', 'customer');
      const queue = [...orderIds];
      const latencies: number[] = [];
      let refused = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let id = queue.shift(); id; id = queue.shift()) {
            const t0 = performance.now();
            const res = await fetch(`${server.base}/api/orders/${id}/approve`, {
              method: 'POST',
              headers: { authorization },
            });
            await res.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (res.status !== 200) refused += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const sorted = [...latencies].sort((a, b) => a - b);
      console.log(
        `  ${orderIds.length} approvals by ${CLIENTS} concurrent clients in ${seconds.toFixed(1)} s: ` +
          `${(orderIds.length / seconds).toFixed(0)} approvals/s (target >= 200)`,
      );
      console.log(
        `  latency p50 ${median(latencies).toFixed(0)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(0)} ms; refused: ${refused}`,
      );
      if (refused > 0) failed = true;
    } finally {
      await server.stop();
    }
    if ((await checkInvariants(databaseUrl, [...APPROVAL_INVARIANTS, ...TRADE_FIGURE_INVARIANTS])) > 0)
      failed = true;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  if (failed) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
