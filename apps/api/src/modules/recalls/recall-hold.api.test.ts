import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderDetailSchema, orderSchema, type Order } from '@aduro/shared/orders';
import {
  RECALL_MESSAGES,
  recallDetailSchema,
  recallSummarySchema,
  type RecallDetail,
} from '@aduro/shared/recalls';
import { queryRows } from '../../db/client.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// docs/domain.md "Recalls": a drop holding units of a recalled batch is never dispatched or delivered.
// It is on hold until the supplier re-picks it from other batches or cancels it; the buyer confirms only
// what reached its pharmacy, and the recall's notifications say which deliveries did.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaStock: string;
let temaDispatch: string;
let temaCredit: string;
let medilink: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  // The notifications job polls often, so the wording test waits briefly on its work.
  t = await createTestApp({ jobPollingSeconds: 0.5 });
  [ama, kejetia, temaStock, temaDispatch, temaCredit, medilink] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  // Every event's jobs are finished before the database closes under them.
  await t.app.eventJobs.dispatch();
  await vi.waitFor(
    async () => {
      const [left] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from pgboss.job
            where state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (left!.n > 0) throw new Error(`${left!.n} jobs are still waiting or running`);
    },
    { timeout: 60_000, interval: 100 },
  );
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

let seq = 0;
async function product(): Promise<{ id: string; name: string }> {
  const name = `Recall hold product ${++seq}`;
  const res = await call('POST', '/api/products', temaStock, {
    name,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, name };
}

/** Tema's offer (GH₵ 10) and one lot per batch, expiring `days` from today; written in SQL. */
async function stock(productId: string, lots: { batch: string; quantity: number; days: number }[]) {
  await t.database.db.execute(sql`
    insert into offers (supplier_id, product_id, unit_price, moq) values (${org[TEMA]}, ${productId}, 10, 1)
    on conflict do nothing`);
  for (const lot of lots) {
    await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${org[TEMA]}, ${productId}, ${lot.batch}, ${inDays(lot.days)}::date, ${lot.quantity})`);
  }
}

async function released(
  buyer: string,
  productId: string,
  drops: number[],
  extra: Record<string, unknown> = {},
): Promise<Order> {
  const drafted = await call('POST', '/api/orders', buyer, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod: 'mobile_money',
    minShelfLifeDays: 0,
    ...extra,
    drops: drops.map((quantity, i) => ({
      addressName: `Branch ${i + 1}`,
      address: `${i + 1} Ring Road, Accra`,
      quantity,
    })),
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const res = await call('POST', `/api/orders/${drafted.json().id}/approve`, buyer);
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

const move = (order: Order, index: number, status: string, token = temaDispatch) =>
  call('PATCH', `/api/orders/${order.id}/drops/${order.drops[index]!.id}`, token, { status });
const repick = (order: Order, index: number, token = temaDispatch) =>
  call('POST', `/api/orders/${order.id}/drops/${order.drops[index]!.id}/repick`, token);

async function moveTo(order: Order, index: number, statuses: string[]) {
  for (const status of statuses) {
    const res = await move(order, index, status);
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function recall(productId: string, batchNumbers: string[]): Promise<RecallDetail> {
  const res = await call('POST', '/api/recalls', temaStock, {
    productId,
    batchNumbers,
    reason: 'Particles found in retained samples',
    severity: 'class_1',
  });
  expect(res.statusCode, res.body).toBe(201);
  return recallDetailSchema.parse(res.json());
}

async function detail(token: string, id: string) {
  const res = await call('GET', `/api/recalls/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return recallDetailSchema.parse(res.json());
}

async function orderOf(id: string, token = temaDispatch) {
  const res = await call('GET', `/api/orders/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return orderDetailSchema.parse(res.json());
}

const lots = (productId: string) =>
  queryRows<{ batch: string; quantity: number; quarantined: boolean }>(
    t.database.db,
    sql`select batch_number as batch, quantity, quarantined_at is not null as quarantined
        from inventory_lots where product_id = ${productId} order by batch_number`,
  );

/** The notifications a recall's event wrote, by e-mail, once the job has written them. */
async function recallNotifications(recallId: string) {
  return vi.waitFor(
    async () => {
      const rows = await queryRows<{ email: string; body: string }>(
        t.database.db,
        sql`select u.email, n.body from notifications n
            join users u on u.id = n.user_id
            join events e on e.id = n.event_id
            where e.type = 'recall.declared' and e.refs->>'recallId' = ${recallId}
            order by u.email`,
      );
      if (rows.length === 0) throw new Error('the recall has notified nobody yet');
      return rows;
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe('a drop holding a recalled batch', () => {
  let p: { id: string; name: string };
  let waiting: Order;
  let onTheWay: Order;
  let delivered: Order;
  let declared: RecallDetail;
  let notified: { email: string; body: string }[];

  beforeAll(async () => {
    p = await product();
    await stock(p.id, [
      { batch: 'H1', quantity: 100, days: 200 },
      { batch: 'H2', quantity: 100, days: 400 },
    ]);
    // First expiry first out: every unit below comes from H1.
    waiting = await released(kejetia, p.id, [20]);
    onTheWay = await released(ama, p.id, [10, 10]);
    await moveTo(onTheWay, 0, ['Shipped', 'Out for Delivery']);
    await moveTo(onTheWay, 1, ['Shipped']);
    delivered = await released(ama, p.id, [5]);
    await moveTo(delivered, 0, ['Shipped', 'Out for Delivery', 'Delivered']);
    declared = await recall(p.id, ['H1']);
    // The notifications read the drops as they stand, so they are written before any drop moves on.
    notified = await recallNotifications(declared.id);
  });

  const refusal = (order: Order, index: number, status: string, to: string) => ({
    code: 'DROP_HOLDS_RECALLED_BATCH',
    message: RECALL_MESSAGES.dropOnHold(
      { sequence: order.drops[index]!.sequence, orderNumber: order.number, status },
      declared.number,
      ['H1'],
      to,
    ),
    details: { recallId: declared.id, recallNumber: declared.number, batchNumbers: 'H1' },
  });

  it('cannot ship while awaiting dispatch: 409 naming the recall and the batch, and nothing changes', async () => {
    const before = await orderOf(waiting.id);
    const res = await move(waiting, 0, 'Shipped');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject(refusal(waiting, 0, 'Awaiting Dispatch', 'Shipped'));
    expect(res.json().message).toContain('Re-pick it from your other batches or cancel it.');
    const after = await orderOf(waiting.id);
    expect(after.drops[0]).toMatchObject({
      status: 'Awaiting Dispatch',
      trackingNumber: null,
      shippedAt: null,
    });
    expect(after.history).toEqual(before.history);
  });

  it('cannot go out for delivery once shipped', async () => {
    const res = await move(onTheWay, 1, 'Out for Delivery');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject(refusal(onTheWay, 1, 'Shipped', 'Out for Delivery'));
    expect(res.json().message).toContain('Cancel it to bring the packs back.');
    expect((await orderOf(onTheWay.id)).drops[1]!.status).toBe('Shipped');
  });

  it('cannot be marked delivered while out for delivery', async () => {
    const res = await move(onTheWay, 0, 'Delivered');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject(refusal(onTheWay, 0, 'Out for Delivery', 'Delivered'));
    const drop = (await orderOf(onTheWay.id)).drops[0]!;
    expect(drop).toMatchObject({ status: 'Out for Delivery', deliveredAt: null });
  });

  it('shows on its order with the recall, the batch and the units it holds', async () => {
    const drop = (await orderOf(waiting.id, kejetia)).drops[0]!;
    expect(drop.recalls).toEqual([
      expect.objectContaining({ id: declared.id, number: declared.number, batchNumbers: ['H1'], units: 20 }),
    ]);
  });

  it('counts the held drops apart from the delivered one the buyer must confirm', async () => {
    expect(await detail(temaStock, declared.id)).toMatchObject({
      affectedDrops: 4,
      heldDrops: 3,
      awaitingDrops: 1,
      acknowledgedDrops: 0,
      repickedDrops: 0,
    });
  });

  it('tells a buyer whose deliveries were all held that the supplier holds them, never that they reached it', () => {
    const buyer = notified.find((n) => n.email === 'buyer@kejetia-health.demo')!;
    expect(buyer.body).not.toContain('reached your pharmacy');
    expect(buyer.body).toContain(
      'One delivery of it not yet delivered to you is held by the supplier: it will not reach you with this ' +
        'batch, and will be replaced with another batch or cancelled.',
    );
  });

  it('tells a buyer which of its deliveries reached its pharmacy and which the supplier holds', () => {
    const buyer = notified.find((n) => n.email === 'buyer@accracare.demo')!;
    expect(buyer.body).toContain(
      'One of your deliveries reached your pharmacy with it: take it off the shelf, quarantine it and confirm on the recall.',
    );
    expect(buyer.body).toContain('2 deliveries of it not yet delivered to you are held by the supplier');
  });

  it('tells the supplier’s staff which drops are on hold on the shipping board', () => {
    const dispatch = notified.find((n) => n.email === 'dispatch@tema-pharma.demo')!;
    expect(dispatch.body).toContain(
      '3 undelivered drops hold it and are on hold on your shipping board: re-pick or cancel them.',
    );
  });

  it('refuses the buyer’s acknowledgement of an undelivered drop with 409, and takes the delivered one', async () => {
    const url = (order: Order) => `/api/recalls/${declared.id}/drops/${order.drops[0]!.id}/acknowledge`;
    const held = await call('POST', url(waiting), kejetia);
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json()).toMatchObject({
      code: 'DROP_NOT_DELIVERED',
      message: RECALL_MESSAGES.notDelivered(waiting.number, 1),
    });
    const [written] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from recall_acknowledgements where recall_id = ${declared.id}`,
    );
    expect(written!.n).toBe(0);
    const done = await call('POST', url(delivered), ama);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().acknowledgedAt).not.toBeNull();
  });

  it('re-picks only a drop awaiting dispatch: one on its way answers 409', async () => {
    const res = await repick(onTheWay, 1);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'DROP_NOT_AWAITING_DISPATCH',
      message: RECALL_MESSAGES.repickNotAwaiting(2, onTheWay.number, 'Shipped'),
    });
  });

  it('can be cancelled on its way: its units go back to the recalled lot, which stays quarantined and unsold', async () => {
    const before = (await lots(p.id)).find((l) => l.batch === 'H1')!;
    const res = await move(onTheWay, 1, 'Cancelled');
    expect(res.statusCode, res.body).toBe(200);
    expect((await lots(p.id)).find((l) => l.batch === 'H1')).toEqual({
      batch: 'H1',
      quantity: before.quantity + 10,
      quarantined: true,
    });
    // The marketplace offers H2 alone; the trace no longer lists the drop.
    const catalogue = await call('GET', `/api/suppliers/${org[TEMA]}/products`, ama);
    expect(catalogue.json().find((i: { productId: string }) => i.productId === p.id)?.quantity).toBe(100);
    const trace = (await detail(temaStock, declared.id)).trace;
    expect(trace.map((r) => r.dropId)).not.toContain(onTheWay.drops[1]!.id);
  });
});

