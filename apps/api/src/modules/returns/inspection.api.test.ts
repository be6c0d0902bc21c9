import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema, type Invoice } from '@aduro/shared/invoices';
import { orderSchema, type Order } from '@aduro/shared/orders';
import {
  DESTRUCTIONS_CSV_COLUMNS,
  RETURN_MESSAGES,
  RETURN_STATUS_LABELS,
  returnCreatedSchema,
  returnDetailSchema,
  type ReturnDetail,
  type ReturnInspectInput,
} from '@aduro/shared/returns';
import { queryRows } from '../../db/client.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';

// docs/domain.md "Returns": inspection (fates, restock refusals, destruction), the credit note and how
// it lowers what the invoice owes, the credit note's PDF and the destruction register.

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
const AMA = 'AccraCare Pharmacy';

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
  // Credit orders below need room on AccraCare's line with Tema.
  await t.database.db.execute(sql`
    update credit_lines set credit_limit = balance + 100000, status = 'active'
    where customer_id = ${org[AMA]} and supplier_id = ${org[TEMA]}`);
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, authorization: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await queryRows<T>(t.database.db, query))[0]!;

let seq = 0;
/**
 * A delivered order of ama's from Tema at GH₵12.50 a unit: one drop of 60 units taking all 40 of B1 (300
 * days) and 20 of B2 (400 days), and a second undelivered drop of 10. Then a return of 5 of B1 and 4 of
 * B2, approved, with `received` units of each arrived: a return awaiting inspection.
 */
