import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, canMoveDrop, orderSchema, type DropStatus, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

// Row-lock races need real concurrent connections: PGlite has one, so these run on PostgreSQL only.
describe.skipIf(testDriver() !== 'postgres')('orders under concurrent requests (PostgreSQL)', () => {
  let t: TestApp;
  let ama: string;
  let temaStock: string;
  let temaDispatch: string;
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
  });
  afterAll(async () => {
    expect(t.serverErrors).toEqual([]);
    await t.close();
  });

  const call = (method: 'POST' | 'PATCH', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  let seq = 0;
  async function temaProduct(price: number, quantity: number) {
    const res = await call('POST', '/api/products', temaStock, {
      name: `Race test product ${++seq}`,
      brandName: 'Test',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '10 vials',
    });
    const id = res.json().id as string;
    const synced = await call('POST', '/api/inventory', temaStock, {
      productId: id,
      quantity,
      unitPrice: price,
      expiryDate: inDays(300),
    });
    expect(synced.statusCode, synced.body).toBe(200);
    return id;
  }
  async function draft(productId: string, units: number, paymentTermMethod = 'mobile_money'): Promise<Order> {
    const res = await call('POST', '/api/orders', ama, {
      sellerId: org[TEMA],
      productId,
      paymentTermMethod,
      drops: [{ addressName: 'Main branch', address: '1 High Street, Accra', quantity: units }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  }
  const stockOf = async (productId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select coalesce(sum(quantity), 0)::int as n from inventory_lots where product_id = ${productId}`,
      )
    )[0]!.n;

  it('releases an order exactly once when it is approved 50 times at once', async () => {
    const productId = await temaProduct(10, 100);
    const order = await draft(productId, 30);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/orders/${order.id}/approve`, ama)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.json().message}`))).toEqual(
      new Set([`409 ${ORDER_MESSAGES.notAwaiting(order.number)}`]),
    );
    const [facts] = await queryRows<{ invoices: number; allocated: number }>(
      t.database.db,
      sql`select (select count(*)::int from invoices where order_id = ${order.id}) as invoices,
                 (select coalesce(sum(a.quantity), 0)::int from drop_allocations a
                    join order_drops d on d.id = a.drop_id where d.order_id = ${order.id}) as allocated`,
    );
    expect(facts).toEqual({ invoices: 1, allocated: 30 });
    expect(await stockOf(productId)).toBe(70);
  });

  it('never lets 100 simultaneous credit approvals pass the limit or take stock below zero', async () => {
    // 100 orders of 10 units at GH₵ 10: stock for 60 of them, credit headroom for 45.
    const productId = await temaProduct(10, 600);
    await t.database.db.execute(sql`
      update credit_lines set credit_limit = balance + 4500, status = 'active'
      where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org[TEMA]}`);
    const orders: Order[] = [];
    for (let i = 0; i < 100; i++) orders.push(await draft(productId, 10, 'credit_facility'));
    const line = async () =>
      (
        await queryRows<{ balance: string; limit: string }>(
          t.database.db,
          sql`select balance::text, credit_limit::text as limit from credit_lines
              where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org[TEMA]}`,
        )
      )[0]!;
    const before = await line();
    const results = await Promise.all(orders.map((o) => call('POST', `/api/orders/${o.id}/approve`, ama)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.json().message}`))).toEqual(
      new Set([`409 ${ORDER_MESSAGES.creditShortfall}`]),
    );
    expect(ok).toHaveLength(45);
    const after = await line();
    expect(Number(after.balance)).toBeLessThanOrEqual(Number(after.limit));
    expect(Math.round(Number(after.balance) * 100) - Math.round(Number(before.balance) * 100)).toBe(
      45 * 100 * 100,
    );
    expect(await stockOf(productId)).toBe(600 - 45 * 10);
    const [facts] = await queryRows<{ invoiced: string; allocated: number }>(
      t.database.db,
      sql`select (select coalesce(sum(i.amount), 0)::text from invoices i join orders o on o.id = i.order_id
                    where o.product_id = ${productId}) as invoiced,
                 (select coalesce(sum(a.quantity), 0)::int from drop_allocations a
                    join order_drops d on d.id = a.drop_id join orders o on o.id = d.order_id
                    where o.product_id = ${productId}) as allocated`,
    );
    expect(Number(facts!.invoiced)).toBe(4500);
    expect(facts!.allocated).toBe(450);
  });

  it('moves one drop along a valid path only when 20 moves arrive at once', async () => {
    const productId = await temaProduct(10, 100);
    const order = await draft(productId, 10);
    expect((await call('POST', `/api/orders/${order.id}/approve`, ama)).statusCode).toBe(200);
    const targets: DropStatus[] = ['Shipped', 'Out for Delivery', 'Delivered', 'Cancelled'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('PATCH', `/api/orders/${order.id}/drops/${order.drops[0]!.id}`, temaDispatch, {
          status: targets[i % targets.length],
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const history = await queryRows<{ fromStatus: DropStatus; toStatus: DropStatus }>(
      t.database.db,
      sql`select from_status as "fromStatus", to_status as "toStatus" from order_history
          where drop_id = ${order.drops[0]!.id} order by id`,
    );
    expect(history.length).toBe(results.filter((r) => r.statusCode === 200).length);
    let at: DropStatus = 'Awaiting Dispatch';
    for (const step of history) {
      expect(step.fromStatus).toBe(at);
      expect(canMoveDrop(step.fromStatus, step.toStatus)).toBe(true);
      at = step.toStatus;
    }
    const stock = await stockOf(productId);
    expect(stock).toBe(at === 'Cancelled' ? 100 : 90);
  });
});
