import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, orderSchema, type Order } from '@aduro/shared/orders';
import {
  RETURN_MESSAGES,
  RETURN_STATUS_LABELS,
  returnCreatedSchema,
  returnDetailSchema,
  returnsPageSchema,
  type ReturnCreateInput,
  type ReturnDetail,
} from '@aduro/shared/returns';
import { queryRows } from '../../db/client.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// docs/domain.md "Returns": asking to return delivered units, the claim limit, the supplier's steps,
// quarantine of received units, the list, and who may do what.

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

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, authorization: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A fresh Tema product offered at GH₵ 12.50, with one lot per batch (expiry in days from today). */
async function product(lots: { batch: string; quantity: number; days: number }[]): Promise<string> {
  const res = await call('POST', '/api/products', temaStock, {
    name: `Return test product ${++seq}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await t.database.db.execute(sql`
    insert into offers (supplier_id, product_id, unit_price, moq) values (${org[TEMA]}, ${id}, 12.5, 1)`);
  for (const lot of lots)
    await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${org[TEMA]}, ${id}, ${lot.batch}, ${inDays(lot.days)}::date, ${lot.quantity})`);
  return id;
}

async function drafted(buyer: string, productId: string, drops: number[]): Promise<Order> {
  const res = await call('POST', '/api/orders', buyer, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod: 'mobile_money',
    drops: drops.map((quantity, i) => ({
      addressName: `Branch ${i + 1}`,
      address: `${i + 1} Ring Road, Accra`,
      quantity,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

async function approved(buyer: string, order: Order): Promise<Order> {
  const res = await call('POST', `/api/orders/${order.id}/approve`, buyer);
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

async function deliver(order: Order, dropIndex: number) {
  for (const status of ['Shipped', 'Out for Delivery', 'Delivered']) {
    const res = await call(
      'PATCH',
      `/api/orders/${order.id}/drops/${order.drops[dropIndex]!.id}`,
      temaDispatch,
      {
        status,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The units each batch's lots gave the drop, by batch number. */
async function allocated(dropId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ batch: string; n: number }>(
    t.database.db,
    sql`select l.batch_number as batch, sum(a.quantity)::int as n
        from drop_allocations a join inventory_lots l on l.id = a.lot_id
        where a.drop_id = ${dropId} and a.returned_at is null group by l.batch_number`,
  );
  return Object.fromEntries(rows.map((r) => [r.batch, r.n]));
}

const create = (token: string, body: ReturnCreateInput | Record<string, unknown>) =>
  call('POST', '/api/returns', token, body);

async function created(token: string, body: ReturnCreateInput) {
  const res = await create(token, body);
  expect(res.statusCode, res.body).toBe(201);
  return returnCreatedSchema.parse(res.json());
}

async function detail(token: string, id: string): Promise<ReturnDetail> {
  const res = await call('GET', `/api/returns/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return returnDetailSchema.parse(res.json());
}

const step = (token: string, id: string, action: 'approve' | 'reject' | 'receive', body?: object) =>
  call('POST', `/api/returns/${id}/${action}`, token, body);

async function receivedAll(id: string, received: (quantity: number) => number = (q) => q) {
  const d = await detail(temaDispatch, id);
  const res = await step(temaDispatch, id, 'receive', {
    lines: d.lines.map((l) => ({ lineId: l.id, receivedQuantity: received(l.quantity) })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return returnDetailSchema.parse(res.json());
}

/**
 * One product with batches B1 (300 days) and B2 (400 days); an order of ama's with a delivered drop
 * taking units of both batches, and a second drop not delivered.
 */
async function deliveredOrder() {
  const productId = await product([
    { batch: 'B1', quantity: 40, days: 300 },
    { batch: 'B2', quantity: 100, days: 400 },
  ]);
  const order = await approved(ama, await drafted(ama, productId, [60, 10]));
  await deliver(order, 0);
  const drop = order.drops[0]!;
  return { productId, order, drop, other: order.drops[1]!, units: await allocated(drop.id) };
}

describe('asking to return delivered packs', () => {
  let o: Awaited<ReturnType<typeof deliveredOrder>>;
  beforeAll(async () => {
    o = await deliveredOrder();
  });

  it('answers the number and status, and shows each line with its batch, expiry, drop and invoiced price', async () => {
    // The first expiry goes first: the delivered drop holds all of B1 and the rest from B2.
    expect(o.units).toEqual({ B1: 40, B2: 20 });
    const ret = await created(ama, {
      orderId: o.order.id,
      lines: [
        { dropId: o.drop.id, batchNumber: 'b2', quantity: 3, reason: 'damaged' },
        { dropId: o.drop.id, batchNumber: 'B1', quantity: 2, reason: 'wrong_item' },
      ],
      notes: '  Two cartons crushed in transit  ',
    });
    expect(ret.number).toMatch(new RegExp(`^RET-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(ret.status).toBe('requested');

    const d = await detail(ama, ret.id);
    expect(d).toMatchObject({
      id: ret.id,
      number: ret.number,
      status: 'requested',
      order: { id: o.order.id, number: o.order.number },
      product: { id: o.productId },
      buyer: { id: org['AccraCare Pharmacy'] },
      supplier: { id: org[TEMA], name: TEMA },
      quantity: 5,
      reasons: ['damaged', 'wrong_item'],
      notes: 'Two cartons crushed in transit',
      recall: null,
      decidedBy: null,
      rejectReason: null,
      creditAmount: null,
      creditNote: null,
      destruction: null,
    });
    expect(d.requestedBy).toBeTruthy();
    expect(d.lines).toEqual([
      expect.objectContaining({
        lineNo: 1,
        dropId: o.drop.id,
        dropSequence: o.drop.sequence,
        batchNumber: 'B2',
        expiryDate: inDays(400),
        quantity: 3,
        reason: 'damaged',
        receivedQuantity: null,
        unitPrice: 12.5,
      }),
      expect.objectContaining({ lineNo: 2, batchNumber: 'B1', expiryDate: inDays(300), quantity: 2 }),
    ]);
    // The supplier sees the same return, reason and notes included.
    expect(await detail(temaDispatch, ret.id)).toEqual(d);
  });

  it('records return.requested for the buyer and the supplier with the return, order and product', async () => {
    const ret = await created(ama, {
      orderId: o.order.id,
      lines: [{ dropId: o.drop.id, batchNumber: 'B2', quantity: 1, reason: 'expired' }],
    });
    const [event] = await queryRows<{ orgIds: string[]; refs: Record<string, unknown> }>(
      t.database.db,
      sql`select org_ids as "orgIds", refs from events
          where type = 'return.requested' and refs->>'returnId' = ${ret.id}`,
    );
    expect(event!.orgIds.sort()).toEqual([org['AccraCare Pharmacy'], org[TEMA]].sort());
    expect(event!.refs).toMatchObject({
      returnId: ret.id,
      buyerId: org['AccraCare Pharmacy'],
      supplierId: org[TEMA],
      orderIds: [o.order.id],
      productIds: [o.productId],
    });
  });

  it('refuses a drop not delivered, a drop of another order and a batch the drop did not receive, per line', async () => {
    const another = await deliveredOrder();
    const res = await create(ama, {
      orderId: o.order.id,
      lines: [
        { dropId: o.other.id, batchNumber: 'B1', quantity: 1, reason: 'damaged' },
        { dropId: another.drop.id, batchNumber: 'B1', quantity: 1, reason: 'damaged' },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'lines.0.dropId': [RETURN_MESSAGES.dropNotDelivered],
      'lines.1.dropId': [RETURN_MESSAGES.dropNotDelivered],
    });

    const batch = await create(ama, {
      orderId: o.order.id,
      lines: [
        { dropId: o.drop.id, batchNumber: 'B1', quantity: 1, reason: 'damaged' },
        { dropId: o.drop.id, batchNumber: 'B9', quantity: 1, reason: 'damaged' },
        { dropId: o.drop.id, batchNumber: null, quantity: 1, reason: 'damaged' },
      ],
    });
    expect(batch.statusCode, batch.body).toBe(400);
    expect(batch.json().fieldErrors).toEqual({
      'lines.1.batchNumber': [RETURN_MESSAGES.batchNotInDrop('B9')],
      'lines.2.batchNumber': [RETURN_MESSAGES.batchNotInDrop('without a batch number')],
    });
  });

  it('refuses the same batch of a drop twice, bad quantities and reasons, and no lines, with field errors', async () => {
    const twice = await create(ama, {
      orderId: o.order.id,
      lines: [
        { dropId: o.drop.id, batchNumber: 'B1', quantity: 1, reason: 'damaged' },
        { dropId: o.drop.id, batchNumber: 'b1', quantity: 1, reason: 'expired' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toEqual({ 'lines.1.batchNumber': [RETURN_MESSAGES.lineTwice] });

    const bad = await create(ama, {
      orderId: o.order.id,
      lines: [{ dropId: o.drop.id, batchNumber: 'B1', quantity: 0, reason: 'broken' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      'lines.0.quantity': [RETURN_MESSAGES.quantity],
      'lines.0.reason': [RETURN_MESSAGES.reason],
    });

    const none = await create(ama, { orderId: o.order.id, lines: [], notes: 'x'.repeat(2001) });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({
      lines: [RETURN_MESSAGES.linesRequired],
      notes: [RETURN_MESSAGES.notesTooLong],
    });
  });

  it('returns units delivered without a batch number when the line names none', async () => {
    const productId = await product([]);
    await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${org[TEMA]}, ${productId}, null, null, 20)`);
    const order = await approved(ama, await drafted(ama, productId, [8]));
    await deliver(order, 0);
    const line = { dropId: order.drops[0]!.id, quantity: 8, reason: 'short_shipped' as const };
    const ret = await created(ama, { orderId: order.id, lines: [{ ...line, batchNumber: '  ' }] });
    expect((await detail(ama, ret.id)).lines).toEqual([
      expect.objectContaining({ batchNumber: null, expiryDate: null, quantity: 8 }),
    ]);
    const more = await create(ama, { orderId: order.id, lines: [{ ...line, quantity: 1 }] });
    expect(more.json()).toMatchObject({
      code: 'RETURN_EXCEEDS_DELIVERED',
      message: RETURN_MESSAGES.exceedsDelivered('without a batch number', 8, 8, 1),
    });
  });

  it('sends recalled packs back under their recall, and refuses a recall of another product', async () => {
    const recalled = await call('POST', '/api/recalls', temaStock, {
      productId: o.productId,
      batchNumbers: ['B1'],
      reason: 'Dissolution test failed at the manufacturer',
      severity: 'class_2',
    });
    expect(recalled.statusCode, recalled.body).toBe(201);
    const recall = recalled.json() as { id: string; number: string };
    const line = { dropId: o.drop.id, batchNumber: 'B1', quantity: 1, reason: 'recalled' as const };
    const ret = await created(ama, { orderId: o.order.id, lines: [line], recallId: recall.id });
    expect(await detail(temaStock, ret.id)).toMatchObject({
      recall: { id: recall.id, number: recall.number },
      reasons: ['recalled'],
    });

    const unknown = await create(ama, { orderId: o.order.id, lines: [line], recallId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fieldErrors)).toEqual(['recallId']);
  });

  it('creates one return for a request repeated with the same Idempotency-Key', async () => {
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/returns',
        headers: { authorization: ama, 'idempotency-key': key },
        payload: {
          orderId: o.order.id,
          lines: [{ dropId: o.drop.id, batchNumber: 'B2', quantity: 1, reason: 'damaged' }],
        },
      });
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from returns where order_id = ${o.order.id}`,
        )
      )[0]!.n;
    const before = await count();
    const key = crypto.randomUUID();
    const first = await send(key);
    const second = await send(key);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    // A fresh key is a fresh request.
    expect((await send(crypto.randomUUID())).statusCode).toBe(201);
    expect(await count()).toBe(before + 2);
  });

  it('answers 404 for another buyer’s order and 403 to a supplier or the platform', async () => {
    const body = {
      orderId: o.order.id,
      lines: [{ dropId: o.drop.id, batchNumber: 'B1', quantity: 1, reason: 'damaged' }],
    };
    const other = await create(kejetia, body);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', message: ORDER_MESSAGES.orderNotFound });
    expect((await create(temaStock, body)).statusCode).toBe(403);
    expect((await create(platform, body)).statusCode).toBe(403);
  });
});

describe('the claim limit', () => {
  it('allows at most what the drop delivered of the batch, less other returns, and frees a rejected return’s units', async () => {
    const o = await deliveredOrder();
    const line = (quantity: number) => ({
      orderId: o.order.id,
      lines: [{ dropId: o.drop.id, batchNumber: 'B1', quantity, reason: 'damaged' as const }],
    });
    const first = await created(ama, line(30));
    const over = await create(ama, line(11));
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'RETURN_EXCEEDS_DELIVERED',
      message: RETURN_MESSAGES.exceedsDelivered('B1', 40, 30, 11),
    });
    // Another batch of the same drop is claimed apart.
    await created(ama, {
      orderId: o.order.id,
      lines: [{ dropId: o.drop.id, batchNumber: 'B2', quantity: 20, reason: 'damaged' }],
    });
    const second = await created(ama, line(10));
    expect((await create(ama, line(1))).statusCode).toBe(409);

    const rejected = await step(temaDispatch, first.id, 'reject', { reason: 'Packs were sold as seen' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(returnDetailSchema.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      rejectReason: 'Packs were sold as seen',
    });
    await created(ama, line(30));
    expect((await create(ama, line(1))).statusCode).toBe(409);

    // Once received, a return claims what arrived, not what it asked for.
    expect((await step(temaDispatch, second.id, 'approve')).statusCode).toBe(200);
    await receivedAll(second.id, () => 4);
    await created(ama, line(6));
    const full = await create(ama, line(1));
    expect(full.json().message).toBe(RETURN_MESSAGES.exceedsDelivered('B1', 40, 40, 1));
  });
});

describe('the supplier’s steps', () => {
  let o: Awaited<ReturnType<typeof deliveredOrder>>;
  beforeAll(async () => {
    o = await deliveredOrder();
  });
  const fresh = () =>
    created(ama, {
      orderId: o.order.id,
      lines: [
        { dropId: o.drop.id, batchNumber: 'B1', quantity: 2, reason: 'damaged' },
        { dropId: o.drop.id, batchNumber: 'B2', quantity: 3, reason: 'near_expiry' },
      ],
    });

  it('approves then receives, recording who and when, and refuses every step out of turn with 409', async () => {
    const ret = await fresh();
    const receiveFirst = await step(temaDispatch, ret.id, 'receive', {
      lines: [{ lineId: ret.id, receivedQuantity: 0 }],
    });
    expect(receiveFirst.statusCode).toBe(409);
    expect(receiveFirst.json()).toMatchObject({
      code: 'RETURN_WRONG_STATUS',
      message: RETURN_MESSAGES.wrongStatus(ret.number, RETURN_STATUS_LABELS.requested),
    });

    const ok = await step(temaDispatch, ret.id, 'approve');
    expect(ok.statusCode, ok.body).toBe(200);
    const approvedReturn = returnDetailSchema.parse(ok.json());
    expect(approvedReturn).toMatchObject({ status: 'approved', rejectReason: null, receivedAt: null });
    expect(approvedReturn.decidedBy).toBeTruthy();
    expect(approvedReturn.decidedAt).toBeTruthy();

    for (const [action, body] of [
      ['approve', undefined],
      ['reject', { reason: 'Too late now' }],
    ] as const) {
      const again = await step(temaDispatch, ret.id, action, body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'RETURN_WRONG_STATUS',
        message: RETURN_MESSAGES.wrongStatus(ret.number, RETURN_STATUS_LABELS.approved),
      });
    }

    const received = await receivedAll(ret.id, (q) => q - 1);
    expect(received.status).toBe('received');
    expect(received.receivedAt).toBeTruthy();
    expect(received.lines.map((l) => l.receivedQuantity)).toEqual([1, 2]);
    const twice = await step(temaDispatch, ret.id, 'receive', {
      lines: received.lines.map((l) => ({ lineId: l.id, receivedQuantity: 0 })),
    });
    expect(twice.json()).toMatchObject({
      code: 'RETURN_WRONG_STATUS',
      message: RETURN_MESSAGES.wrongStatus(ret.number, RETURN_STATUS_LABELS.received),
    });
    // The buyer follows along.
    expect((await detail(ama, ret.id)).status).toBe('received');

    const events = await queryRows<{ type: string; orgIds: string[]; refs: Record<string, unknown> }>(
      t.database.db,
      sql`select type, org_ids as "orgIds", refs from events where refs->>'returnId' = ${ret.id} order by id`,
    );
    const refs = {
      returnId: ret.id,
      buyerId: org['AccraCare Pharmacy'],
      supplierId: org[TEMA],
      orderIds: [o.order.id],
      productIds: [o.productId],
    };
    expect(events).toEqual([
      { type: 'return.requested', orgIds: [org['AccraCare Pharmacy'], org[TEMA]], refs },
      {
        type: 'return.decided',
        orgIds: [org['AccraCare Pharmacy'], org[TEMA]],
        refs: { ...refs, returnStatus: 'approved' },
      },
      { type: 'return.received', orgIds: [org['AccraCare Pharmacy'], org[TEMA]], refs },
    ]);
  });

  it('needs a reason to reject, and shows it to the buyer', async () => {
    const ret = await fresh();
    const none = await step(temaStock, ret.id, 'reject', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ reason: [RETURN_MESSAGES.rejectReason] });
    const ok = await step(temaStock, ret.id, 'reject', { reason: '  Outside the return window ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await detail(ama, ret.id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Outside the return window',
    });
    expect((await step(temaStock, ret.id, 'approve')).json().code).toBe('RETURN_WRONG_STATUS');
  });

  it('refuses received quantities that miss a line, name a foreign or repeated line, or exceed the line', async () => {
    const ret = await fresh();
    expect((await step(temaDispatch, ret.id, 'approve')).statusCode).toBe(200);
    const [a, b] = (await detail(temaDispatch, ret.id)).lines;
    const cases: [object, Record<string, string[]>][] = [
      [{ lines: [{ lineId: a!.id, receivedQuantity: 1 }] }, { lines: [RETURN_MESSAGES.receivedLines] }],
      [
        {
          lines: [
            { lineId: o.order.id, receivedQuantity: 1 },
            { lineId: b!.id, receivedQuantity: 4 },
          ],
        },
        {
          'lines.0.lineId': [RETURN_MESSAGES.unknownLine],
          'lines.1.receivedQuantity': [RETURN_MESSAGES.receivedQuantity],
        },
      ],
      [
        {
          lines: [
            { lineId: a!.id, receivedQuantity: 1 },
            { lineId: a!.id, receivedQuantity: 1 },
            { lineId: b!.id, receivedQuantity: 1 },
          ],
        },
        { 'lines.1.lineId': [RETURN_MESSAGES.receivedLines] },
      ],
      [
        { lines: [{ lineId: a!.id, receivedQuantity: -1 }] },
        { 'lines.0.receivedQuantity': [RETURN_MESSAGES.receivedQuantity] },
      ],
      [{ lines: [] }, { lines: [RETURN_MESSAGES.receivedLines] }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await step(temaDispatch, ret.id, 'receive', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    expect((await detail(temaDispatch, ret.id)).status).toBe('approved');
  });
});

describe('who may see and act on a return', () => {
  let ret: { id: string };
  beforeAll(async () => {
    const o = await deliveredOrder();
    ret = await created(ama, {
      orderId: o.order.id,
      lines: [{ dropId: o.drop.id, batchNumber: 'B1', quantity: 1, reason: 'damaged' }],
    });
  });

  it('hides it from another buyer and another supplier with 404', async () => {
    for (const token of [kejetia, medilink]) {
      const res = await call('GET', `/api/returns/${ret.id}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'RETURN_NOT_FOUND', message: RETURN_MESSAGES.notFound });
    }
    expect((await step(medilink, ret.id, 'approve')).statusCode).toBe(404);
    expect((await step(medilink, ret.id, 'reject', { reason: 'Not ours' })).statusCode).toBe(404);
    const listed = returnsPageSchema.parse((await call('GET', '/api/returns', kejetia)).json());
    expect(listed.items.map((r) => r.id)).not.toContain(ret.id);
  });

  it('refuses credit staff, the platform and the buyer the supplier’s steps with 403', async () => {
    for (const token of [temaCredit, platform]) {
      expect((await call('GET', `/api/returns/${ret.id}`, token)).statusCode).toBe(403);
      expect((await call('GET', '/api/returns', token)).statusCode).toBe(403);
      expect((await step(token, ret.id, 'approve')).statusCode).toBe(403);
    }
    expect((await step(ama, ret.id, 'approve')).statusCode).toBe(403);
    expect((await step(ama, ret.id, 'receive', { lines: [] })).statusCode).toBe(403);
    expect((await detail(ama, ret.id)).status).toBe('requested');
  });

  it('lets shipping staff approve and receive', async () => {
    expect((await step(temaDispatch, ret.id, 'approve')).statusCode).toBe(200);
    expect((await receivedAll(ret.id)).status).toBe('received');
  });

  it('answers 404 for an unknown return and 400 for an id that is not one', async () => {
    const missing = await call('GET', `/api/returns/${crypto.randomUUID()}`, ama);
    expect(missing.statusCode).toBe(404);
    const bad = await call('GET', '/api/returns/not-an-id', ama);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the list of returns', () => {
  it('pages newest first for both sides, narrowed by status and by order', async () => {
    const o = await deliveredOrder();
    const ids: string[] = [];
    for (const reason of ['damaged', 'expired', 'wrong_item'] as const)
      ids.push(
        (
          await created(ama, {
            orderId: o.order.id,
            lines: [{ dropId: o.drop.id, batchNumber: 'B1', quantity: 2, reason }],
          })
        ).id,
      );
    expect((await step(temaDispatch, ids[1]!, 'approve')).statusCode).toBe(200);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/returns?orderId=${o.order.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, ama);
      expect(res.statusCode, res.body).toBe(200);
      const page = returnsPageSchema.parse(res.json());
      expect(page.total).toBe(3);
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const supplierPage = returnsPageSchema.parse(
      (await call('GET', `/api/returns?orderId=${o.order.id}&status=approved,rejected`, temaStock)).json(),
    );
    expect(supplierPage.items).toEqual([
      expect.objectContaining({
        id: ids[1],
        status: 'approved',
        quantity: 2,
        reasons: ['expired'],
        order: { id: o.order.id, number: o.order.number },
        creditAmount: null,
      }),
    ]);
    const requested = returnsPageSchema.parse(
      (await call('GET', `/api/returns?orderId=${o.order.id}&status=requested`, ama)).json(),
    );
    expect(requested.items.map((r) => r.id)).toEqual([ids[2], ids[0]]);

    const bad = await call('GET', '/api/returns?status=lost', ama);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['status']);
    const badCursor = await call('GET', '/api/returns?cursor=nonsense', ama);
    expect(badCursor.statusCode).toBe(400);
  });
});

describe('quarantine of received units', () => {
  it('keeps received units out of the lot, so an approval needing them falls short', async () => {
    const productId = await product([{ batch: 'Q1', quantity: 10, days: 300 }]);
    const waiting = await drafted(kejetia, productId, [5]);
    const order = await approved(ama, await drafted(ama, productId, [10]));
    await deliver(order, 0);
    const ret = await created(ama, {
      orderId: order.id,
      lines: [{ dropId: order.drops[0]!.id, batchNumber: 'Q1', quantity: 10, reason: 'damaged' }],
    });
    expect((await step(temaStock, ret.id, 'approve')).statusCode).toBe(200);
    expect((await receivedAll(ret.id)).lines[0]!.receivedQuantity).toBe(10);

    const lot = await queryRows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from inventory_lots where product_id = ${productId}`,
    );
    expect(lot).toEqual([{ quantity: 0 }]);
    const refused = await call('POST', `/api/orders/${waiting.id}/approve`, kejetia);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('STOCK_SHORTFALL');
  });
});