describe('re-picking a held drop', () => {
  it('moves its recalled units back to quarantine and fills it first expiry first out, at the price invoiced', async () => {
    const p = await product();
    await stock(p.id, [
      { batch: 'R1', quantity: 30, days: 100 },
      { batch: 'R2', quantity: 50, days: 300 },
      { batch: 'R3', quantity: 20, days: 200 },
    ]);
    const order = await released(ama, p.id, [30]);
    expect(order.drops[0]!.batches.map((b) => b.batchNumber)).toEqual(['R1']);
    const declared = await recall(p.id, ['R1']);
    // The price and the offer change after approval: the re-pick keeps what was invoiced.
    await t.database.db.execute(sql`update offers set unit_price = 12.5 where product_id = ${p.id}`);

    const res = await repick(order, 0);
    expect(res.statusCode, res.body).toBe(200);
    const after = orderSchema.parse(res.json());
    expect(after.drops[0]).toMatchObject({
      status: 'Awaiting Dispatch',
      quantity: 30,
      recalls: [],
      batches: [
        { batchNumber: 'R3', expiryDate: inDays(200), quantity: 20 },
        { batchNumber: 'R2', expiryDate: inDays(300), quantity: 10 },
      ],
    });
    expect(after).toMatchObject({
      unitPrice: order.unitPrice,
      totalCost: order.totalCost,
      invoice: { id: order.invoice!.id, amount: order.invoice!.amount },
    });
    expect(await lots(p.id)).toEqual([
      { batch: 'R1', quantity: 30, quarantined: true },
      { batch: 'R2', quantity: 40, quarantined: false },
      { batch: 'R3', quantity: 0, quarantined: false },
    ]);

    // The trace no longer lists the drop as holding the batch; it is listed as re-picked, for both sides.
    const seen = await detail(temaStock, declared.id);
    expect(seen.trace).toEqual([]);
    expect(seen).toMatchObject({ affectedDrops: 0, repickedDrops: 1 });
    expect(seen.repicked).toEqual([
      expect.objectContaining({
        orderId: order.id,
        dropId: order.drops[0]!.id,
        units: 30,
        status: 'Awaiting Dispatch',
        batches: after.drops[0]!.batches,
      }),
    ]);
    const buyers = await call('GET', '/api/recalls', ama);
    const summary = buyers
      .json()
      .map((r: unknown) => recallSummarySchema.parse(r))
      .find((r: { id: string }) => r.id === declared.id);
    expect(summary).toMatchObject({ affectedDrops: 0, repickedDrops: 1 });
    expect((await detail(ama, declared.id)).repicked.map((r) => r.dropId)).toEqual([order.drops[0]!.id]);

    // The history says who re-picked what, and the change is one drop.moved for both sides and buyers.
    const history = (await orderOf(order.id)).history.at(-1)!;
    expect(history).toMatchObject({
      dropSequence: 1,
      fromStatus: 'Awaiting Dispatch',
      toStatus: 'Awaiting Dispatch',
      note: `Re-picked under recall ${declared.number}: 30 units of batch R1 back to quarantine, replaced with batch R3 × 20, R2 × 10`,
    });
    const [event] = await queryRows<{ orgIds: string[]; audience: string[]; refs: Record<string, unknown> }>(
      t.database.db,
      sql`select org_ids as "orgIds", audience, refs from events
          where type = 'drop.moved' and refs->>'dropId' = ${order.drops[0]!.id} order by id desc limit 1`,
    );
    expect([...event!.orgIds].sort()).toEqual([org[TEMA], org['AccraCare Pharmacy']].sort());
    expect(event!.audience).toEqual(['customer']);
    expect(event!.refs).toMatchObject({ recallId: declared.id, orderIds: [order.id] });
    // The supplier's trail tells the re-pick, not a move to where the drop already was.
    const trail = await call(
      'GET',
      '/api/activity?type=drop.moved&limit=5',
      await t.login('admin@tema-pharma.demo', 'supplier'),
    );
    expect(trail.statusCode, trail.body).toBe(200);
    expect((trail.json() as { items: { description: string }[] }).items[0]!.description).toContain(
      `re-picked drop 1 of order ${order.number} from another batch, off the recalled one`,
    );

    // Re-picked, it ships.
    const shipped = await move(order, 0, 'Shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
    // A second re-pick finds nothing recalled left.
    const again = await repick(order, 0);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('DROP_NOT_AWAITING_DISPATCH');
  });

  it('keeps the order’s minimum shelf life, refusing with what is available when too little qualifies', async () => {
    const p = await product();
    await stock(p.id, [
      { batch: 'S1', quantity: 30, days: 500 },
      // Too short-dated for 200 days left at delivery, though it expires first.
      { batch: 'S2', quantity: 50, days: 150 },
      { batch: 'S3', quantity: 10, days: 600 },
    ]);
    const order = await released(ama, p.id, [30], { minShelfLifeDays: 200 });
    expect(order.drops[0]!.batches.map((b) => b.batchNumber)).toEqual(['S1']);
    await recall(p.id, ['S1']);

    const short = await repick(order, 0);
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'SHELF_LIFE_SHORTFALL',
      details: { available: '10', needed: '30', minShelfLifeDays: '200' },
    });
    expect(short.json().message).toMatch(
      new RegExp(
        `^${TEMA} has 10 units of ${p.name} outside the recalled batches with at least 200 days left`,
      ),
    );
    // Nothing was written.
    expect((await orderOf(order.id)).drops[0]!.batches.map((b) => b.batchNumber)).toEqual(['S1']);
    expect(await lots(p.id)).toEqual([
      { batch: 'S1', quantity: 0, quarantined: true },
      { batch: 'S2', quantity: 50, quarantined: false },
      { batch: 'S3', quantity: 10, quarantined: false },
    ]);

    await stock(p.id, [{ batch: 'S4', quantity: 25, days: 700 }]);
    const res = await repick(order, 0);
    expect(res.statusCode, res.body).toBe(200);
    expect(orderSchema.parse(res.json()).drops[0]!.batches).toEqual([
      { batchNumber: 'S3', expiryDate: inDays(600), quantity: 10 },
      { batchNumber: 'S4', expiryDate: inDays(700), quantity: 20 },
    ]);
  });

  it('answers 409 with the units available when the other batches cannot cover the drop', async () => {
    const p = await product();
    await stock(p.id, [
      { batch: 'N1', quantity: 20, days: 100 },
      { batch: 'N2', quantity: 5, days: 300 },
      // Expired stock is never a replacement.
      { batch: 'N3', quantity: 40, days: -1 },
    ]);
    const order = await released(ama, p.id, [20]);
    await recall(p.id, ['N1']);
    const res = await repick(order, 0);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STOCK_SHORTFALL',
      message: RECALL_MESSAGES.repickShortfall(TEMA, p.name, 5, 20, 1),
      details: { available: '5', needed: '20' },
    });
    expect((await lots(p.id)).find((l) => l.batch === 'N2')!.quantity).toBe(5);
  });

  it('answers 409 for a drop holding no recalled units', async () => {
    const p = await product();
    await stock(p.id, [{ batch: 'C1', quantity: 20, days: 100 }]);
    const order = await released(ama, p.id, [10]);
    const res = await repick(order, 0);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'DROP_NOT_RECALLED',
      message: RECALL_MESSAGES.repickNothingRecalled(1, order.number),
    });
  });

  it('answers 404 to another supplier and 403 to staff who may not move drops', async () => {
    const p = await product();
    await stock(p.id, [
      { batch: 'W1', quantity: 20, days: 100 },
      { batch: 'W2', quantity: 20, days: 300 },
    ]);
    const order = await released(ama, p.id, [10]);
    await recall(p.id, ['W1']);
    const other = await repick(order, 0, medilink);
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().code).toBe('ORDER_NOT_FOUND');
    for (const token of [temaCredit, temaStock, ama]) {
      expect((await repick(order, 0, token)).statusCode).toBe(403);
    }
    expect((await orderOf(order.id)).drops[0]!.batches.map((b) => b.batchNumber)).toEqual(['W1']);
    const unknownDrop = await call(
      'POST',
      `/api/orders/${order.id}/drops/00000000-0000-4000-8000-000000000000/repick`,
      temaDispatch,
    );
    expect(unknownDrop.statusCode).toBe(404);
    expect(unknownDrop.json().code).toBe('DROP_NOT_FOUND');
  });
});
