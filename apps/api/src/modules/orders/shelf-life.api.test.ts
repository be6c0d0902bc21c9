import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, orderSchema } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

// DOMAIN.md "Minimum shelf life": what an order asks for, what approval allocates, what matches show.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaStock: string;
let temaAdmin: string;
let platform: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, temaStock, temaAdmin, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, authorization?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A fresh product only Tema stocks, with lots at the given expiries (days from today, null = none). */
async function temaProduct(lots: [number | null, number][]) {
  const name = `Shelf life product ${++seq}`;
  const res = await call('POST', '/api/products', temaStock, {
    name,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  for (const [days, quantity] of lots) {
    if (days !== null && days < 0) {
      await t.database.db.execute(sql`
        insert into inventory_lots (supplier_id, product_id, expiry_date, quantity)
        values (${org[TEMA]}, ${id}, ${inDays(days)}::date, ${quantity})`);
      continue;
    }
    const synced = await call('POST', '/api/inventory', temaStock, {
      productId: id,
      quantity,
      unitPrice: 10,
      moq: 1,
      ...(days === null ? {} : { expiryDate: inDays(days) }),
    });
    expect(synced.statusCode, synced.body).toBe(200);
  }
  return { id, name };
}

function draft(
  token: string,
  productId: string,
  drops: { quantity: number; eta?: string }[],
  minShelfLifeDays?: number,
) {
  return call('POST', '/api/orders', token, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod: 'mobile_money',
    ...(minShelfLifeDays === undefined ? {} : { minShelfLifeDays }),
    drops: drops.map((d, i) => ({
      addressName: `Branch ${i + 1}`,
      address: '1 Ring Road, Accra',
      quantity: d.quantity,
      ...(d.eta ? { estimatedDeliveryDate: d.eta } : {}),
    })),
  });
}

async function drafted(productId: string, drops: { quantity: number; eta?: string }[], min?: number) {
  const res = await draft(ama, productId, drops, min);
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

/** Units allocated from each lot (by its expiry, null for undated) to each drop sequence. */
async function allocations(orderId: string) {
  return queryRows<{ sequence: number; expiry: string | null; quantity: number }>(
    t.database.db,
    sql`select d.sequence, to_char(l.expiry_date, 'YYYY-MM-DD') as expiry, a.quantity
        from drop_allocations a
        join order_drops d on d.id = a.drop_id
        join inventory_lots l on l.id = a.lot_id
        where d.order_id = ${orderId}
        order by d.sequence, l.expiry_date asc nulls last`,
  );
}

async function lotQuantities(productId: string) {
  return queryRows<{ expiry: string | null; quantity: number }>(
    t.database.db,
    sql`select to_char(expiry_date, 'YYYY-MM-DD') as expiry, quantity from inventory_lots
        where product_id = ${productId} order by expiry_date asc nulls last`,
  );
}

describe('approval with a minimum shelf life', () => {
  it('refuses with 409 SHELF_LIFE_SHORTFALL naming what qualifies, and writes nothing', async () => {
    const product = await temaProduct([
      [100, 200],
      [400, 120],
    ]);
    const order = await drafted(product.id, [{ quantity: 300, eta: inDays(10) }], 180);
    const before = await lotQuantities(product.id);

    const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SHELF_LIFE_SHORTFALL',
      message: ORDER_MESSAGES.shelfLifeShortfall(TEMA, product.name, 120, 180, inDays(190), 300),
    });
    expect(res.json().message).toBe(
      `${TEMA} has 120 units of ${product.name} with at least 180 days left at delivery ` +
        `(expiring ${inDays(190)} or later); this order needs 300.`,
    );

    expect(await lotQuantities(product.id)).toEqual(before);
    expect(await allocations(order.id)).toEqual([]);
    const [row] = await queryRows<{ status: string; invoices: number }>(
      t.database.db,
      sql`select o.status, (select count(*)::int from invoices i where i.order_id = o.id) as invoices
          from orders o where o.id = ${order.id}`,
    );
    expect(row).toEqual({ status: 'AWAITING_CUSTOMER_APPROVAL', invoices: 0 });
  });

  it('keeps STOCK_SHORTFALL when even the unexpired units fall short', async () => {
    const product = await temaProduct([[400, 50]]);
    const order = await drafted(product.id, [{ quantity: 60, eta: inDays(3) }], 180);
    const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STOCK_SHORTFALL');
  });

  it('allocates first-expiry-first-out among the qualifying lots only', async () => {
    const product = await temaProduct([
      [30, 100],
      [200, 50],
      [300, 100],
      [null, 100],
    ]);
    const order = await drafted(product.id, [{ quantity: 120, eta: inDays(5) }], 180);
    const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(200);
    expect(await allocations(order.id)).toEqual([
      { sequence: 1, expiry: inDays(200), quantity: 50 },
      { sequence: 1, expiry: inDays(300), quantity: 70 },
    ]);
  });

  it("measures each drop's shelf life from its own delivery date", async () => {
    // The later drop needs lots expiring from day 330, the earlier from day 185.
    const product = await temaProduct([
      [200, 60],
      [400, 100],
    ]);
    const order = await drafted(
      product.id,
      [
        { quantity: 60, eta: inDays(5) },
        { quantity: 60, eta: inDays(150) },
      ],
      180,
    );
    const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(200);
    expect(await allocations(order.id)).toEqual([
      { sequence: 1, expiry: inDays(200), quantity: 60 },
      { sequence: 2, expiry: inDays(400), quantity: 60 },
    ]);
  });

  it('dates a drop without an ETA by the seller’s default lead time', async () => {
    const [lead] = await queryRows<{ days: number }>(
      t.database.db,
      sql`select default_lead_time_days as days from organizations where id = ${org[TEMA]}`,
    );
    const cutoff = lead!.days + 30;
    const product = await temaProduct([[cutoff - 1, 40]]);
    const order = await drafted(product.id, [{ quantity: 40 }], 30);
    const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      ORDER_MESSAGES.shelfLifeShortfall(TEMA, product.name, 0, 30, inDays(cutoff), 40),
    );
  });

  it('asks for nothing beyond unexpired stock at 0, as before', async () => {
    const product = await temaProduct([[3, 40]]);
    const order = await drafted(product.id, [{ quantity: 40, eta: inDays(10) }], 0);
    expect(order.minShelfLifeDays).toBe(0);
    const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('minShelfLifeDays on a draft', () => {
  it.each([-1, 1096, 1.5, '180'])('refuses %j with the shared message', async (value) => {
    const product = await temaProduct([[400, 10]]);
    const res = await call('POST', '/api/orders', ama, {
      sellerId: org[TEMA],
      productId: product.id,
      paymentTermMethod: 'mobile_money',
      minShelfLifeDays: value,
      drops: [{ addressName: 'Main', address: '1 Ring Road', quantity: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ minShelfLifeDays: [ORDER_MESSAGES.minShelfLifeDays] });
  });

  it('accepts the bounds 0 and 1,095', async () => {
    const product = await temaProduct([[400, 10]]);
    expect((await drafted(product.id, [{ quantity: 1 }], 0)).minShelfLifeDays).toBe(0);
    expect((await drafted(product.id, [{ quantity: 1 }], 1095)).minShelfLifeDays).toBe(1095);
  });
});

describe('the buyer’s default (GET/PUT /api/orders/defaults)', () => {
  it('applies to orders and checkouts that name none, and not to those that do', async () => {
    const saved = await call('PUT', '/api/orders/defaults', ama, { defaultMinShelfLifeDays: 200 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ defaultMinShelfLifeDays: 200 });
    try {
      expect((await call('GET', '/api/orders/defaults', ama)).json()).toEqual({
        defaultMinShelfLifeDays: 200,
      });
      const product = await temaProduct([[400, 50]]);
      expect((await drafted(product.id, [{ quantity: 1 }])).minShelfLifeDays).toBe(200);
      expect((await drafted(product.id, [{ quantity: 1 }], 30)).minShelfLifeDays).toBe(30);

      // The cart checkout drafts with the default too.
      const added = await call('POST', '/api/cart/items', ama, {
        productId: product.id,
        supplierId: org[TEMA],
        quantity: 2,
        unitPrice: 10,
      });
      expect(added.statusCode, added.body).toBe(201);
      const checkout = await call('POST', '/api/cart/checkout', ama);
      expect(checkout.statusCode, checkout.body).toBe(201);
      const rows = await queryRows<{ days: number }>(
        t.database.db,
        sql`select min_shelf_life_days as days from orders
            where buyer_org_id = ${org['AccraCare Pharmacy']} and product_id = ${product.id}
              and total_quantity = 2`,
      );
      expect(rows).toEqual([{ days: 200 }]);

      // Another customer's default is its own.
      expect((await call('GET', '/api/orders/defaults', kejetia)).json()).toEqual({
        defaultMinShelfLifeDays: 0,
      });
    } finally {
      await call('PUT', '/api/orders/defaults', ama, { defaultMinShelfLifeDays: 0 });
    }
  });

  it.each([-1, 1096, 2.5, null])('refuses a default of %j', async (value) => {
    const res = await call('PUT', '/api/orders/defaults', ama, { defaultMinShelfLifeDays: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      defaultMinShelfLifeDays: [ORDER_MESSAGES.minShelfLifeDays],
    });
  });

  it('is for customers only: suppliers and platform 403, anonymous 401', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? { defaultMinShelfLifeDays: 10 } : undefined;
      for (const token of [temaStock, temaAdmin, platform]) {
        expect((await call(method, '/api/orders/defaults', token, payload)).statusCode).toBe(403);
      }
      expect((await call(method, '/api/orders/defaults', undefined, payload)).statusCode).toBe(401);
    }
    const [row] = await queryRows<{ days: number }>(
      t.database.db,
      sql`select default_min_shelf_life_days as days from organizations where id = ${org[TEMA]}`,
    );
    expect(row!.days).toBe(0);
  });
});

describe('supplier matches', () => {
  it('show the longest remaining shelf life among unexpired lots with stock', async () => {
    const product = await temaProduct([
      [-5, 30],
      [30, 10],
      [412, 5],
      [700, 0],
      [null, 20],
    ]);
    const res = await call('GET', `/api/products/${product.id}/suppliers`, ama);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ id: org[TEMA], longestShelfLifeDays: 412 })]);
  });

  it('show null when none of the stock carries an expiry date', async () => {
    const product = await temaProduct([[null, 20]]);
    const res = await call('GET', `/api/products/${product.id}/suppliers`, ama);
    expect(res.json()).toEqual([expect.objectContaining({ longestShelfLifeDays: null })]);
  });
});
