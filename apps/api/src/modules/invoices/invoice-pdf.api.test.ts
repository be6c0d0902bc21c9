import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '@aduro/shared/format';
import { invoiceSchema, type Invoice } from '@aduro/shared/invoices';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';
import { pdfText } from '../../test/pdf-text.ts';

// Issue 17, "Documents": the invoice as a PDF, read back as text.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaStock: string;
let temaCredit: string;
let temaDispatch: string;
let medilink: string;
let platform: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const ACCRACARE = 'AccraCare Pharmacy';

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, temaStock, temaCredit, temaDispatch, medilink, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
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

/** AccraCare's approved order of a fresh Tema product with two lots, in two drops (40 and 20 units at GH₵12.50). */
async function approvedOrder(): Promise<Order> {
  const product = await call('POST', '/api/products', temaStock, {
    name: `Invoice document product ${Date.now().toString(36)}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(product.statusCode, product.body).toBe(201);
  for (const [batchNumber, days, quantity] of [
    ['INV-LOT-A', 400, 30],
    ['INV-LOT-B', 500, 100],
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
    paymentTermMethod: 'cheque',
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
  const approved = await call('POST', `/api/orders/${drafted.json().id}/approve`, ama);
  expect(approved.statusCode, approved.body).toBe(200);
  return orderSchema.parse(approved.json());
}

async function invoiceOf(orderId: string): Promise<Invoice> {
  const found = ((await call('GET', '/api/invoices', ama)).json() as Invoice[]).find(
    (i) => i.order.id === orderId,
  );
  return invoiceSchema.parse(found);
}

async function invoicePdf(invoiceId: string, authorization: string) {
  const res = await call('GET', `/api/invoices/${invoiceId}/pdf`, authorization);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, text: await pdfText(res.rawPayload) };
}

describe('GET /api/invoices/{id}/pdf', () => {
  let order: Order;
  let invoice: Invoice;
  beforeAll(async () => {
    order = await approvedOrder();
    invoice = await invoiceOf(order.id);
  });

  it('prints both parties, dates, each drop’s batches, prices and amounts, and what is paid and due', async () => {
    const paid = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: 100,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { res, text } = await invoicePdf(invoice.id, ama);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [buyer, seller] = [await party(ACCRACARE), await party(TEMA)];
    for (const fact of [
      'Aduro',
      'INVOICE',
      invoice.number,
      `Issued: ${formatDay(invoice.issuedAt)}`,
      `Due: ${formatDay(invoice.dueDate)}`,
      `Order: ${order.number}`,
      'Status: Unpaid',
      `SELLER\n${TEMA}\n${seller.location}\nTel. ${seller.phone}`,
      `BILL TO\n${ACCRACARE}\n${buyer.location}\nTel. ${buyer.phone}`,
      // Each row: batch, expiry, units, unit price, amount (first expiry first out across the drops).
      `${order.product.name}\nDrop 1: Osu branch\nINV-LOT-A ${formatDay(inDays(400))} 30 GHS 12.50 GHS 375.00\n` +
        `INV-LOT-B ${formatDay(inDays(500))} 10 GHS 12.50 GHS 125.00\n`,
      `Drop 2: Airport branch\nINV-LOT-B ${formatDay(inDays(500))} 20 GHS 12.50 GHS 250.00\n`,
      'Invoice total GHS 750.00\nAmount paid GHS 100.00\nAmount due GHS 650.00',
      'Payment method: Cheque',
      `Payment terms: ${order.paymentTerms}`,
      'Drop 1, Osu branch: 12 Oxford Street, Osu. Contact: Efua Mensah, 0244 000 111. 40 units.',
      'Drop 2, Airport branch: 3 Liberation Road. Contact: not given. 20 units.',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('says Overdue past the due date and Paid once settled', async () => {
    await t.database.db.execute(
      sql`update invoices set due_date = current_date - 3 where id = ${invoice.id}`,
    );
    expect((await invoicePdf(invoice.id, temaCredit)).text).toContain('Status: Overdue');
    const rest = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: 650,
      method: 'mobile_money',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const { text } = await invoicePdf(invoice.id, temaCredit);
    expect(text).toContain('Status: Paid');
    expect(text).toContain('Amount paid GHS 750.00\nAmount due GHS 0.00');
  });

  it('answers the buyer and the seller’s credit staff only: 404 for other organisations', async () => {
    const url = `/api/invoices/${invoice.id}/pdf`;
    expect((await call('GET', url, ama)).statusCode).toBe(200);
    expect((await call('GET', url, temaCredit)).statusCode).toBe(200);
    for (const other of [kejetia, medilink]) {
      const res = await call('GET', url, other);
      expect([res.statusCode, res.json().code]).toEqual([404, 'INVOICE_NOT_FOUND']);
    }
    // As GET /api/invoices: callers who are no party's kind, or lack manage_credit, are refused.
    expect((await call('GET', url, platform)).statusCode).toBe(403);
    expect((await call('GET', url, temaDispatch)).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
  });
});
