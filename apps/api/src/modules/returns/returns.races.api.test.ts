import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { RETURN_MESSAGES } from '@aduro/shared/returns';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Row-lock races need real concurrent connections: PGlite has one, so these run on PostgreSQL only.
// docs/domain.md "Returns": the claim check runs under the order's lock, so concurrent returns of one
// drop and batch never claim more than it delivered.
describe.skipIf(testDriver() !== 'postgres')('returns under concurrent requests (PostgreSQL)', () => {
  let t: TestApp;
  let ama: string;
  let temaStock: string;
  let temaDispatch: string;
  let productId: string;
  const org: Record<string, string> = {};
  const TEMA = 'Tema Pharma Distributors';

  beforeAll(async () => {
    t = await createTestApp();
    [ama, temaStock, temaDispatch] = await Promise.all([
      t.login('buyer@accracare.demo', 'customer'),
      t.login('stock@tema-pharma.demo', 'supplier'),
      t.login('dispatch@tema-pharma.demo', 'supplier'),
    ]);
    Object.assign(org, await t.organisationIds());
    const res = await call('POST', '/api/products', temaStock, {
      name: 'Return race product',
      brandName: 'Test',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '10 vials',
    });
    expect(res.statusCode, res.body).toBe(201);
    productId = res.json().id as string;
    await t.database.db.execute(sql`
      insert into offers (supplier_id, product_id, unit_price, moq) values (${org[TEMA]}, ${productId}, 10, 1)`);
    await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${org[TEMA]}, ${productId}, 'RACE1', ${inDays(300)}::date, 10000)`);
  });
  afterAll(async () => {
    expect(t.serverErrors).toEqual([]);
    await t.close();
  });

  const call = (method: 'POST' | 'PATCH', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  /** An order of ama's with one drop of `units`, delivered. */
  async function delivered(units: number): Promise<Order> {
    const drafted = await call('POST', '/api/orders', ama, {
      sellerId: org[TEMA],
      productId,
      paymentTermMethod: 'mobile_money',
      drops: [{ addressName: 'Main branch', address: '1 High Street, Accra', quantity: units }],
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const order = orderSchema.parse(drafted.json());
    expect((await call('POST', `/api/orders/${order.id}/approve`, ama)).statusCode).toBe(200);
    for (const status of ['Shipped', 'Out for Delivery', 'Delivered']) {
      const moved = await call('PATCH', `/api/orders/${order.id}/drops/${order.drops[0]!.id}`, temaDispatch, {
        status,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return order;
  }

  const ask = (order: Order, quantity: number) =>
    call('POST', '/api/returns', ama, {
      orderId: order.id,
      lines: [{ dropId: order.drops[0]!.id, batchNumber: 'RACE1', quantity, reason: 'damaged' }],
    });

  const claimed = async (dropId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select coalesce(sum(rl.quantity), 0)::int as n from return_lines rl
            join returns r on r.id = rl.return_id where rl.drop_id = ${dropId} and r.status <> 'rejected'`,
      )
    )[0]!.n;

  it('lets exactly one of two returns through when together they exceed the drop, round after round', async () => {
    for (let round = 0; round < 12; round++) {
      const order = await delivered(10);
      const results = await Promise.all([ask(order, 6), ask(order, 6)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const refused = results.find((r) => r.statusCode === 409)!;
      expect(refused.json()).toMatchObject({
        code: 'RETURN_EXCEEDS_DELIVERED',
        message: RETURN_MESSAGES.exceedsDelivered('RACE1', 10, 6, 6),
      });
      expect(await claimed(order.drops[0]!.id)).toBe(6);
    }
  });

  it('never claims more than delivered when many returns race for one drop', async () => {
    for (let round = 0; round < 4; round++) {
      const order = await delivered(10);
      const results = await Promise.all(Array.from({ length: 8 }, () => ask(order, 3)));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      const refused = results.filter((r) => r.statusCode !== 201);
      expect(refused.map((r) => r.json().code)).toEqual(Array(5).fill('RETURN_EXCEEDS_DELIVERED'));
      expect(await claimed(order.drops[0]!.id)).toBe(9);
    }
  });
});
