import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '@aduro/shared/inventory';
import { INVOICE_MESSAGES, invoiceSchema, type Invoice } from '@aduro/shared/invoices';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ama: string;
let temaCredit: string;
let temaDispatch: string;
let medilink: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  [ama, temaCredit, temaDispatch, medilink] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
const balanceOf = async (lineId: string) =>
  Number(
    (
      await queryRows<{ b: string }>(
        t.database.db,
        sql`select balance::text as b from credit_lines where id = ${lineId}`,
      )
    )[0]!.b,
  );

describe('GET /api/invoices', () => {
  it('shows a customer its own invoices with overdue computed from the due date', async () => {
    const res = await call('GET', '/api/invoices', ama);
    expect(res.statusCode).toBe(200);
    const list = (res.json() as unknown[]).map((i) => invoiceSchema.parse(i));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => i.buyer.id === org['AccraCare Pharmacy'])).toBe(true);
    for (const i of list) {
      expect(i.overdue).toBe(i.status === 'unpaid' && i.dueDate < todayUtc());
      expect(i.amountDue).toBeCloseTo(i.amount - i.amountPaid, 2);
    }
    const overdue = (await call('GET', '/api/invoices?status=overdue', ama)).json() as Invoice[];
    expect(overdue.every((i) => i.overdue)).toBe(true);
    expect((await call('GET', `/api/invoices?buyerId=${org[TEMA]}`, ama)).statusCode).toBe(403);
  });

  it('shows a supplier’s credit staff only what their organisation issued; others get 403', async () => {
    const list = (await call('GET', '/api/invoices', temaCredit)).json() as Invoice[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((i) => i.seller.id === org[TEMA])).toBe(true);
    expect(
      (await call('GET', `/api/invoices?sellerId=${org['Accra Medilink Importers']}`, temaCredit)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/invoices', temaDispatch)).statusCode).toBe(403);
  });
});

describe('POST /api/invoices/{id}/payments', () => {
  async function unpaidCreditInvoice() {
    const [row] = await queryRows<{ id: string; due: string; line: string }>(
      t.database.db,
      sql`select id, (amount - amount_paid)::text as due, credit_line_id as line from invoices
          where seller_org_id = ${org[TEMA]} and status = 'unpaid' and on_credit and amount - amount_paid >= 10
          order by number limit 1`,
    );
    return { id: row!.id, due: Number(row!.due), line: row!.line };
  }

  it('records a mobile money payment, lowers the credit balance, and settles the invoice when all is paid', async () => {
    const invoice = await unpaidCreditInvoice();
    const before = await balanceOf(invoice.line);
    const part = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: 5,
      method: 'mobile_money',
      reference: 'MoMo 0244 123 456',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ status: 'unpaid', payments: expect.any(Number) });
    expect(await balanceOf(invoice.line)).toBeCloseTo(before - 5, 2);
    const rest = Math.round((invoice.due - 5) * 100) / 100;
    const over = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: rest + 0.01,
      method: 'cash',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors.amount).toEqual([INVOICE_MESSAGES.overDue(rest)]);
    const settled = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: rest,
      method: 'cash',
    });
    expect(settled.json()).toMatchObject({ status: 'paid', amountDue: 0 });
    expect(await balanceOf(invoice.line)).toBeCloseTo(before - invoice.due, 2);
    const again = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: 1,
      method: 'cash',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, INVOICE_MESSAGES.paid]);
  });

  it('refuses a void invoice, credit as a method, another supplier (404) and a customer (403)', async () => {
    const [voided] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from invoices where seller_org_id = ${org[TEMA]} and status = 'void' limit 1`,
    );
    const res = await call('POST', `/api/invoices/${voided!.id}/payments`, temaCredit, {
      amount: 1,
      method: 'cash',
    });
    expect([res.statusCode, res.json().message]).toEqual([409, INVOICE_MESSAGES.void]);
    const invoice = await unpaidCreditInvoice();
    expect(
      (
        await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
          amount: 1,
          method: 'credit_facility',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/api/invoices/${invoice.id}/payments`, medilink, { amount: 1, method: 'cash' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/invoices/${invoice.id}/payments`, ama, { amount: 1, method: 'cash' }))
        .statusCode,
    ).toBe(403);
  });
});
