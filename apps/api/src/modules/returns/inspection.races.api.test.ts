import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@aduro/shared/orders';
import { RETURN_MESSAGES, returnCreatedSchema, returnDetailSchema } from '@aduro/shared/returns';
import { queryRows } from '../../db/client.ts';
import { errorCode } from '../../lib/errors.ts';
import { testDriver } from '../../test/databases.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Row-lock races need real concurrent connections: PGlite has one, so these run on PostgreSQL only.
describe.skipIf(testDriver() !== 'postgres')('credit notes under concurrent inspections (PostgreSQL)', () => {
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

  const call = (method: 'POST' | 'PATCH' | 'GET', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  let seq = 0;
  /**
   * A delivered drop of 60 units at GH₵12.50 (all 40 of B1, 20 of B2) and two received returns on it:
   * 5 units of B1 (GH₵62.50 of credit) and 4 of B2 (GH₵50). The invoice is then marked as already
   * credited up to GH₵100 short of its amount, so either credit fits and both together do not.
   */
  async function twoReceivedReturns() {
    const product = await call('POST', '/api/products', temaStock, {
      name: `Credit race product ${++seq}`,
      brandName: 'Test',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '20 tablets',
    });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().id as string;
    await t.database.db.execute(sql`
      insert into offers (supplier_id, product_id, unit_price, moq) values (${org[TEMA]}, ${productId}, 12.5, 1)`);
    await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${org[TEMA]}, ${productId}, 'B1', ${inDays(300)}::date, 40),
             (${org[TEMA]}, ${productId}, 'B2', ${inDays(400)}::date, 100)`);
    const drafted = await call('POST', '/api/orders', ama, {
      sellerId: org[TEMA],
      productId,
      paymentTermMethod: 'mobile_money',
      drops: [{ addressName: 'Branch 1', address: '1 Ring Road, Accra', quantity: 60 }],
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const approved = await call('POST', `/api/orders/${drafted.json().id}/approve`, ama);
    expect(approved.statusCode, approved.body).toBe(200);
    const order = orderSchema.parse(approved.json());
    const drop = order.drops[0]!;
    for (const status of ['Shipped', 'Out for Delivery', 'Delivered']) {
      const res = await call('PATCH', `/api/orders/${order.id}/drops/${drop.id}`, temaDispatch, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const returns = [];
    for (const [batch, quantity] of [
      ['B1', 5],
      ['B2', 4],
    ] as const) {
      const asked = await call('POST', '/api/returns', ama, {
        orderId: order.id,
        lines: [{ dropId: drop.id, batchNumber: batch, quantity, reason: 'damaged' }],
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const { id } = returnCreatedSchema.parse(asked.json());
      expect((await call('POST', `/api/returns/${id}/approve`, temaDispatch)).statusCode).toBe(200);
      const detail = returnDetailSchema.parse((await call('GET', `/api/returns/${id}`, temaDispatch)).json());
      const lineId = detail.lines[0]!.id;
      const received = await call('POST', `/api/returns/${id}/receive`, temaDispatch, {
        lines: [{ lineId, receivedQuantity: quantity }],
      });
      expect(received.statusCode, received.body).toBe(200);
      returns.push({ id, lineId, quantity });
    }
    await t.database.db.execute(
      sql`update invoices set credited = amount - 100 where order_id = ${order.id}`,
    );
    return { order, productId, returns };
  }

  const invoiceOf = async (orderId: string) =>
    (
      await queryRows<{ number: string; amount: number; credited: number; notes: number }>(
        t.database.db,
        sql`select i.number, i.amount, i.credited,
                   (select count(*)::int from credit_notes c where c.invoice_id = i.id) as notes
            from invoices i where i.order_id = ${orderId}`,
      )
    )[0]!;

  it('lets exactly one of two inspections whose credits together exceed the invoice through', async () => {
    for (let round = 0; round < 3; round++) {
      const { order, productId, returns } = await twoReceivedReturns();
      const stockBefore = await queryRows<{ n: number }>(
        t.database.db,
        sql`select sum(quantity)::int as n from inventory_lots where product_id = ${productId}`,
      );
      const answers = await Promise.all(
        returns.map((r) =>
          call('POST', `/api/returns/${r.id}/inspect`, temaStock, {
            lines: [{ lineId: r.lineId, restock: r.quantity, destroy: 0, returnToManufacturer: 0 }],
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      const loser = answers.findIndex((a) => a.statusCode === 409);
      const invoice = await invoiceOf(order.id);
      expect(answers[loser]!.json()).toMatchObject({
        code: 'CREDIT_EXCEEDS_INVOICE',
        message: RETURN_MESSAGES.creditExceedsInvoice(invoice.number),
      });
      expect(invoice.credited).toBeLessThanOrEqual(invoice.amount);
      expect(invoice.notes).toBe(1);
      // The refused inspection wrote nothing: its return still waits, its units are not back in stock.
      const waiting = returnDetailSchema.parse(
        (await call('GET', `/api/returns/${returns[loser]!.id}`, temaStock)).json(),
      );
      expect(waiting).toMatchObject({ status: 'received', creditNote: null });
      const stockAfter = await queryRows<{ n: number }>(
        t.database.db,
        sql`select sum(quantity)::int as n from inventory_lots where product_id = ${productId}`,
      );
      expect(stockAfter[0]!.n).toBe(stockBefore[0]!.n + returns[1 - loser]!.quantity);
    }
  });

  it('has PostgreSQL itself refuse credit above what the invoice invoiced', async () => {
    const { order } = await twoReceivedReturns();
    const refused = await t.database.db
      .execute(sql`update invoices set credited = amount + 0.01 where order_id = ${order.id}`)
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(errorCode(refused)).toBe('23514');
    expect(String((refused as Error).cause ?? refused)).toContain('invoices_credited_within_amount');
  });
});
