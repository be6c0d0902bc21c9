import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityItem } from '@aduro/shared/activity';
import type { EventType } from '@aduro/shared/events';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { returnCreatedSchema, type ReturnCreated, type ReturnCreateInput } from '@aduro/shared/returns';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findEvents } from '../events/events.repository.ts';
import { notifyEvent } from '../notifications/notify-event.ts';

/*
 * What each side of a return hears of it (notifications) and reads of it afterwards (the activity
 * trail): the supplier hears the buyer's request, with its reasons and notes; the buyer hears each of
 * the supplier's steps, with the reject reason, the units received and the credit note's split.
 */

let t: TestApp;
let ama: string;
let temaStock: string;
let temaDispatch: string;
let temaCredit: string;
let temaAdmin: string;
let platform: string;
const org: Record<string, string> = {};

const BUYER = 'AccraCare Pharmacy';
const TEMA = 'Tema Pharma Distributors';
const AMA = 'Ama Mensah';
const KOJO = 'Kojo Asamoah';
const AKOSUA = 'Akosua Frimpong';
// return_request: ShippingClerk, InventoryManager and Admin; return_progress: the buyer's Buyers.
const TEMA_HEARS = ['admin@tema-pharma.demo', 'dispatch@tema-pharma.demo', 'stock@tema-pharma.demo'];
const BUYER_HEARS = ['buyer@accracare.demo', 'procurement@accracare.demo'];