async function receivedReturn(
  opts: { payment?: 'mobile_money' | 'credit_facility'; received?: [number, number] } = {},
) {
  const created = await call('POST', '/api/products', temaStock, {
    name: `Inspection test product ${++seq}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(created.statusCode, created.body).toBe(201);
  const productId = created.json().id as string;
  await t.database.db.execute(sql`
    insert into offers (supplier_id, product_id, unit_price, moq) values (${org[TEMA]}, ${productId}, 12.5, 1)`);
  for (const [batch, quantity, days] of [
    ['B1', 40, 300],
    ['B2', 100, 400],
  ] as const)
    await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${org[TEMA]}, ${productId}, ${batch}, ${inDays(days)}::date, ${quantity})`);
  const drafted = await call('POST', '/api/orders', ama, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod: opts.payment ?? 'mobile_money',
    ...(opts.payment === 'credit_facility' ? { creditTermDays: 30 } : {}),
    drops: [
      { addressName: 'Branch 1', address: '1 Ring Road, Accra', quantity: 60 },
      { addressName: 'Branch 2', address: '2 Ring Road, Accra', quantity: 10 },
    ],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const approved = await call('POST', `/api/orders/${drafted.json().id}/approve`, ama);
  expect(approved.statusCode, approved.body).toBe(200);
  const order: Order = orderSchema.parse(approved.json());
  const drop = order.drops[0]!;
  for (const status of ['Shipped', 'Out for Delivery', 'Delivered']) {
    const res = await call('PATCH', `/api/orders/${order.id}/drops/${drop.id}`, temaDispatch, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
  const asked = await call('POST', '/api/returns', ama, {
    orderId: order.id,
    lines: [
      { dropId: drop.id, batchNumber: 'B1', quantity: 5, reason: 'damaged' },
      { dropId: drop.id, batchNumber: 'B2', quantity: 4, reason: 'near_expiry' },
    ],
    notes: 'Crushed boxes',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const { id } = returnCreatedSchema.parse(asked.json());
  expect((await call('POST', `/api/returns/${id}/approve`, temaDispatch)).statusCode).toBe(200);
  const [b1, b2] = opts.received ?? [5, 4];
  const before = await detail(temaDispatch, id);
  const line = (batch: string) => before.lines.find((l) => l.batchNumber === batch)!;
  const received = await call('POST', `/api/returns/${id}/receive`, temaDispatch, {
    lines: [
      { lineId: line('B1').id, receivedQuantity: b1 },
      { lineId: line('B2').id, receivedQuantity: b2 },
    ],
  });
  expect(received.statusCode, received.body).toBe(200);
  const ret = returnDetailSchema.parse(received.json());
  return {
    ret,
    order,
    productId,
    b1: ret.lines.find((l) => l.batchNumber === 'B1')!,
    b2: ret.lines.find((l) => l.batchNumber === 'B2')!,
  };
}

async function detail(token: string, id: string): Promise<ReturnDetail> {
  const res = await call('GET', `/api/returns/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return returnDetailSchema.parse(res.json());
}

const inspect = (token: string, id: string, body: ReturnInspectInput | Record<string, unknown>) =>
  call('POST', `/api/returns/${id}/inspect`, token, body);

const destruction = {
  destroyedOn: inDays(0),
  method: 'Incineration',
  witness: 'Ama Owusu',
  fdaReference: 'FDA/DST/2026/0042',
};

async function invoiceOf(orderId: string): Promise<Invoice> {
  const list = (await call('GET', '/api/invoices', ama)).json() as unknown[];
  const found = list.map((i) => invoiceSchema.parse(i)).find((i) => i.order.id === orderId);
  return found!;
}

const lotQuantity = async (productId: string, batch: string) =>
  (
    await one<{ n: number }>(
      sql`select quantity as n from inventory_lots where product_id = ${productId} and batch_number = ${batch}`,
    )
  ).n;

describe('inspecting a received return', () => {
  it('answers field errors when the fates do not add up, a line is left out or unknown', async () => {
    const { ret, b1, b2 } = await receivedReturn();
    const wrongSum = await inspect(temaStock, ret.id, {
      lines: [
        { lineId: b1.id, restock: 1, destroy: 0, returnToManufacturer: 0 },
        { lineId: b2.id, restock: 0, destroy: 0, returnToManufacturer: 4 },
      ],
    });
    expect(wrongSum.statusCode).toBe(400);
    expect(wrongSum.json().fieldErrors).toEqual({ 'lines.0.restock': [RETURN_MESSAGES.fatesAddUp(5)] });

    const leftOut = await inspect(temaStock, ret.id, {
      lines: [{ lineId: b1.id, restock: 0, destroy: 0, returnToManufacturer: 5 }],
    });
    expect(leftOut.statusCode).toBe(400);
    expect(leftOut.json().fieldErrors).toEqual({ lines: [RETURN_MESSAGES.receivedLines] });

    const unknown = await inspect(temaStock, ret.id, {
      lines: [
        { lineId: b1.id, restock: 0, destroy: 0, returnToManufacturer: 5 },
        { lineId: b2.id, restock: 0, destroy: 0, returnToManufacturer: 4 },
        { lineId: ret.id, restock: 0, destroy: 0, returnToManufacturer: 0 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ 'lines.2.lineId': [RETURN_MESSAGES.unknownLine] });
    expect((await detail(ama, ret.id)).status).toBe('received');
  });

  it('requires the destruction record, dated no later than today, for destroyed units', async () => {
    const { ret, b1, b2 } = await receivedReturn();
    const lines = [
      { lineId: b1.id, restock: 0, destroy: 5, returnToManufacturer: 0 },
      { lineId: b2.id, restock: 0, destroy: 0, returnToManufacturer: 4 },
    ];
    const missing = await inspect(temaStock, ret.id, { lines });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ destruction: [RETURN_MESSAGES.destructionRequired] });
    const future = await inspect(temaStock, ret.id, {
      lines,
      destruction: { ...destruction, destroyedOn: inDays(1) },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toEqual({ 'destruction.destroyedOn': [RETURN_MESSAGES.destroyedOn] });
    const blank = await inspect(temaStock, ret.id, { lines, destruction: { ...destruction, witness: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors['destruction.witness']).toEqual([RETURN_MESSAGES.witness]);
    expect((await detail(ama, ret.id)).destruction).toBeNull();
  });

  it.each([
    ['recalled', sql`quarantined_at = now()`, () => RETURN_MESSAGES.restockRecalled('B1')],
    [
      'expired',
      sql`expiry_date = ${inDays(-1)}::date`,
      () => RETURN_MESSAGES.restockExpired('B1', inDays(-1)),
    ],
    [
      'under 90 days from expiry',
      sql`expiry_date = ${inDays(89)}::date`,
      () => RETURN_MESSAGES.restockShortDated('B1', inDays(89)),
    ],
  ])('refuses to restock a %s batch, writing nothing', async (_what, change, message) => {
    const { ret, b1, b2, productId } = await receivedReturn();
    await t.database.db.execute(
      sql`update inventory_lots set ${change} where product_id = ${productId} and batch_number = 'B1'`,
    );
    const before = await lotQuantity(productId, 'B1');
    const res = await inspect(temaStock, ret.id, {
      lines: [
        { lineId: b1.id, restock: 5, destroy: 0, returnToManufacturer: 0 },
        { lineId: b2.id, restock: 4, destroy: 0, returnToManufacturer: 0 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'RESTOCK_NOT_ALLOWED', message: message() });
    expect(await lotQuantity(productId, 'B1')).toBe(before);
    expect((await detail(ama, ret.id)).status).toBe('received');
  });

  it('restocks, destroys and returns units, and credits every received unit against the unpaid invoice', async () => {
    // 5 of B1 arrived, 3 of the 4 of B2.
    const { ret, b1, b2, productId, order } = await receivedReturn({ received: [5, 3] });
    const stockBefore = await lotQuantity(productId, 'B1');
    const invoiceBefore = await invoiceOf(order.id);
    expect(invoiceBefore.amountDue).toBe(875);

    const res = await inspect(temaStock, ret.id, {
      lines: [
        { lineId: b1.id, restock: 2, destroy: 3, returnToManufacturer: 0 },
        { lineId: b2.id, restock: 0, destroy: 0, returnToManufacturer: 3 },
      ],
      destruction,
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = returnDetailSchema.parse(res.json());
    expect(done.status).toBe('completed');
    expect(done.lines.find((l) => l.id === b1.id)).toMatchObject({
      receivedQuantity: 5,
      restockedQuantity: 2,
      destroyedQuantity: 3,
      manufacturerQuantity: 0,
    });
    expect(done.destruction).toMatchObject({ ...destruction, recordedBy: expect.any(String) });
    // 8 units received at GH₵12.50.
    expect(done.creditNote).toMatchObject({
      number: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
      invoice: { id: invoiceBefore.id, number: invoiceBefore.number },
      amount: 100,
      appliedToInvoice: 100,
      appliedToCreditLine: 0,
      heldAsCredit: 0,
    });
    expect(await lotQuantity(productId, 'B1')).toBe(stockBefore + 2);
    const invoice = await invoiceOf(order.id);
    expect(invoice).toMatchObject({ credited: 100, amountDue: 775, status: 'unpaid' });
    expect((await detail(ama, ret.id)).creditNote?.id).toBe(done.creditNote!.id);

    const again = await inspect(temaStock, ret.id, {
      lines: [
        { lineId: b1.id, restock: 5, destroy: 0, returnToManufacturer: 0 },
        { lineId: b2.id, restock: 3, destroy: 0, returnToManufacturer: 0 },
      ],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'RETURN_WRONG_STATUS',
      message: RETURN_MESSAGES.wrongStatus(ret.number, RETURN_STATUS_LABELS.completed),
    });
    expect(await lotQuantity(productId, 'B1')).toBe(stockBefore + 2);
  });

  it('puts restocked units back where an order can take them again', async () => {
    const { ret, b1, b2, productId } = await receivedReturn();
    // Sell B1 out: the restocked units are then the only ones a new order can take from it.
    await t.database.db.execute(
      sql`update inventory_lots set quantity = 0 where product_id = ${productId} and batch_number = 'B1'`,
    );
    const res = await inspect(temaStock, ret.id, {
      lines: [
        { lineId: b1.id, restock: 5, destroy: 0, returnToManufacturer: 0 },
        { lineId: b2.id, restock: 0, destroy: 0, returnToManufacturer: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const drafted = await call('POST', '/api/orders', ama, {
      sellerId: org[TEMA],
      productId,
      paymentTermMethod: 'mobile_money',
      drops: [{ addressName: 'Branch 1', address: '1 Ring Road, Accra', quantity: 5 }],
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const approved = await call('POST', `/api/orders/${drafted.json().id}/approve`, ama);
    expect(approved.statusCode, approved.body).toBe(200);
    const batches = orderSchema.parse(approved.json()).drops[0]!.batches;
    expect(batches).toEqual([expect.objectContaining({ batchNumber: 'B1', quantity: 5 })]);
  });

  it('completes a return none of whose units arrived without a credit note', async () => {
    const { ret, b1, b2, order } = await receivedReturn({ received: [0, 0] });
    const res = await inspect(temaStock, ret.id, {
      lines: [
        { lineId: b1.id, restock: 0, destroy: 0, returnToManufacturer: 0 },
        { lineId: b2.id, restock: 0, destroy: 0, returnToManufacturer: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(returnDetailSchema.parse(res.json())).toMatchObject({ status: 'completed', creditNote: null });
    expect((await invoiceOf(order.id)).credited).toBe(0);
  });
});

describe('where the credit goes', () => {
  const allToManufacturer = (r: Awaited<ReturnType<typeof receivedReturn>>) => ({
    lines: [
      { lineId: r.b1.id, restock: 0, destroy: 0, returnToManufacturer: r.b1.receivedQuantity! },
      { lineId: r.b2.id, restock: 0, destroy: 0, returnToManufacturer: r.b2.receivedQuantity! },
    ],
  });
  const supplierCredit = async () =>
    (
      await one<{ n: number }>(
        sql`select coalesce((select balance from supplier_credits
              where buyer_org_id = ${org[AMA]} and seller_org_id = ${org[TEMA]}), 0) as n`,
      )
    ).n;
  const pay = async (invoiceId: string, amount: number) => {
    const res = await call('POST', `/api/invoices/${invoiceId}/payments`, temaCredit, {
      amount,
      method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('holds the whole credit with the supplier when the invoice is already paid', async () => {
    const r = await receivedReturn();
    const invoice = await invoiceOf(r.order.id);
    await pay(invoice.id, invoice.amountDue);
    const heldBefore = await supplierCredit();
    const res = await inspect(temaStock, r.ret.id, allToManufacturer(r));
    expect(res.statusCode, res.body).toBe(200);
    // 9 units at GH₵12.50.
    expect(returnDetailSchema.parse(res.json()).creditNote).toMatchObject({
      amount: 112.5,
      appliedToInvoice: 0,
      heldAsCredit: 112.5,
    });
    expect(await supplierCredit()).toBe(heldBefore + 112.5);
    expect(await invoiceOf(r.order.id)).toMatchObject({ status: 'paid', amountDue: 0, credited: 112.5 });
  });

  it('settles what is still owed, marks the invoice paid and holds the rest', async () => {
    const r = await receivedReturn();
    const invoice = await invoiceOf(r.order.id);
    // GH₵50 left to pay; the credit is GH₵112.50.
    await pay(invoice.id, invoice.amountDue - 50);
    const heldBefore = await supplierCredit();
    const res = await inspect(temaStock, r.ret.id, allToManufacturer(r));
    expect(res.statusCode, res.body).toBe(200);
    expect(returnDetailSchema.parse(res.json()).creditNote).toMatchObject({
      amount: 112.5,
      appliedToInvoice: 50,
      heldAsCredit: 62.5,
    });
    expect(await supplierCredit()).toBe(heldBefore + 62.5);
    expect(await invoiceOf(r.order.id)).toMatchObject({ status: 'paid', amountDue: 0 });
    // Nothing is left to pay: a payment now is refused.
    const paid = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: 1,
      method: 'cash',
    });
    expect(paid.statusCode).toBe(409);
  });

  it('counts the credit as settled when a cancelled drop lowers the invoice', async () => {
    const r = await receivedReturn();
    const res = await inspect(temaStock, r.ret.id, allToManufacturer(r));
    expect(res.statusCode, res.body).toBe(200);
    // GH₵875 invoiced, GH₵112.50 credited: paying all but the undelivered drop's GH₵125 leaves that drop.
    const invoice = await invoiceOf(r.order.id);
    expect(invoice.amountDue).toBe(762.5);
    await pay(invoice.id, 637.5);
    const cancelled = await call(
      'PATCH',
      `/api/orders/${r.order.id}/drops/${r.order.drops[1]!.id}`,
      temaDispatch,
      {
        status: 'Cancelled',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await invoiceOf(r.order.id)).toMatchObject({ amount: 750, amountDue: 0, status: 'paid' });
  });

  it('lowers the credit line’s balance for an invoice on credit', async () => {
    const r = await receivedReturn({ payment: 'credit_facility' });
    const invoice = await invoiceOf(r.order.id);
    expect(invoice.onCredit).toBe(true);
    const balance = async () =>
      (
        await one<{ n: number }>(
          sql`select balance as n from credit_lines where customer_id = ${org[AMA]} and supplier_id = ${org[TEMA]}`,
        )
      ).n;
    const before = await balance();
    const res = await inspect(temaStock, r.ret.id, allToManufacturer(r));
    expect(res.statusCode, res.body).toBe(200);
    expect(returnDetailSchema.parse(res.json()).creditNote).toMatchObject({
      amount: 112.5,
      appliedToInvoice: 0,
      appliedToCreditLine: 112.5,
      heldAsCredit: 0,
    });
    expect(await balance()).toBeCloseTo(before - 112.5, 2);
    expect(await invoiceOf(r.order.id)).toMatchObject({ amountDue: invoice.amountDue - 112.5 });
    // What is left to pay on the invoice is all a payment may cover.
    const over = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: invoice.amountDue,
      method: 'cash',
    });
    expect(over.statusCode).toBe(400);
  });
});

describe('the credit note’s PDF and the destruction register', () => {
  let done: ReturnDetail;
  let orderId: string;
  beforeAll(async () => {
    const r = await receivedReturn();
    orderId = r.order.id;
    const res = await inspect(temaStock, r.ret.id, {
      lines: [
        { lineId: r.b1.id, restock: 1, destroy: 4, returnToManufacturer: 0 },
        { lineId: r.b2.id, restock: 0, destroy: 0, returnToManufacturer: 4 },
      ],
      destruction: { ...destruction, witness: '=Kofi Mensah' },
    });
    expect(res.statusCode, res.body).toBe(200);
    done = returnDetailSchema.parse(res.json());
  });

  it('gives the PDF to the buyer and the supplier, and 404 to every other organisation', async () => {
    const url = `/api/credit-notes/${done.creditNote!.id}/pdf`;
    for (const token of [ama, temaStock, temaCredit]) {
      const res = await call('GET', url, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${done.creditNote!.number}.pdf"`,
      );
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('CREDIT NOTE');
      expect(text).toContain(done.creditNote!.number);
      expect(text).toContain(done.creditNote!.invoice.number);
      expect(text).toContain('Applied to the invoice GHS 112.50\nCredit total GHS 112.50');
    }
    for (const token of [kejetia, medilink]) {
      const res = await call('GET', url, token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CREDIT_NOTE_NOT_FOUND');
    }
    expect((await call('GET', url, platform)).statusCode).toBe(403);
    expect((await call('GET', '/api/credit-notes/not-an-id/pdf', ama)).statusCode).toBe(400);
  });

  it('shows the credit on the invoice’s PDF', async () => {
    const invoice = await invoiceOf(orderId);
    const res = await call('GET', `/api/invoices/${invoice.id}/pdf`, ama);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain(
      'Amount paid GHS 0.00\nCredited GHS 112.50\nAmount due GHS 762.50',
    );
  });

  it('lists each destroyed line in the supplier’s register, to inventory staff only', async () => {
    const res = await call('GET', '/api/returns/destructions.csv', temaStock);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="destructions.csv"');
    const rows = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe(DESTRUCTIONS_CSV_COLUMNS.join(','));
    const ours = rows.filter((row) => row.includes(done.number));
    expect(ours).toEqual([
      [
        destruction.destroyedOn,
        done.number,
        done.order.number,
        AMA,
        done.product.name,
        'B1',
        done.lines.find((l) => l.batchNumber === 'B1')!.expiryDate,
        '4',
        'Incineration',
        "'=Kofi Mensah",
        destruction.fdaReference,
        'Akosua Frimpong',
      ].join(','),
    ]);
    const other = await call('GET', '/api/returns/destructions.csv', medilink);
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain(done.number);
    for (const token of [temaDispatch, ama, platform])
      expect((await call('GET', '/api/returns/destructions.csv', token)).statusCode).toBe(403);
  });
});

describe('who may inspect', () => {
  it('is the supplier’s inventory staff: others 403, another supplier 404', async () => {
    const { ret, b1, b2 } = await receivedReturn();
    const body = {
      lines: [
        { lineId: b1.id, restock: 0, destroy: 0, returnToManufacturer: 5 },
        { lineId: b2.id, restock: 0, destroy: 0, returnToManufacturer: 4 },
      ],
    };
    for (const token of [ama, temaDispatch, temaCredit, platform])
      expect((await inspect(token, ret.id, body)).statusCode).toBe(403);
    const other = await inspect(medilink, ret.id, body);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('RETURN_NOT_FOUND');
    expect((await inspect(temaStock, ret.id, body)).statusCode).toBe(200);
  });
});
