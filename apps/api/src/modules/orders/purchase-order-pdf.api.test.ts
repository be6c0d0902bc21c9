import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '@aduro/shared/format';
import { ORDER_MESSAGES, orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';
import { pdfText } from '../../test/pdf-text.ts';

// Issue 17, "Documents": the purchase order as a PDF, read back as text.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaStock: string;
let temaDispatch: string;
let temaCredit: string;
let medilink: string;
let platform: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const ACCRACARE = 'AccraCare Pharmacy';

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, temaStock, temaDispatch, temaCredit, medilink, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, authorization?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });

const party = async (name: string) =>
  (
    await queryRows<{ location: string; phone: string }>(
      t.database.db,
      sql`select location, phone from organizations where name = ${name}`,
    )
  )[0]!;

/** A Tema product with two lots, and an order of it drafted by AccraCare in two drops (40 and 20 units). */
async function draftedOrder(): Promise<Order> {
  const product = await call('POST', '/api/products', temaStock, {
    name: `PO document product ${Date.now().toString(36)}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(product.statusCode, product.body).toBe(201);
  for (const [batchNumber, days, quantity] of [
    ['PO-LOT-A', 400, 30],
    ['PO-LOT-B', 500, 100],
  ] as const) {
    const synced = await call('POST', '/api/inventory', temaStock, {
      productId: product.json().id,
      quantity,
      unitPrice: 12.5,
      moq: 1,
      batchNumber,
      expiryDate: inDays(days),
    });
    expect(synced.statusCode, synced.body).toBe(200);
  }
  const drafted = await call('POST', '/api/orders', ama, {
    sellerId: org[TEMA],
    productId: product.json().id,
    paymentTermMethod: 'mobile_money',
    drops: [
      {
        addressName: 'Osu branch',
        address: '12 Oxford Street, Osu',
        contactName: 'Efua Mensah',
        contactPhone: '0244 000 111',
        quantity: 40,
      },
      { addressName: 'Airport branch', address: '3 Liberation Road', quantity: 20 },
    ],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  return orderSchema.parse(drafted.json());
}

async function purchaseOrder(orderId: string, authorization: string) {
  const res = await call('GET', `/api/orders/${orderId}/purchase-order.pdf`, authorization);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, text: await pdfText(res.rawPayload) };
}

describe('GET /api/orders/{orderId}/purchase-order.pdf', () => {
  let order: Order;
  beforeAll(async () => {
    order = await draftedOrder();
  });

  it('prints an order awaiting approval per drop, saying batches come at approval', async () => {
    const { res, text } = await purchaseOrder(order.id, ama);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain('PURCHASE ORDER');
    expect(text).toContain(order.number);
    expect(text).toContain('Awaiting approval');
    expect(text).toContain(ORDER_MESSAGES.batchesAtApproval);
    expect(text).toContain('Drop 1: Osu branch');
    expect(text).toContain('GHS 500.00'); // 40 x 12.50, the first drop
    expect(text).not.toContain('PO-LOT-A');
  });

  it('prints both parties, dates, each drop’s batches and expiries, quantities, prices and the total once approved', async () => {
    const approved = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(approved.statusCode, approved.body).toBe(200);
    const after = orderSchema.parse(approved.json());
    const { text } = await purchaseOrder(order.id, temaDispatch);
    const [buyer, seller] = [await party(ACCRACARE), await party(TEMA)];
    for (const fact of [
      'Aduro',
      ACCRACARE,
      buyer.location,
      `Tel. ${buyer.phone}`,
      TEMA,
      seller.location,
      `Tel. ${seller.phone}`,
      `Created: ${formatDay(after.createdAt)}`,
      `Approved: ${formatDay(after.approvedAt!)}`,
      after.product.name,
      // First expiry first out: drop 1 takes all of lot A (30) and 10 of lot B; drop 2 takes 20 of B.
      // Each row: batch, expiry, units, unit price, amount.
      `${after.product.name}\nDrop 1: Osu branch\nPO-LOT-A ${formatDay(inDays(400))} 30 GHS 12.50 GHS 375.00\n` +
        `PO-LOT-B ${formatDay(inDays(500))} 10 GHS 12.50 GHS 125.00\n`,
      `Drop 2: Airport branch\nPO-LOT-B ${formatDay(inDays(500))} 20 GHS 12.50 GHS 250.00\n`,
      'Units 60\nOrder total GHS 750.00',
      `Payment terms: ${after.paymentTerms}`,
      'Payment method: Mobile money',
      'Drop 1, Osu branch: 12 Oxford Street, Osu. Contact: Efua Mensah, 0244 000 111. 40 units.',
      'Drop 2, Airport branch: 3 Liberation Road. Contact: not given. 20 units.',
    ]) {
      expect(text).toContain(fact);
    }
    expect(text).not.toContain(ORDER_MESSAGES.batchesAtApproval);
  });

  it('answers the buyer and the seller’s shipping staff only: 404 for other organisations', async () => {
    const url = `/api/orders/${order.id}/purchase-order.pdf`;
    expect((await call('GET', url, ama)).statusCode).toBe(200);
    expect((await call('GET', url, temaDispatch)).statusCode).toBe(200);
    for (const other of [kejetia, medilink]) {
      const res = await call('GET', url, other);
      expect([res.statusCode, res.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    // As GET /api/orders/{orderId}: callers who are no party's kind, or lack manage_shipping, are refused.
    expect((await call('GET', url, platform)).statusCode).toBe(403);
    expect((await call('GET', url, temaCredit)).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
  });
});
