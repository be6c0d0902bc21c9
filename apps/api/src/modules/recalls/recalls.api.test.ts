import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Order } from '@aduro/shared/orders';
import {
  RECALL_MESSAGES,
  recallDetailSchema,
  recallSummarySchema,
  recallTraceRowSchema,
  type RecallDetail,
} from '@aduro/shared/recalls';
import type { SessionUser } from '@aduro/shared/auth';
import { queryRows } from '../../db/client.ts';
import { findEvents } from '../events/events.repository.ts';
import { concerns, liveData } from '../events/events.service.ts';
import { orgOf } from '../../test/authorisation-matrix.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// docs/domain.md "Recalls": declaring a recall, its trace, quarantine at approval, acknowledgements,
// notifications, and who may see what.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaStock: string;
let temaAdmin: string;
let temaDispatch: string;
let temaCredit: string;
let medilink: string;
let platform: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const ACCRACARE = 'AccraCare Pharmacy';
let KEJETIA = '';
let MEDILINK = '';
let PLATFORM = '';

beforeAll(async () => {
  // The notifications job polls often, so the notification tests wait briefly on its work.
  t = await createTestApp({ jobPollingSeconds: 0.5 });
  [ama, kejetia, temaStock, temaAdmin, temaDispatch, temaCredit, medilink, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
  KEJETIA = (await orgOf(t, 'buyer@kejetia-health.demo')).orgId;
  MEDILINK = (await orgOf(t, 'admin@accra-medilink.demo')).orgId;
  PLATFORM = (await orgOf(t, 'admin@aduro.demo')).orgId;
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  // Every event's jobs (notifications, their e-mails) are sent and finished before the database closes
  // under them.
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
  const failed = await queryRows<{ name: string; output: unknown }>(
    t.database.db,
    sql`select name, output from pgboss.job where state = 'failed'`,
  );
  expect(failed).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, authorization?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A fresh catalogue product, offered by nobody yet. */
async function product(): Promise<{ id: string; name: string }> {
  const name = `Recall test product ${++seq}`;
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

/**
 * Lots of a product for a supplier, by batch: the offer (GH₵ 10) and one lot per batch with its
 * expiry in days from today. Written in SQL so the set-up depends on no sync form.
 */
async function stock(
  supplierId: string,
  productId: string,
  lots: { batch: string; quantity: number; days: number }[],
) {
  await t.database.db.execute(sql`
    insert into offers (supplier_id, product_id, unit_price, moq) values (${supplierId}, ${productId}, 10, 1)
    on conflict do nothing`);
  for (const lot of lots) {
    await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${supplierId}, ${productId}, ${lot.batch}, ${inDays(lot.days)}::date, ${lot.quantity})`);
  }
}

async function drafted(buyer: string, sellerId: string, productId: string, drops: number[]): Promise<Order> {
  const res = await call('POST', '/api/orders', buyer, {
    sellerId,
    productId,
    paymentTermMethod: 'mobile_money',
    drops: drops.map((quantity, i) => ({
      addressName: `Branch ${i + 1}`,
      address: `${i + 1} Ring Road, Accra`,
      contactName: 'Efua Owusu',
      contactPhone: '+233 20 111 2222',
      quantity,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

async function released(buyer: string, sellerId: string, productId: string, drops: number[]) {
  const order = await drafted(buyer, sellerId, productId, drops);
  const res = await call('POST', `/api/orders/${order.id}/approve`, buyer);
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

const body = (productId: string, batchNumbers: unknown, over: Record<string, unknown> = {}) => ({
  productId,
  batchNumbers,
  reason: 'Dissolution test failed at the manufacturer',
  severity: 'class_2',
  ...over,
});

async function recall(token: string, productId: string, batchNumbers: string[]): Promise<RecallDetail> {
  const res = await call('POST', '/api/recalls', token, body(productId, batchNumbers));
  expect(res.statusCode, res.body).toBe(201);
  return recallDetailSchema.parse(res.json());
}

async function detail(token: string, id: string) {
  const res = await call('GET', `/api/recalls/${id}`, token);
  return {
    status: res.statusCode,
    body: res.statusCode === 200 ? recallDetailSchema.parse(res.json()) : res.json(),
  };
}

async function listed(token: string) {
  const res = await call('GET', '/api/recalls', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().map((r: unknown) => recallSummarySchema.parse(r));
}

const recallCount = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from recalls`))[0]!.n;
const quarantined = async (productId: string) =>
  queryRows<{ batch: string; supplierId: string; quantity: number; quarantined: boolean }>(
    t.database.db,
    sql`select batch_number as batch, supplier_id as "supplierId", quantity, quarantined_at is not null as quarantined
        from inventory_lots where product_id = ${productId} order by supplier_id, batch_number`,
  );
const declaredEvent = async (recallId: string) =>
  (
    await queryRows<{ id: number; orgIds: string[]; audience: string[]; refs: Record<string, unknown> }>(
      t.database.db,
      sql`select id::int, org_ids as "orgIds", audience, refs from events
          where type = 'recall.declared' and refs->>'recallId' = ${recallId}`,
    )
  )[0]!;

describe('a supplier recalling a batch', () => {
  let p: { id: string; name: string };
  let amaOrder: Order;
  let kejetiaOrder: Order;
  let declared: RecallDetail;

  beforeAll(async () => {
    p = await product();
    await stock(org[TEMA]!, p.id, [
      { batch: 'B1', quantity: 100, days: 300 },
      { batch: 'B2', quantity: 100, days: 400 },
    ]);
    // First expiry first out: every unit below comes from B1.
    amaOrder = await released(ama, org[TEMA]!, p.id, [30, 20]);
    kejetiaOrder = await released(kejetia, org[TEMA]!, p.id, [40]);
    // Delivered before the recall: a pharmacy confirms only what reached it (ama's drop is still held).
    for (const status of ['Shipped', 'Out for Delivery', 'Delivered']) {
      const moved = await call(
        'PATCH',
        `/api/orders/${kejetiaOrder.id}/drops/${kejetiaOrder.drops[0]!.id}`,
        temaDispatch,
        { status },
      );
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const cancelled = await call(
      'PATCH',
      `/api/orders/${amaOrder.id}/drops/${amaOrder.drops[1]!.id}`,
      temaDispatch,
      {
        status: 'Cancelled',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    declared = await recall(temaStock, p.id, ['b1']);
  });

  it('quarantines the batch’s lots with the units they hold, and leaves the other batch on sale', async () => {
    expect(declared.number).toMatch(new RegExp(`^RC-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(declared).toMatchObject({
      product: { id: p.id, name: p.name },
      supplier: { id: org[TEMA], name: TEMA },
      batchNumbers: ['B1'],
      severity: 'class_2',
      declaredBy: { organisationName: TEMA },
      unitsQuarantined: 30,
    });
    expect(declared.lots).toEqual([
      expect.objectContaining({ supplierName: TEMA, batchNumber: 'B1', unitsHeld: 30, unitsNow: 30 }),
    ]);
    expect(await quarantined(p.id)).toEqual([
      { batch: 'B1', supplierId: org[TEMA], quantity: 30, quarantined: true },
      { batch: 'B2', supplierId: org[TEMA], quantity: 100, quarantined: false },
    ]);
  });

  it('traces every drop still holding the batch across buyers, leaving out the cancelled drop', async () => {
    expect(
      declared.trace
        .map((r) => [r.buyer.id, r.orderNumber, r.dropSequence, r.units, r.acknowledgedAt])
        .sort(),
    ).toEqual(
      [
        [org[ACCRACARE], amaOrder.number, 1, 30, null],
        [KEJETIA, kejetiaOrder.number, 1, 40, null],
      ].sort(),
    );
    const row = declared.trace.find((r) => r.orderId === amaOrder.id)!;
    expect(row).toMatchObject({
      seller: { id: org[TEMA], name: TEMA },
      addressName: 'Branch 1',
      address: '1 Ring Road, Accra',
      contactName: 'Efua Owusu',
      contactPhone: '+233 20 111 2222',
      batches: [{ batchNumber: 'B1', expiryDate: inDays(300), quantity: 30 }],
      status: 'Awaiting Dispatch',
      shippedAt: null,
      deliveredAt: null,
    });
    expect(declared).toMatchObject({ affectedDrops: 2, acknowledgedDrops: 0 });
  });

  it('shows each buyer only its own deliveries, and no lots', async () => {
    const mine = await detail(ama, declared.id);
    expect(mine.status).toBe(200);
    expect((mine.body as RecallDetail).trace.map((r) => r.orderId)).toEqual([amaOrder.id]);
    expect(mine.body).toMatchObject({ lots: [], affectedDrops: 1, unitsQuarantined: 0 });
    const theirs = (await detail(kejetia, declared.id)).body as RecallDetail;
    expect(theirs.trace.map((r) => r.orderId)).toEqual([kejetiaOrder.id]);
    expect((await listed(ama)).map((r: { id: string }) => r.id)).toContain(declared.id);
  });

  it('records recall.declared for the supplier and every buyer still holding units, heard by all customers and the platform', async () => {
    const event = await declaredEvent(declared.id);
    expect([...event.orgIds].sort()).toEqual([org[TEMA], org[ACCRACARE], KEJETIA].sort());
    expect(event.audience).toEqual(['customer', 'platform']);
    expect(event.refs).toEqual({ recallId: declared.id, productIds: [p.id], supplierId: org[TEMA] });

    // The live stream's filter: the organisations named hear it with the recall's id; another supplier
    // does not hear it; a customer it did not reach hears only which supplier's product changed.
    const [feedEvent] = await findEvents(t.database.db, [event.id]);
    const caller = (orgId: string, userType: 'customer' | 'supplier') =>
      ({ id: '00000000-0000-4000-8000-000000000001', orgId, userType }) as SessionUser;
    for (const orgId of [org[TEMA]!, org[ACCRACARE]!, KEJETIA]) {
      const who = caller(orgId, orgId === org[TEMA] ? 'supplier' : 'customer');
      expect(concerns(who, feedEvent!)).toBe(true);
      expect(liveData(who, feedEvent!).refs.recallId).toBe(declared.id);
    }
    expect(concerns(caller(MEDILINK, 'supplier'), feedEvent!)).toBe(false);
    const stranger = caller('00000000-0000-4000-8000-000000000002', 'customer');
    expect(concerns(stranger, feedEvent!)).toBe(true);
    expect(liveData(stranger, feedEvent!).refs).toEqual({ supplierId: org[TEMA], productIds: [p.id] });
  });

  it('notifies the buyers’ users and the supplier’s stock-holding users, with the class and a link', async () => {
    const event = await declaredEvent(declared.id);
    const sent = await vi.waitFor(
      async () => {
        const rows = await queryRows<{ email: string; title: string; body: string; link: string }>(
          t.database.db,
          sql`select u.email, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id
              where n.event_id = ${event.id} order by u.email`,
        );
        if (rows.length === 0) throw new Error('the recall has notified nobody yet');
        return rows;
      },
      { timeout: 30_000, interval: 100 },
    );
    // The InventoryManager declared it and is not told of their own act; the CreditApprover holds no stock.
    expect(sent.map((s) => s.email)).toEqual(
      [
        'admin@tema-pharma.demo',
        'buyer@accracare.demo',
        'buyer@kejetia-health.demo',
        'dispatch@tema-pharma.demo',
        'procurement@accracare.demo',
      ].sort(),
    );
    for (const s of sent) {
      expect(s.title).toBe(`Recall ${declared.number}: ${p.name} batch B1`);
      expect(s.body).toContain('Class II');
      expect(s.link).toBe(
        s.email.endsWith('tema-pharma.demo')
          ? `/supplier?tab=recalls&recall=${declared.id}`
          : `/customer/orders?recall=${declared.id}`,
      );
    }
  });

  it('refuses a second recall of the same batch with 409 naming the first', async () => {
    const before = await recallCount();
    const res = await call('POST', '/api/recalls', temaAdmin, body(p.id, ['B1']));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'BATCHES_ALREADY_RECALLED',
      message: RECALL_MESSAGES.alreadyRecalled(declared.number),
    });
    expect(await recallCount()).toBe(before);
  });

  describe('acknowledging', () => {
    it('records the buyer’s acknowledgement once: a second call keeps the first time and person', async () => {
      const url = `/api/recalls/${declared.id}/drops/${kejetiaOrder.drops[0]!.id}/acknowledge`;
      const first = await call('POST', url, kejetia);
      expect(first.statusCode, first.body).toBe(200);
      const row = recallTraceRowSchema.parse(first.json());
      expect(row.dropId).toBe(kejetiaOrder.drops[0]!.id);
      expect(row.acknowledgedAt).not.toBeNull();
      expect(row.acknowledgedBy).toBeTruthy();
      const again = await call('POST', url, kejetia);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        acknowledgedAt: row.acknowledgedAt,
        acknowledgedBy: row.acknowledgedBy,
      });
      const events = await queryRows<{ orgIds: string[]; refs: Record<string, unknown> }>(
        t.database.db,
        sql`select org_ids as "orgIds", refs from events
            where type = 'recall.acknowledged' and refs->>'recallId' = ${declared.id}`,
      );
      expect(events).toHaveLength(1);
      expect([...events[0]!.orgIds].sort()).toEqual([org[TEMA], KEJETIA].sort());
      expect(events[0]!.refs).toMatchObject({ dropId: row.dropId, orderIds: [kejetiaOrder.id] });
      expect((await detail(temaAdmin, declared.id)).body).toMatchObject({
        affectedDrops: 2,
        acknowledgedDrops: 1,
      });
    });

    it('notifies the supplier that the buyer quarantined the delivery', async () => {
      const [event] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id::int from events where type = 'recall.acknowledged' and refs->>'recallId' = ${declared.id}`,
      );
      const sent = await vi.waitFor(
        async () => {
          const rows = await queryRows<{ email: string; title: string }>(
            t.database.db,
            sql`select u.email, n.title from notifications n join users u on u.id = n.user_id
                where n.event_id = ${event!.id} order by u.email`,
          );
          if (rows.length === 0) throw new Error('the acknowledgement has notified nobody yet');
          return rows;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(sent.map((s) => s.email)).toEqual([
        'admin@tema-pharma.demo',
        'dispatch@tema-pharma.demo',
        'stock@tema-pharma.demo',
      ]);
      expect(sent[0]!.title).toContain(`quarantined ${declared.number} at Branch 1`);
    });

    it('answers 404 for another buyer’s drop and 409 for a drop of the caller the recall did not reach', async () => {
      const other = await call(
        'POST',
        `/api/recalls/${declared.id}/drops/${kejetiaOrder.drops[0]!.id}/acknowledge`,
        ama,
      );
      expect(other.statusCode, other.body).toBe(404);
      expect(other.json().code).toBe('DROP_NOT_FOUND');
      const cancelled = await call(
        'POST',
        `/api/recalls/${declared.id}/drops/${amaOrder.drops[1]!.id}/acknowledge`,
        ama,
      );
      expect(cancelled.statusCode, cancelled.body).toBe(409);
      expect(cancelled.json()).toMatchObject({
        code: 'DROP_NOT_RECALLED',
        message: RECALL_MESSAGES.dropNotAffected,
      });
      const supplier = await call(
        'POST',
        `/api/recalls/${declared.id}/drops/${amaOrder.drops[0]!.id}/acknowledge`,
        temaAdmin,
      );
      expect(supplier.statusCode).toBe(403);
    });
  });
});

describe('quarantine at approval', () => {
  let p: { id: string; name: string };
  let declared: RecallDetail;
  let onlyFromRecalled: Order;
  let fromOther: Order;

  beforeAll(async () => {
    p = await product();
    await stock(org[TEMA]!, p.id, [
      { batch: 'Q1', quantity: 50, days: 200 },
      { batch: 'Q2', quantity: 30, days: 400 },
    ]);
    onlyFromRecalled = await drafted(ama, org[TEMA]!, p.id, [60]);
    fromOther = await drafted(ama, org[TEMA]!, p.id, [20]);
    declared = await recall(temaStock, p.id, ['Q1']);
  });

  it('refuses with 409 BATCH_RECALLED naming the recall when only the recalled batch could fill the order', async () => {
    const res = await call('POST', `/api/orders/${onlyFromRecalled.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'BATCH_RECALLED',
      message: RECALL_MESSAGES.blocksApproval(declared.number, p.name, ['Q1'], 30, 60),
    });
  });

  it('approves an order the other batch can fill, taking only that batch', async () => {
    const res = await call('POST', `/api/orders/${fromOther.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(200);
    const taken = await queryRows<{ batch: string; quantity: number }>(
      t.database.db,
      sql`select l.batch_number as batch, a.quantity from drop_allocations a
          join order_drops d on d.id = a.drop_id join inventory_lots l on l.id = a.lot_id
          where d.order_id = ${fromOther.id}`,
    );
    expect(taken).toEqual([{ batch: 'Q2', quantity: 20 }]);
    expect(await quarantined(p.id)).toEqual([
      { batch: 'Q1', supplierId: org[TEMA], quantity: 50, quarantined: true },
      { batch: 'Q2', supplierId: org[TEMA], quantity: 10, quarantined: false },
    ]);
  });

  it('still answers STOCK_SHORTFALL when the recalled units would not have been enough either', async () => {
    const big = await drafted(ama, org[TEMA]!, p.id, [100]);
    const res = await call('POST', `/api/orders/${big.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('STOCK_SHORTFALL');
  });
});

describe('a platform recall', () => {
  it('covers every supplier’s lots of the batch, each supplier seeing its own share', async () => {
    const p = await product();
    await stock(org[TEMA]!, p.id, [{ batch: 'P1', quantity: 40, days: 300 }]);
    await stock(MEDILINK, p.id, [
      { batch: 'P1', quantity: 25, days: 250 },
      // Expiring later, so first expiry first out takes P1 for the order below.
      { batch: 'P9', quantity: 10, days: 350 },
    ]);
    const temaOrder = await released(ama, org[TEMA]!, p.id, [10]);
    const medilinkOrder = await released(kejetia, MEDILINK, p.id, [5]);

    const declared = await recall(platform, p.id, ['P1']);
    expect(declared).toMatchObject({ supplier: null, unitsQuarantined: 50, affectedDrops: 2 });
    expect(declared.lots.map((l) => [l.batchNumber, l.unitsHeld]).sort()).toEqual([
      ['P1', 20],
      ['P1', 30],
    ]);
    expect(
      (await quarantined(p.id))
        .filter((l) => l.quarantined)
        .map((l) => l.supplierId)
        .sort(),
    ).toEqual([org[TEMA], MEDILINK].sort());

    const tema = (await detail(temaAdmin, declared.id)).body as RecallDetail;
    expect(tema.lots.map((l) => l.supplierName)).toEqual([TEMA]);
    expect(tema.trace.map((r) => r.orderId)).toEqual([temaOrder.id]);
    expect(tema).toMatchObject({ unitsQuarantined: 30, affectedDrops: 1 });
    const theirs = (await detail(medilink, declared.id)).body as RecallDetail;
    expect(theirs.trace.map((r) => r.orderId)).toEqual([medilinkOrder.id]);
    expect(theirs).toMatchObject({ unitsQuarantined: 20, affectedDrops: 1 });

    const event = await declaredEvent(declared.id);
    expect([...event.orgIds].sort()).toEqual([org[TEMA], MEDILINK, org[ACCRACARE], KEJETIA, PLATFORM].sort());
    // Each supplier named, so every one's cached catalogue is dropped (marketplace-tags.ts).
    expect(event.refs).toMatchObject({ recallId: declared.id, productIds: [p.id] });
    expect([...(event.refs.supplierIds as string[])].sort()).toEqual([org[TEMA], MEDILINK].sort());
  });
});

describe('validation', () => {
  let p: { id: string; name: string };
  beforeAll(async () => {
    p = await product();
    await stock(org[TEMA]!, p.id, [{ batch: 'V1', quantity: 10, days: 300 }]);
  });

  it.each([
    [
      'a batch no lot has',
      body('', ['V1', 'NOPE']),
      'batchNumbers',
      () => RECALL_MESSAGES.unknownBatches(['NOPE'], p.name),
    ],
    ['no batches', body('', []), 'batchNumbers', () => RECALL_MESSAGES.batchesRequired],
    ['a short reason', body('', ['V1'], { reason: 'bad' }), 'reason', () => RECALL_MESSAGES.reasonRequired],
    [
      'an unknown class',
      body('', ['V1'], { severity: 'class_9' }),
      'severity',
      () => RECALL_MESSAGES.severityRequired,
    ],
  ])('refuses %s with a field error and writes nothing', async (_what, payload, field, message) => {
    const before = await recallCount();
    const res = await call('POST', '/api/recalls', temaStock, { ...payload, productId: p.id });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fieldErrors[field]).toEqual([message()]);
    expect(await recallCount()).toBe(before);
    expect((await quarantined(p.id)).every((l) => !l.quarantined)).toBe(true);
  });

  it('answers 404 PRODUCT_NOT_FOUND for a product that does not exist', async () => {
    const res = await call(
      'POST',
      '/api/recalls',
      temaStock,
      body('00000000-0000-4000-8000-000000000000', ['V1']),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('who may see and do what', () => {
  let p: { id: string; name: string };
  let declared: RecallDetail;
  let amaOrder: Order;

  beforeAll(async () => {
    p = await product();
    await stock(org[TEMA]!, p.id, [{ batch: 'T1', quantity: 50, days: 300 }]);
    amaOrder = await released(ama, org[TEMA]!, p.id, [15]);
    declared = await recall(temaAdmin, p.id, ['T1']);
  });

  it('answers 401 to an anonymous caller on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/recalls'],
      ['GET', `/api/recalls/${declared.id}`],
      ['POST', '/api/recalls'],
      ['POST', `/api/recalls/${declared.id}/drops/${amaOrder.drops[0]!.id}/acknowledge`],
    ] as const) {
      const res = await call(method, url, undefined, method === 'POST' ? body(p.id, ['T1']) : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets the supplier’s users read it whatever their role, and only inventory staff declare', async () => {
    for (const token of [temaAdmin, temaStock, temaDispatch, temaCredit]) {
      expect((await listed(token)).map((r: { id: string }) => r.id)).toContain(declared.id);
      expect((await detail(token, declared.id)).status).toBe(200);
    }
    const res = await call('POST', '/api/recalls', temaCredit, body(p.id, ['T1']));
    expect(res.statusCode).toBe(403);
  });

  it('hides it from another supplier, who cannot recall the first supplier’s batch either', async () => {
    const seen = await detail(medilink, declared.id);
    expect(seen.status).toBe(404);
    expect(seen.body).toMatchObject({ code: 'RECALL_NOT_FOUND' });
    expect((await listed(medilink)).map((r: { id: string }) => r.id)).not.toContain(declared.id);
    const other = await product();
    await stock(org[TEMA]!, other.id, [{ batch: 'T2', quantity: 5, days: 300 }]);
    const res = await call('POST', '/api/recalls', medilink, body(other.id, ['T2']));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors.batchNumbers).toEqual([RECALL_MESSAGES.unknownBatches(['T2'], other.name)]);
    expect((await quarantined(other.id)).every((l) => !l.quarantined)).toBe(true);
  });

  it('shows it to the affected buyer and hides it from an unaffected one', async () => {
    expect((await detail(ama, declared.id)).status).toBe(200);
    expect((await listed(ama)).map((r: { id: string }) => r.id)).toContain(declared.id);
    const hidden = await detail(kejetia, declared.id);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ code: 'RECALL_NOT_FOUND' });
    expect((await listed(kejetia)).map((r: { id: string }) => r.id)).not.toContain(declared.id);
    const ack = await call(
      'POST',
      `/api/recalls/${declared.id}/drops/${amaOrder.drops[0]!.id}/acknowledge`,
      kejetia,
    );
    expect(ack.statusCode).toBe(404);
    const declare = await call('POST', '/api/recalls', ama, body(p.id, ['T1']));
    expect(declare.statusCode).toBe(403);
  });

  it('shows a platform administrator every recall, newest first, with all lots and deliveries', async () => {
    const all = await listed(platform);
    expect(all.length).toBe(await recallCount());
    const created = all.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const seen = (await detail(platform, declared.id)).body as RecallDetail;
    expect(seen.trace.map((r) => r.orderId)).toEqual([amaOrder.id]);
    expect(seen.lots).toHaveLength(1);
  });

  it('answers 404 for a recall that does not exist', async () => {
    const res = await call('GET', '/api/recalls/00000000-0000-4000-8000-000000000000', platform);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('RECALL_NOT_FOUND');
  });
});
