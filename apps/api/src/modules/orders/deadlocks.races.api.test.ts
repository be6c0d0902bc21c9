import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Lock cycles need real concurrent connections: PGlite has one, so this runs on PostgreSQL only.
describe.skipIf(testDriver() !== 'postgres')(
  'one credit line and one lot under mixed writes (PostgreSQL)',
  () => {
    let t: TestApp;
    let ama: string;
    let temaStock: string;
    let temaDispatch: string;
    let temaCredit: string;
    const org: Record<string, string> = {};
    const TEMA = 'Tema Pharma Distributors';
    const AMA = 'AccraCare Pharmacy';

    beforeAll(async () => {
      t = await createTestApp();
      [ama, temaStock, temaDispatch, temaCredit] = await Promise.all([
        t.login('buyer@accracare.demo', 'customer'),
        t.login('stock@tema-pharma.demo', 'supplier'),
        t.login('dispatch@tema-pharma.demo', 'supplier'),
        t.login('credit@tema-pharma.demo', 'supplier'),
      ]);
      Object.assign(org, await t.organisationIds());
    });
    afterAll(async () => {
      expect(t.serverErrors).toEqual([]);
      await t.close();
    });

    const call = (method: 'POST' | 'PATCH', url: string, authorization: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

    it('answers approvals, drop cancellations and payments on one line and one lot at once without a 500', async () => {
      const created = await call('POST', '/api/products', temaStock, {
        name: 'Deadlock mix test product',
        brandName: 'Test',
        category: 'Tests',
        unitOfMeasure: 'Box',
        itemsPerUnit: '10 vials',
      });
      const productId = created.json().id as string;
      // One lot of 1,000 units at GH₵10 a unit; room on the line for every order.
      const synced = await call('POST', '/api/inventory', temaStock, {
        productId,
        quantity: 1_000,
        unitPrice: 10,
        expiryDate: inDays(300),
      });
      expect(synced.statusCode, synced.body).toBe(200);
      await t.database.db.execute(sql`
      update credit_lines set credit_limit = balance + 100000, status = 'active'
      where customer_id = ${org[AMA]} and supplier_id = ${org[TEMA]}`);

      // Orders of two drops of 5 units: GH₵100 on credit each.
      const draft = async (): Promise<Order> => {
        const res = await call('POST', '/api/orders', ama, {
          sellerId: org[TEMA],
          productId,
          paymentTermMethod: 'credit_facility',
          creditTermDays: 30,
          drops: [
            { addressName: 'Main branch', address: '1 High Street, Accra', quantity: 5 },
            { addressName: 'Second branch', address: '2 High Street, Accra', quantity: 5 },
          ],
        });
        expect(res.statusCode, res.body).toBe(201);
        return orderSchema.parse(res.json());
      };
      const released: Order[] = [];
      for (let i = 0; i < 15; i++) {
        const order = await draft();
        const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
        expect(res.statusCode, res.body).toBe(200);
        released.push(orderSchema.parse(res.json()));
      }
      const waiting: Order[] = [];
      for (let i = 0; i < 15; i++) waiting.push(await draft());

      // All at once: 15 approvals (lots, then the line), 15 cancellations of a released order's first drop
      // (lots back, the line down, the invoice down) and 15 payments of GH₵20 on those same invoices (the
      // line down, the invoice up). GH₵20 paid never exceeds the GH₵50 left after a cancellation.
      const results = await Promise.all([
        ...waiting.map((o) => call('POST', `/api/orders/${o.id}/approve`, ama)),
        ...released.map((o) =>
          call('PATCH', `/api/orders/${o.id}/drops/${o.drops[0]!.id}`, temaDispatch, { status: 'Cancelled' }),
        ),
        ...released.map((o) =>
          call('POST', `/api/invoices/${o.invoice!.id}/payments`, temaCredit, {
            amount: 20,
            method: 'mobile_money',
          }),
        ),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c >= 500),
        results.find((r) => r.statusCode >= 500)?.body,
      ).toEqual([]);
      expect(codes).toEqual([...Array(30).fill(200), ...Array(15).fill(201)]);

      const [facts] = await queryRows<{ balance: string; owed: string; lowest: number; stock: number }>(
        t.database.db,
        sql`
        select l.balance::text as balance,
               coalesce((select sum(i.amount - i.amount_paid) from invoices i
                         where i.credit_line_id = l.id and i.on_credit and i.status = 'unpaid'), 0)::text as owed,
               (select min(quantity)::int from inventory_lots where product_id = ${productId}) as lowest,
               (select sum(quantity)::int from inventory_lots where product_id = ${productId}) as stock
        from credit_lines l
        where l.customer_id = ${org[AMA]} and l.supplier_id = ${org[TEMA]}`,
      );
      expect(Number(facts!.balance)).toBeCloseTo(Number(facts!.owed), 2);
      expect(facts!.lowest).toBeGreaterThanOrEqual(0);
      // 30 orders of 10 units taken, 15 drops of 5 returned.
      expect(facts!.stock).toBe(1_000 - 30 * 10 + 15 * 5);
    });
  },
);
