// Stock import (issue 33) on PostgreSQL: a 10,000-row CSV previewed (budget 3 s) and applied (budget
// 10 s) through the real server, over 2,000 real catalogue products named by GTIN or by name.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productDedupeKey } from '@aduro/shared/catalogue';
import { gtinCheckDigit } from '@aduro/shared/gtin';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { products } from '../src/db/schema/index.ts';
import { seedDemo } from '../src/startup/seed/demo.ts';
import { ensureRoles } from '../src/startup/seed/roles.ts';
import { adminQuery, median, signIn, startServer } from './lib.ts';

const ROWS = 10_000;
const PRODUCTS = 2_000;
const RUNS = 3;

interface BenchProduct {
  name: string;
  gtin: string;
}

async function prepare(databaseUrl: string): Promise<BenchProduct[]> {
  const database = await openDatabase({ databaseUrl });
  try {
    await migrateDatabase(database);
    await ensureRoles(database.db);
    await seedDemo(database.db, { now: new Date() });
    const rows = Array.from({ length: PRODUCTS }, (_, i) => {
      const body = `7${String(i).padStart(11, '0')}`;
      const p = {
        name: `Import bench product ${String(i).padStart(4, '0')}`,
        brandName: 'Bench Pharma',
        unitOfMeasure: 'box',
        itemsPerUnit: '100 tablets',
      };
      return {
        ...p,
        category: 'Bench',
        dedupeKey: productDedupeKey(p),
        gtin: `0${body}${gtinCheckDigit(`0${body}`)}`,
      };
    });
    for (let i = 0; i < rows.length; i += 1000)
      await database.db.insert(products).values(rows.slice(i, i + 1000));
    return rows.map((r) => ({ name: r.name, gtin: r.gtin }));
  } finally {
    await database.close();
  }
}

/**
 * The file of run `run`: 5 lots of each product, half the products named by GTIN, half by name; the
 * quantities and prices move with each run, so every apply writes every lot and offer.
 */
function fileOf(list: BenchProduct[], run: number): Buffer {
  const lines = ['product,batchNumber,expiryDate,quantity,unitPrice'];
  for (let i = 0; i < ROWS; i++) {
    const p = list[i % PRODUCTS]!;
    const lot = Math.floor(i / PRODUCTS);
    const product = i % 2 === 0 ? p.gtin : p.name;
    const price = (10 + (i % PRODUCTS) / 100 + run).toFixed(2);
    lines.push(`${product},BENCH${lot},203${lot}-06-30,${100 + run * 10 + lot},${price}`);
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `aduro_bench_import_${Date.now().toString(36)}`;
  const created = await adminQuery(adminUrl, `create database ${name}`).then(
    () => true,
    () => false,
  );
  console.log('\nStock import (POST /api/inventory/imports and .../apply), 10,000 rows');
  if (!created) {
    console.log('  (PostgreSQL not reachable at BENCH_DATABASE_URL or 127.0.0.1:5432: skipped)');
    return;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-import-'));
  try {
    const list = await prepare(url.toString());
    const server = await startServer(
      { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      Number(process.env.BENCH_PORT ?? 3212),
    );
    try {
      const auth = await signIn(server.base, 'stock@tema-pharma.demo', 'supplier');
      const previews: number[] = [];
      const applies: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(fileOf(list, run))], { type: 'text/csv' }), 'bench.csv');
        let t0 = performance.now();
        const res = await fetch(`${server.base}/api/inventory/imports`, {
          method: 'POST',
          headers: { authorization: auth },
          body: form,
        });
        const preview = (await res.json()) as { id: string; totals: Record<string, number> };
        previews.push(performance.now() - t0);
        if (res.status !== 201) throw new Error(`preview answered ${res.status}`);
        t0 = performance.now();
        const applied = await fetch(`${server.base}/api/inventory/imports/${preview.id}/apply`, {
          method: 'POST',
          headers: { authorization: auth },
        });
        const body = (await applied.json()) as { result: Record<string, number> };
        applies.push(performance.now() - t0);
        if (applied.status !== 200) throw new Error(`apply answered ${applied.status}`);
        console.log(
          `  run ${run + 1}: preview ${(previews[run]! / 1000).toFixed(2)} s (${JSON.stringify(preview.totals)}), ` +
            `apply ${(applies[run]! / 1000).toFixed(2)} s (${JSON.stringify(body.result)})`,
        );
      }
      console.log(
        `  [PostgreSQL] preview median of ${RUNS}: ${(median(previews) / 1000).toFixed(2)} s (budget 3 s); ` +
          `apply median of ${RUNS}, each on a fresh preview: ${(median(applies) / 1000).toFixed(2)} s (budget 10 s)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
