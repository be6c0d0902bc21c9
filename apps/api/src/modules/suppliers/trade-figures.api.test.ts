import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The figures the directory shows are kept by triggers in the writing transaction
// (migrations/0002_trade_figures.sql); whatever the writes, they must equal a fresh aggregate.

let t: TestApp;
let buyer: string;
let stock: string;
let dispatch: string;
let org: Record<string, string>;
const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  [buyer, stock, dispatch] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
  ]);
  org = await t.organisationIds();
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'POST' | 'PATCH', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

/** Rows where a kept figure and a fresh aggregate disagree; empty when every figure is right. */
async function figureMismatches() {
  return queryRows(
    t.database.db,
    sql`
      with fresh_pairs as (
        select seller_org_id as supplier_id, buyer_org_id as buyer_id, count(*)::int as n, sum(total_cost) as gmv
        from orders where status in ('RELEASED', 'SHIPPED', 'DELIVERED')
        group by 1, 2
      ),
      fresh_suppliers as (
        select supplier_id, count(*)::int as customers, sum(gmv) as gmv from fresh_pairs group by 1
      ),
      fresh_stock as (
        select l.supplier_id, l.product_id, max(coalesce(l.expiry_date, 'infinity'::date)) as latest
        from inventory_lots l
        join offers f on f.supplier_id = l.supplier_id and f.product_id = l.product_id
        where l.quantity > 0 group by 1, 2
      )
      select 'pair' as figure, coalesce(f.supplier_id, k.supplier_id)::text as id
      from fresh_pairs f
      full join (select * from trade_pairs where released_orders > 0) k
        on k.supplier_id = f.supplier_id and k.buyer_id = f.buyer_id
      where k.released_orders is distinct from f.n or k.gmv is distinct from f.gmv
      union all
      select 'supplier', coalesce(f.supplier_id, k.supplier_id)::text
      from fresh_suppliers f
      full join (select * from supplier_trade where customer_count > 0 or gmv <> 0) k
        on k.supplier_id = f.supplier_id
      where k.customer_count is distinct from f.customers or k.gmv is distinct from f.gmv
      union all
      select 'stock', coalesce(f.supplier_id, k.supplier_id)::text
      from fresh_stock f
      full join (select * from stock_positions where latest_expiry is not null) k
        on k.supplier_id = f.supplier_id and k.product_id = f.product_id
      where k.latest_expiry is distinct from f.latest`,
  );
}

let seq = 0;
async function temaProduct(quantity: number, expiryDate: string | null = inDays(300)) {
  const res = await call('POST', '/api/products', stock, {
    name: `Trade figures product ${++seq}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '10 vials',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const synced = await call('POST', '/api/inventory', stock, {
    productId: id,
    quantity,
    unitPrice: 10,
    expiryDate,
  });
  expect(synced.statusCode, synced.body).toBe(200);
  return id;
}
async function draft(productId: string, drops: number[]): Promise<Order> {
  const res = await call('POST', '/api/orders', buyer, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod: 'mobile_money',
    drops: drops.map((quantity, i) => ({
      addressName: `Branch ${i}`,
      address: `${i} High Street, Accra`,
      quantity,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}
const temaFigures = async () =>
  (
    await queryRows<{ customers: number; gmv: string }>(
      t.database.db,
      sql`select customer_count as customers, gmv::text as gmv from supplier_trade where supplier_id = ${org[TEMA]}`,
    )
  )[0]!;

describe('trade figures kept by the writes', () => {
  it('start equal to a fresh aggregate of the demo data', async () => {
    expect(await figureMismatches()).toEqual([]);
  });

  it('follow a release, a cancelled drop and a cancelled order, in GMV and customers', async () => {
    const before = await temaFigures();
    const productId = await temaProduct(100);
    const order = await draft(productId, [5, 3]);
    expect((await call('POST', `/api/orders/${order.id}/approve`, buyer)).statusCode).toBe(200);
    const released = await temaFigures();
    expect(Number(released.gmv)).toBeCloseTo(Number(before.gmv) + 80, 2);

    const [first, second] = order.drops;
    expect(
      (await call('PATCH', `/api/orders/${order.id}/drops/${first!.id}`, dispatch, { status: 'Cancelled' }))
        .statusCode,
    ).toBe(200);
    expect(await figureMismatches()).toEqual([]);
    expect(
      (await call('PATCH', `/api/orders/${order.id}/drops/${second!.id}`, dispatch, { status: 'Cancelled' }))
        .statusCode,
    ).toBe(200);
    const after = await temaFigures();
    expect(Number(after.gmv)).toBeCloseTo(Number(before.gmv), 2);
    expect(after.customers).toBe(before.customers);
    expect(await figureMismatches()).toEqual([]);
  });

  it('count a product as stocked until its last unexpired units are sold or counted away', async () => {
    const productId = await temaProduct(10, null);
    const position = async () =>
      (
        await queryRows<{ latest: string | null }>(
          t.database.db,
          sql`select latest_expiry::text as latest from stock_positions
              where supplier_id = ${org[TEMA]} and product_id = ${productId}`,
        )
      )[0]?.latest;
    expect(await position()).toBe('infinity');
    await call('POST', '/api/inventory', stock, {
      productId,
      quantity: 4,
      unitPrice: 10,
      expiryDate: inDays(30),
    });
    await call('POST', '/api/inventory', stock, { productId, quantity: 0, unitPrice: 10, expiryDate: null });
    expect(await position()).toBe(inDays(30));
    await call('POST', '/api/inventory', stock, {
      productId,
      quantity: 0,
      unitPrice: 10,
      expiryDate: inDays(30),
    });
    expect(await position()).toBeNull();
    expect(await figureMismatches()).toEqual([]);
  });
});

// Row-lock races need real concurrent connections: PGlite has one.
describe.skipIf(testDriver() !== 'postgres')('trade figures under concurrent writes (PostgreSQL)', () => {
  it('equal a fresh aggregate after approvals, drop cancellations and stock counts race on one product', async () => {
    const productId = await temaProduct(400);
    const orders = await Promise.all(Array.from({ length: 12 }, () => draft(productId, [4, 3])));
    await Promise.all(orders.map((o) => call('POST', `/api/orders/${o.id}/approve`, buyer)));
    const results = await Promise.all([
      ...orders.flatMap((o) =>
        o.drops.map((d) =>
          call('PATCH', `/api/orders/${o.id}/drops/${d.id}`, dispatch, { status: 'Cancelled' }),
        ),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        call('POST', '/api/inventory', stock, {
          productId,
          quantity: 50 + i,
          unitPrice: 10,
          expiryDate: inDays(200 + i),
        }),
      ),
    ]);
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(await figureMismatches()).toEqual([]);
  });
});
