import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '@aduro/shared/invoices';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Row locks only race with real concurrent connections: PGlite has one, so this runs on PostgreSQL only.
describe.skipIf(testDriver() !== 'postgres')('one credit line under concurrent requests (PostgreSQL)', () => {
  let t: TestApp;
  let ama: string;
  let temaStock: string;
  let temaCredit: string;
  const org: Record<string, string> = {};
  const TEMA = 'Tema Pharma Distributors';
  const AMA = 'AccraCare Pharmacy';

  beforeAll(async () => {
    t = await createTestApp();
    [ama, temaStock, temaCredit] = await Promise.all([
      t.login('buyer@accracare.demo', 'customer'),
      t.login('stock@tema-pharma.demo', 'supplier'),
      t.login('credit@tema-pharma.demo', 'supplier'),
    ]);
    Object.assign(org, await t.organisationIds());
  });
  afterAll(async () => {
    expect(t.serverErrors).toEqual([]);
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  /** The line and what its invoices say is owed on it, both read in one statement. */
  async function lineAndInvoices() {
    const [row] = await queryRows<{ limit: string; balance: string; owed: string }>(
      t.database.db,
      sql`
        select l.credit_limit::text as limit, l.balance::text as balance,
               coalesce((select sum(i.amount - i.amount_paid) from invoices i
                         where i.credit_line_id = l.id and i.on_credit and i.status = 'unpaid'), 0)::text as owed
        from credit_lines l
        where l.customer_id = ${org[AMA]} and l.supplier_id = ${org[TEMA]}`,
    );
    return { limit: Number(row!.limit), balance: Number(row!.balance), owed: Number(row!.owed) };
  }

  it('keeps the balance equal to the unpaid credit invoices through 50 concurrent order approvals, payments and limit decisions', async () => {
    // A pending application from the buyer, to be approved five times at once.
    await t.database.db.execute(sql`
      delete from credit_applications
      where customer_id = ${org[AMA]} and supplier_id = ${org[TEMA]} and status = 'pending'`);
    const applied = await call('POST', '/api/credit/applications', ama, {
      supplierId: org[TEMA],
      requestedLimit: 900_000,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const before = await lineAndInvoices();
    expect(before.balance).toBeCloseTo(before.owed, 2);

    const created = await call('POST', '/api/products', temaStock, {
      name: 'Credit race test product',
      brandName: 'Test',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '10 vials',
    });
    const productId = created.json().id as string;
    const synced = await call('POST', '/api/inventory', temaStock, {
      productId,
      quantity: 1_000,
      unitPrice: 10,
      expiryDate: inDays(300),
    });
    expect(synced.statusCode, synced.body).toBe(200);

    const drafted: Order[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await call('POST', '/api/orders', ama, {
        sellerId: org[TEMA],
        productId,
        paymentTermMethod: 'credit_facility',
        creditTermDays: 30,
        drops: [{ addressName: 'Main branch', address: '1 High Street, Accra', quantity: 10 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      drafted.push(orderSchema.parse(res.json()));
    }
    // Five released first, so their GH₵100 invoices can take payments while the rest are released.
    const billed = [];
    for (const order of drafted.slice(0, 5)) {
      const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
      expect(res.statusCode, res.body).toBe(200);
      billed.push(orderSchema.parse(res.json()).invoice!.id);
    }

    // 20 releases, 25 payments of GH₵30 (five per GH₵100 invoice: only three fit), 5 decisions on one application.
    const releases = drafted.slice(5).map((order) => call('POST', `/api/orders/${order.id}/approve`, ama));
    const payments = billed.flatMap((invoiceId) =>
      Array.from({ length: 5 }, () =>
        call('POST', `/api/invoices/${invoiceId}/payments`, temaCredit, {
          amount: 30,
          method: 'mobile_money',
        }),
      ),
    );
    const decisions = Array.from({ length: 5 }, (_, i) =>
      call('POST', `/api/credit/applications/${applied.json().id}/approve`, temaCredit, {
        limit: 900_000 + i * 500,
      }),
    );
    const [released, paid, decided] = await Promise.all([
      Promise.all(releases),
      Promise.all(payments),
      Promise.all(decisions),
    ]);

    expect(released.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const paidCodes = paid.map((r) => r.statusCode);
    expect(paidCodes.filter((c) => c === 201)).toHaveLength(15);
    expect(paidCodes.filter((c) => c === 400)).toHaveLength(10);
    for (const refused of paid.filter((r) => r.statusCode === 400)) {
      expect(refused.json().message).toBe(INVOICE_MESSAGES.overDue(10));
    }
    const decidedCodes = decided.map((r) => r.statusCode).sort();
    expect(decidedCodes).toEqual([200, 409, 409, 409, 409]);
    const winner = decided.find((r) => r.statusCode === 200)!.json().approvedLimit as number;

    const after = await lineAndInvoices();
    // 25 invoices of GH₵100 charged, GH₵450 paid back.
    expect(after.balance).toBeCloseTo(before.balance + 2_500 - 450, 2);
    expect(after.balance).toBeCloseTo(after.owed, 2);
    expect(after.limit).toBe(winner);
    expect(after.balance).toBeLessThanOrEqual(after.limit);
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payments p join invoices i on i.id = p.invoice_id
          where i.order_id in (select id from orders where product_id = ${productId})`,
    );
    expect(n).toBe(15);
  });

  it('answers approvals racing payments and drop cancellations on a full line with 200 or 409, never a 500', async () => {
    // The charge used to test the room on the row version its locking read returned but build the new
    // balance from the older version its statement's snapshot saw; PostgreSQL checks the constraint on
    // that new row before it notices the concurrent update, so an approval whose room a payment or a
    // cancellation had just made answered 500. To hit that every round, the line starts each round full
    // (limit = balance) and every approval needs room only a payment or cancellation landing while it
    // waits for the line can give: each waiting approval's snapshot then shows the full line.
    const dispatch = await t.login('dispatch@tema-pharma.demo', 'supplier');
    const ROUNDS = 6;
    const APPROVALS = 8;
    const FREES = 3; // payments, and as many cancellations, each freeing one approval's worth

    const product = async (name: string) => {
      const created = await call('POST', '/api/products', temaStock, {
        name,
        brandName: 'Test',
        category: 'Tests',
        unitOfMeasure: 'Box',
        itemsPerUnit: '10 vials',
      });
      expect(created.statusCode, created.body).toBe(201);
      const productId = created.json().id as string;
      const synced = await call('POST', '/api/inventory', temaStock, {
        productId,
        quantity: 10_000,
        unitPrice: 10,
        expiryDate: inDays(300),
      });
      expect(synced.statusCode, synced.body).toBe(200);
      return productId;
    };
    // One product per racing approval, so they do not queue on one product's lots before the line.
    const billedProduct = await product('Full line billed product');
    const racingProducts: string[] = [];
    for (let i = 0; i < APPROVALS; i++) racingProducts.push(await product(`Full line racing product ${i}`));

    // Drops of 25 units at GH₵10: GH₵250 each.
    const draft = async (productId: string, drops: number): Promise<Order> => {
      const res = await call('POST', '/api/orders', ama, {
        sellerId: org[TEMA],
        productId,
        paymentTermMethod: 'credit_facility',
        creditTermDays: 30,
        drops: Array.from({ length: drops }, (_, i) => ({
          addressName: `Branch ${i + 1}`,
          address: `${i + 1} High Street, Accra`,
          quantity: 25,
        })),
      });
      expect(res.statusCode, res.body).toBe(201);
      return orderSchema.parse(res.json());
    };
    const setRoom = (cedis: number) =>
      t.database.db.execute(sql`
        update credit_lines set credit_limit = balance + ${cedis}, status = 'active'
        where customer_id = ${org[AMA]} and supplier_id = ${org[TEMA]}`);

    const statuses: number[] = [];
    const approvalOutcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Orders of two GH₵250 drops, released while the line has room: half of them take a GH₵250
      // payment, the other half a drop cancellation.
      await setRoom(100_000);
      const billed: Order[] = [];
      for (let i = 0; i < 2 * FREES; i++) {
        const order = await draft(billedProduct, 2);
        const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
        expect(res.statusCode, res.body).toBe(200);
        billed.push(orderSchema.parse(res.json()));
      }
      const waiting: Order[] = [];
      for (const productId of racingProducts) waiting.push(await draft(productId, 1));
      // Full: not one GH₵250 approval fits until a payment or cancellation lands.
      await setRoom(0);
      const before = await lineAndInvoices();

      const [approved, paid, cancelled] = await Promise.all([
        Promise.all(waiting.map((o) => call('POST', `/api/orders/${o.id}/approve`, ama))),
        Promise.all(
          billed.slice(0, FREES).map((o) =>
            call('POST', `/api/invoices/${o.invoice!.id}/payments`, temaCredit, {
              amount: 250,
              method: 'mobile_money',
            }),
          ),
        ),
        Promise.all(
          billed
            .slice(FREES)
            .map((o) =>
              call('PATCH', `/api/orders/${o.id}/drops/${o.drops[0]!.id}`, dispatch, { status: 'Cancelled' }),
            ),
        ),
      ]);
      statuses.push(...[...approved, ...paid, ...cancelled].map((r) => r.statusCode));
      approvalOutcomes.push(
        ...approved.map((r) => (r.statusCode === 409 ? `409 ${r.json().code}` : String(r.statusCode))),
      );
      expect(paid.map((r) => r.statusCode)).toEqual(Array(FREES).fill(201));
      expect(cancelled.map((r) => r.statusCode)).toEqual(Array(FREES).fill(200));

      const after = await lineAndInvoices();
      const charged = approved.filter((r) => r.statusCode === 200).length;
      expect(charged).toBeLessThanOrEqual(2 * FREES);
      expect(after.balance).toBeCloseTo(before.balance + 250 * charged - 250 * 2 * FREES, 2);
      expect(after.balance).toBeCloseTo(after.owed, 2);
      expect(after.balance).toBeLessThanOrEqual(after.limit);
    }

    const failed = statuses.filter((c) => c >= 500);
    expect(failed, `${failed.length} of ${statuses.length} answers were 5xx`).toEqual([]);
    for (const outcome of approvalOutcomes) expect(['200', '409 CREDIT_SHORTFALL']).toContain(outcome);
  });
});