beforeAll(async () => {
  t = await createTestApp();
  [ama, temaStock, temaDispatch, temaCredit, temaAdmin, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
/**
 * A fresh product Tema offers at GH₵10 with one lot of batch B1 a year and more from expiry, so each
 * return's sentences name only its own.
 */
async function newProduct(): Promise<{ id: string; name: string }> {
  const name = `Return notice product ${++seq}-${Date.now().toString(36)}`;
  const res = await call('POST', '/api/products', temaStock, {
    name,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await t.database.db.execute(sql`
    insert into offers (supplier_id, product_id, unit_price, moq) values (${org[TEMA]}, ${id}, 10, 1)
    on conflict do nothing`);
  await t.database.db.execute(sql`
    insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
    values (${org[TEMA]}, ${id}, 'B1', ${inDays(400)}::date, 100)`);
  return { id, name };
}

/** AccraCare orders 10 units in one drop, approves the order, and Tema delivers the drop. */
async function delivered(productId: string): Promise<Order> {
  const drafted = await call('POST', '/api/orders', ama, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod: 'mobile_money',
    drops: [
      {
        addressName: 'Osu branch',
        address: '12 Ring Road, Osu, Accra',
        contactName: 'Efua Owusu',
        contactPhone: '+233 20 111 2222',
        quantity: 10,
      },
    ],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const order = orderSchema.parse(drafted.json());
  const approved = await call('POST', `/api/orders/${order.id}/approve`, ama);
  expect(approved.statusCode, approved.body).toBe(200);
  for (const status of ['Shipped', 'Out for Delivery', 'Delivered']) {
    const moved = await call('PATCH', `/api/orders/${order.id}/drops/${order.drops[0]!.id}`, temaDispatch, {
      status,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return order;
}

async function requestReturn(order: Order, quantity: number, notes: string | null): Promise<ReturnCreated> {
  const body: ReturnCreateInput = {
    orderId: order.id,
    lines: [{ dropId: order.drops[0]!.id, batchNumber: 'B1', quantity, reason: 'damaged' }],
    notes,
  };
  const res = await call('POST', '/api/returns', ama, body);
  expect(res.statusCode, res.body).toBe(201);
  return returnCreatedSchema.parse(res.json());
}

async function lineIds(returnId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from return_lines where return_id = ${returnId} order by line_no`,
  );
  return rows.map((r) => r.id);
}

async function invoiceOf(orderId: string) {
  const [row] = await queryRows<{ id: string; number: string; amount: number }>(
    t.database.db,
    sql`select id, number, amount::float8 as amount from invoices where order_id = ${orderId}`,
  );
  expect(row, `the invoice of order ${orderId}`).toBeDefined();
  return row!;
}

/**
 * The latest event of the type on the return, run through the notifications job's own function (as
 * the job would), with the notifications it wrote by recipient.
 */
async function notifiedOf(type: EventType, returnId: string) {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id::int from events where type = ${type} and refs ->> 'returnId' = ${returnId}
        order by id desc limit 1`,
  );
  expect(row, `no ${type} event on ${returnId}`).toBeDefined();
  const [event] = await findEvents(t.database.db, [row!.id]);
  await notifyEvent(t.app.db, event!, { queueMail: async () => {} });
  const sent = await queryRows<{ email: string; title: string; body: string; link: string }>(
    t.database.db,
    sql`select u.email, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id
        where n.event_id = ${row!.id} order by u.email`,
  );
  return { eventId: row!.id, sent };
}

/** The item of the event in a reader's activity trail (a platform reader names the organisation). */
async function activityItem(authorization: string, type: EventType, eventId: number, orgId?: string) {
  const res = await call(
    'GET',
    `/api/activity?type=${type}&limit=200${orgId ? `&orgId=${orgId}` : ''}`,
    authorization,
  );
  expect(res.statusCode, res.body).toBe(200);
  const item = activityPageSchema.parse(res.json()).items.find((i) => i.id === eventId);
  expect(item, `event ${eventId} in the trail`).toBeDefined();
  return item as ActivityItem;
}

/** Every sentence of one notification should read the same to each recipient of its side. */
function oneText(sent: { title: string; body: string; link: string }[]) {
  const texts = new Set(sent.map((s) => JSON.stringify([s.title, s.body, s.link])));
  expect(texts.size, 'one text for every recipient').toBe(1);
  return sent[0]!;
}

describe('a return from request to credit note, on an unpaid invoice', () => {
  let product: { id: string; name: string };
  let order: Order;
  let ret: ReturnCreated;

  beforeAll(async () => {
    product = await newProduct();
    order = await delivered(product.id);
    ret = await requestReturn(order, 6, 'Crushed in transit; the boxes are wet.');
  });

  it('tells the supplier who asks to return what, from which order, why, and the notes; not the buyer', async () => {
    const { eventId, sent } = await notifiedOf('return.requested', ret.id);
    expect(sent.map((s) => s.email)).toEqual(TEMA_HEARS);
    expect(oneText(sent)).toEqual({
      email: 'admin@tema-pharma.demo',
      title: `${BUYER} asks to return 6 units of ${product.name}: ${ret.number}`,
      body: `${BUYER} asks to return 6 units of ${product.name} from order ${order.number} (damaged, batch B1: 6 units). Notes: Crushed in transit; the boxes are wet. Approve or reject return ${ret.number}.`,
      link: `/supplier?tab=returns&return=${ret.id}`,
    });

    expect((await activityItem(temaAdmin, 'return.requested', eventId)).description).toBe(
      `${BUYER} asked to return ${product.name} of order ${order.number}: return ${ret.number}`,
    );
    expect((await activityItem(platform, 'return.requested', eventId, org[BUYER])).description).toBe(
      `${AMA} asked ${TEMA} to take back ${product.name} of order ${order.number}: return ${ret.number}`,
    );
  });

  it('approving tells the buyer to send the packs', async () => {
    const approved = await call('POST', `/api/returns/${ret.id}/approve`, temaDispatch);
    expect(approved.statusCode, approved.body).toBe(200);
    const { eventId, sent } = await notifiedOf('return.decided', ret.id);
    expect(sent.map((s) => s.email)).toEqual(BUYER_HEARS);
    expect(oneText(sent)).toMatchObject({
      title: `${TEMA} approved return ${ret.number}: send the packs`,
      body: `${TEMA} approved return ${ret.number} (6 units of ${product.name} from order ${order.number}): send the packs back to ${TEMA}. They are inspected and credited once received.`,
      link: `/customer/orders?tab=returns&return=${ret.id}`,
    });

    expect((await activityItem(temaAdmin, 'return.decided', eventId)).description).toBe(
      `${KOJO} approved return ${ret.number} from ${BUYER}`,
    );
    expect((await activityItem(platform, 'return.decided', eventId, org[BUYER])).description).toBe(
      `${TEMA} approved return ${ret.number} of order ${order.number}: send the packs`,
    );
  });

  it('receiving tells the buyer how many units arrived and that they await inspection', async () => {
    const [lineId] = await lineIds(ret.id);
    const received = await call('POST', `/api/returns/${ret.id}/receive`, temaDispatch, {
      lines: [{ lineId, receivedQuantity: 5 }],
    });
    expect(received.statusCode, received.body).toBe(200);
    const { eventId, sent } = await notifiedOf('return.received', ret.id);
    expect(sent.map((s) => s.email)).toEqual(BUYER_HEARS);
    expect(oneText(sent)).toMatchObject({
      title: `${TEMA} received return ${ret.number}`,
      body: `${TEMA} received 5 of the 6 units of ${product.name} on return ${ret.number} (order ${order.number}). They are held apart, awaiting inspection; the credit note follows it.`,
    });

    expect((await activityItem(temaAdmin, 'return.received', eventId)).description).toBe(
      `${KOJO} received return ${ret.number} from ${BUYER}: held apart until inspected`,
    );
    expect((await activityItem(platform, 'return.received', eventId, org[BUYER])).description).toBe(
      `${TEMA} received return ${ret.number} of order ${order.number}: awaiting inspection`,
    );
  });

  it('inspection tells the buyer each fate and the credit note taken off what the invoice owed', async () => {
    const [lineId] = await lineIds(ret.id);
    const inspected = await call('POST', `/api/returns/${ret.id}/inspect`, temaStock, {
      lines: [{ lineId, restock: 3, destroy: 2, returnToManufacturer: 0 }],
      destruction: {
        destroyedOn: inDays(0),
        method: 'Incineration',
        witness: 'Kofi Mensah',
        fdaReference: 'FDA/DST/2026/0042',
      },
    });
    expect(inspected.statusCode, inspected.body).toBe(200);
    const invoice = await invoiceOf(order.id);
    const [note] = await queryRows<{ number: string }>(
      t.database.db,
      sql`select number from credit_notes where return_id = ${ret.id}`,
    );
    expect(note?.number).toMatch(/^CN-\d{4}-\d{6}$/);

    const { eventId, sent } = await notifiedOf('return.inspected', ret.id);
    expect(sent.map((s) => s.email)).toEqual(BUYER_HEARS);
    // 5 received units at the GH₵10 invoiced, all of it off the unpaid invoice.
    expect(oneText(sent)).toMatchObject({
      title: `Return ${ret.number}: credit note ${note!.number} for GH₵50.00`,
      body: `${TEMA} inspected return ${ret.number} (${product.name}, order ${order.number}): 3 units back into stock, 2 units destroyed. Credit note ${note!.number} for GH₵50.00: GH₵50.00 off what invoice ${invoice.number} still owed.`,
      link: `/customer/orders?tab=returns&return=${ret.id}`,
    });

    expect((await activityItem(temaAdmin, 'return.inspected', eventId)).description).toBe(
      `${AKOSUA} inspected return ${ret.number} from ${BUYER}: credit note ${note!.number} for GH₵50.00`,
    );
    expect((await activityItem(platform, 'return.inspected', eventId, org[BUYER])).description).toBe(
      `${TEMA} inspected return ${ret.number}: credit note ${note!.number} for GH₵50.00`,
    );
  });
});

describe('a rejected return', () => {
  it("tells the buyer the supplier's reason, and the trails say who rejected it", async () => {
    const product = await newProduct();
    const order = await delivered(product.id);
    const ret = await requestReturn(order, 2, null);
    const requested = await notifiedOf('return.requested', ret.id);
    // No notes: the sentence says none.
    expect(requested.sent[0]!.body).not.toContain('Notes');

    const rejected = await call('POST', `/api/returns/${ret.id}/reject`, temaAdmin, {
      reason: 'The seals were broken after delivery.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const { eventId, sent } = await notifiedOf('return.decided', ret.id);
    expect(sent.map((s) => s.email)).toEqual(BUYER_HEARS);
    expect(oneText(sent)).toMatchObject({
      title: `${TEMA} rejected return ${ret.number}`,
      body: `${TEMA} rejected return ${ret.number} (2 units of ${product.name} from order ${order.number}). Reason: The seals were broken after delivery.`,
    });
    expect((await activityItem(temaAdmin, 'return.decided', eventId)).description).toBe(
      `Kwame Boateng rejected return ${ret.number} from ${BUYER}`,
    );
    expect((await activityItem(platform, 'return.decided', eventId, org[BUYER])).description).toBe(
      `${TEMA} rejected return ${ret.number} of order ${order.number}`,
    );
  });
});

describe('a return on an invoice already paid', () => {
  it('tells the buyer the credit is held with the supplier', async () => {
    const product = await newProduct();
    const order = await delivered(product.id);
    const invoice = await invoiceOf(order.id);
    const paid = await call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, {
      amount: invoice.amount,
      method: 'cash',
      reference: 'Paid in full',
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const ret = await requestReturn(order, 4, null);
    expect((await call('POST', `/api/returns/${ret.id}/approve`, temaStock)).statusCode).toBe(200);
    const [lineId] = await lineIds(ret.id);
    const received = await call('POST', `/api/returns/${ret.id}/receive`, temaStock, {
      lines: [{ lineId, receivedQuantity: 4 }],
    });
    expect(received.statusCode, received.body).toBe(200);
    const inspected = await call('POST', `/api/returns/${ret.id}/inspect`, temaStock, {
      lines: [{ lineId, restock: 0, destroy: 0, returnToManufacturer: 4 }],
    });
    expect(inspected.statusCode, inspected.body).toBe(200);

    const { sent } = await notifiedOf('return.inspected', ret.id);
    expect(sent.map((s) => s.email)).toEqual(BUYER_HEARS);
    const text = oneText(sent);
    expect(text.title).toMatch(
      new RegExp(`^Return ${ret.number}: credit note CN-\\d{4}-\\d{6} for GH₵40\\.00$`),
    );
    expect(text.body).toContain('4 units sent back to the manufacturer.');
    expect(text.body).toContain(
      `GH₵40.00 held as credit with ${TEMA} (invoice ${invoice.number} was already settled)`,
    );
    expect(text.body).not.toContain('off what invoice');
  });
});

describe('a return of which no unit arrived', () => {
  it('tells the buyer that nothing is credited', async () => {
    const product = await newProduct();
    const order = await delivered(product.id);
    const ret = await requestReturn(order, 3, null);
    expect((await call('POST', `/api/returns/${ret.id}/approve`, temaDispatch)).statusCode).toBe(200);
    const [lineId] = await lineIds(ret.id);
    const received = await call('POST', `/api/returns/${ret.id}/receive`, temaDispatch, {
      lines: [{ lineId, receivedQuantity: 0 }],
    });
    expect(received.statusCode, received.body).toBe(200);
    const inspected = await call('POST', `/api/returns/${ret.id}/inspect`, temaStock, {
      lines: [{ lineId, restock: 0, destroy: 0, returnToManufacturer: 0 }],
    });
    expect(inspected.statusCode, inspected.body).toBe(200);
    const { eventId, sent } = await notifiedOf('return.inspected', ret.id);
    expect(oneText(sent)).toMatchObject({
      title: `Return ${ret.number} inspected: nothing to credit`,
      body: `${TEMA} inspected return ${ret.number} (${product.name}, order ${order.number}). No units were received, so no credit note was issued.`,
    });
    expect((await activityItem(platform, 'return.inspected', eventId, org[BUYER])).description).toBe(
      `${TEMA} inspected return ${ret.number}: nothing to credit`,
    );
  });
});
