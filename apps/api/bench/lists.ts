// Long lists on the scale data set (PostgreSQL), issue 17: the first page of GET /api/orders for a
// supplier with 20,000 orders, the first page of GET /api/inventory for a supplier with 5,000 lots, and
// the whole inventory as GET /api/inventory.csv, streamed, with the server's memory before, at its peak
// during and after the export. Targets: orders p99 < 25 ms, inventory p99 < 15 ms, the CSV < 1 s with
// memory flat.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { SCALE_PASSWORD } from '../src/startup/seed/scale.ts';
import { adminQuery, median, signIn, startServer, withScaleDatabase } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3250);
const ORDERS = 20_000;
const LOTS = 5_000;
const SUPPLIER = 'Scale Supplier 0001';
const SUPPLIER_EMAIL = 'admin@scale-supplier-0001.test';

/** Gives the first scale supplier 20,000 orders (with a drop and an invoice each) and 5,000 lots. */
export async function grow(databaseUrl: string) {
  await adminQuery(
    databaseUrl,
    `with s as (select id from organizations where name = '${SUPPLIER}'),
          offer_list as (
            select o.product_id, o.unit_price, row_number() over (order by o.product_id) as rn,
                   count(*) over () as total
            from offers o where o.supplier_id = (select id from s)),
          buyers as (
            select id, row_number() over (order by name) as rn, count(*) over () as total
            from organizations where kind = 'customer')
     insert into orders (number, buyer_org_id, seller_org_id, product_id, unit_price, total_quantity, total_cost,
                         payment_method, payment_terms, status, approved_at, created_at)
     select 'PO-LIST-' || lpad(i::text, 6, '0'), b.id, (select id from s), ol.product_id, ol.unit_price,
            5 + i % 40, round(ol.unit_price * (5 + i % 40), 2), 'mobile_money', 'Net 30',
            (case when i % 10 = 0 then 'RELEASED' when i % 10 = 1 then 'SHIPPED' else 'DELIVERED' end)::order_status,
            now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval - interval '1 hour'
     from generate_series(1, ${ORDERS}) i
     join offer_list ol on ol.rn = 1 + i % ol.total
     join buyers b on b.rn = 1 + (i * 7) % b.total`,
  );
  await adminQuery(
    databaseUrl,
    `insert into order_drops (order_id, sequence, address_name, address, quantity, status)
     select o.id, 1, 'Main branch', 'Main branch', o.total_quantity,
            (case o.status when 'RELEASED' then 'Awaiting Dispatch' when 'SHIPPED' then 'Shipped' else 'Delivered' end)::drop_status
     from orders o where o.number like 'PO-LIST-%'`,
  );
  await adminQuery(
    databaseUrl,
    `insert into invoices (number, order_id, buyer_org_id, seller_org_id, amount, amount_paid, issued_at, due_date, status, paid_at)
     select 'INV-LIST-' || substr(o.number, 9), o.id, o.buyer_org_id, o.seller_org_id, o.total_cost, o.total_cost,
            o.approved_at, o.approved_at::date + 30, 'paid', o.approved_at
     from orders o where o.number like 'PO-LIST-%'`,
  );
  // The supplier's own lots and then more, batch by batch, to 5,000 in all.
  await adminQuery(
    databaseUrl,
    `with s as (select id from organizations where name = '${SUPPLIER}'),
          have as (select count(*)::int as n from inventory_lots where supplier_id = (select id from s)),
          offer_list as (
            select o.product_id, row_number() over (order by o.product_id) as rn, count(*) over () as total
            from offers o where o.supplier_id = (select id from s))
     insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
     select (select id from s), ol.product_id, 'LB' || lpad(i::text, 5, '0'),
            current_date + (i % 800 - 60), 1 + (i * 37) % 500
     from generate_series(1, ${LOTS} - (select n from have)) i
     join offer_list ol on ol.rn = 1 + i % ol.total`,
  );
  await adminQuery(databaseUrl, 'analyze');
}

async function load(url: string, authorization: string, connections: number) {
  const r = await autocannon({ url, headers: { authorization }, connections, duration: 10 });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

/** Three runs of 10 s after a warm-up; medians. */
async function measure(label: string, url: string, authorization: string, target: number) {
  for (const connections of [1, 10]) {
    await load(url, authorization, connections);
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await load(url, authorization, connections));
    const p99 = median(runs.map((r) => r.p99));
    console.log(
      `  ${label}, ${connections} connection${connections > 1 ? 's' : ''}: ` +
        `${median(runs.map((r) => r.rps)).toFixed(0)} req/s, p50 ${median(runs.map((r) => r.p50))} ms, ` +
        `p99 ${p99} ms (target < ${target} ms: ${p99 < target ? 'met' : 'missed'}), ` +
        `non-2xx ${runs.reduce((s, r) => s + r.bad, 0)}`,
    );
  }
}

/** The server's resident memory, from /proc (Linux). */
const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

async function main() {
  console.log('\nLong lists on the scale data set (PostgreSQL)');
  await withScaleDatabase(
    async (databaseUrl) => {
      await grow(databaseUrl);
      const [{ orders, lots } = { orders: 0, lots: 0 }] = await adminQuery<{ orders: number; lots: number }>(
        databaseUrl,
        `select (select count(*)::int from orders o join organizations s on s.id = o.seller_org_id
                 where s.name = '${SUPPLIER}') as orders,
                (select count(*)::int from inventory_lots l join organizations s on s.id = l.supplier_id
                 where s.name = '${SUPPLIER}') as lots`,
      );
      console.log(`  ${SUPPLIER}: ${orders} orders, ${lots} lots`);
      const workDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-lists-'));
      const server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: workDir }, PORT);
      try {
        const auth = await signIn(server.base, SUPPLIER_EMAIL, 'supplier', SCALE_PASSWORD);
        const [{ id: sellerId } = { id: '' }] = await adminQuery<{ id: string }>(
          databaseUrl,
          `select id from organizations where name = '${SUPPLIER}'`,
        );
        await measure(
          'GET /api/orders first page of 50',
          `${server.base}/api/orders/page?sellerId=${sellerId}&limit=50`,
          auth,
          25,
        );
        await measure(
          'GET /api/inventory first page of 50',
          `${server.base}/api/inventory/page?limit=50`,
          auth,
          15,
        );

        const pid = server.child.pid!;
        const before = rssMb(pid);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 5);
        const times: number[] = [];
        let rows = 0;
        let bytes = 0;
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          const res = await fetch(`${server.base}/api/inventory.csv`, {
            headers: { authorization: auth, 'accept-encoding': 'identity' },
          });
          const text = await res.text();
          times.push(performance.now() - t0);
          bytes = Buffer.byteLength(text);
          rows = text.split('\r\n').filter(Boolean).length - 1;
        }
        clearInterval(sampler);
        const after = rssMb(pid);
        const ms = median(times);
        console.log(
          `  GET /api/inventory.csv, ${rows} lots (${(bytes / 1024).toFixed(0)} KB), median of 5: ${ms.toFixed(0)} ms ` +
            `(target < 1000 ms: ${ms < 1000 ? 'met' : 'missed'}); server RSS before ${before.toFixed(0)} MB, ` +
            `peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB`,
        );
      } finally {
        await server.stop();
        rmSync(workDir, { recursive: true, force: true });
      }
    },
    { writes: true },
  );
}

// Run as a script; imported (to grow a database by hand for EXPLAIN), it only lends grow().
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
