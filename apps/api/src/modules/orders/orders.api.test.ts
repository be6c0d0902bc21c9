import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES } from '@aduro/shared/marketplace';
import { ORDER_MESSAGES, orderDetailSchema, orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

let t: TestApp;
let ama: string;
let kejetia: string;
let temaStock: string;
let temaDispatch: string;
let temaAdmin: string;
let medilink: string;
let platform: string;
const org: Record<string, string> = {};

const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, temaStock, temaDispatch, temaAdmin, medilink, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
  // A clean, known credit line for AccraCare with Tema: GH₵ 5,000 limit, nothing owed.
  await t.database.db.execute(sql`
    update credit_lines set credit_limit = 1000000, status = 'active'
    where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org[TEMA]}`);
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

let seq = 0;
/** A fresh product that only Tema stocks, with lots at the given expiries (days from today, null = none). */
async function temaProduct(opts: { price: number; moq?: number; lots: [number | null, number][] }) {
  const res = await call('POST', '/api/products', temaStock, {
    name: `Order test product ${++seq}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  for (const [days, quantity] of opts.lots) {
    if (days !== null && days < 0) {
      await t.database.db.execute(sql`
        insert into inventory_lots (supplier_id, product_id, expiry_date, quantity)
        values (${org[TEMA]}, ${id}, ${inDays(days)}::date, ${quantity})`);
      continue;
    }
    const synced = await call('POST', '/api/inventory', temaStock, {
      productId: id,
      quantity,
      unitPrice: opts.price,
      moq: opts.moq ?? 1,
      ...(days === null ? {} : { expiryDate: inDays(days) }),
    });
    expect(synced.statusCode, synced.body).toBe(200);
  }
  return id;
}

const drop = (quantity: number, extra: Record<string, unknown> = {}) => ({
  addressName: `Branch ${quantity}`,
  address: '12 Ring Road, Accra',
  contactName: 'Ama Mensah',
  contactPhone: '+233 20 000 0000',
  quantity,
  ...extra,
});

async function draft(authorization: string, body: Record<string, unknown>) {
  return call('POST', '/api/orders', authorization, {
    sellerId: org[TEMA],
    // Tema takes mobile money, cheque and credit (demo seed).
    paymentTermMethod: 'mobile_money',
    ...body,
  });
}
async function drafted(body: Record<string, unknown>, authorization = ama): Promise<Order> {
  const res = await draft(authorization, body);
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}
const approve = (id: string, authorization = ama) => call('POST', `/api/orders/${id}/approve`, authorization);
const move = (order: Order, sequence: number, status: string, authorization = temaDispatch, extra = {}) =>
  call('PATCH', `/api/orders/${order.id}/drops/${order.drops[sequence - 1]!.id}`, authorization, {
    status,
    ...extra,
  });

async function lotsOf(productId: string) {
  return queryRows<{ expiry: string | null; quantity: number }>(
    t.database.db,
    sql`select to_char(expiry_date, 'YYYY-MM-DD') as expiry, quantity from inventory_lots
        where product_id = ${productId} order by expiry_date nulls last`,
  );
}
async function temaLine() {
  const [line] = await queryRows<{ balance: string; limit: string }>(
    t.database.db,
    sql`select balance::text, credit_limit::text as limit from credit_lines
        where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org[TEMA]}`,
  );
  return { balance: Number(line!.balance), limit: Number(line!.limit) };
}
async function counts() {
  const [row] = await queryRows<{ invoices: number; allocations: number; history: number }>(
    t.database.db,
    sql`select (select count(*)::int from invoices) as invoices,
               (select count(*)::int from drop_allocations) as allocations,
               (select count(*)::int from order_history) as history`,
  );
  return row!;
}

describe('POST /api/orders', () => {
  it('drafts an order at the offer price, ignoring drops of 0 units and any client price', async () => {
    const productId = await temaProduct({ price: 12.5, lots: [[200, 500]] });
    const order = await drafted({
      productId,
      unitPrice: 0.01,
      deliveryContactName: 'Ama Mensah',
      drops: [drop(50), drop(0), drop(40, { estimatedDeliveryDate: inDays(5) })],
    });
    expect(order).toMatchObject({
      status: 'AWAITING_CUSTOMER_APPROVAL',
      unitPrice: 12.5,
      totalQuantity: 90,
      totalCost: 1125,
      paymentMethod: 'mobile_money',
      invoice: null,
      invoiceId: null,
      seller: { id: org[TEMA], name: TEMA },
      buyer: { id: org['AccraCare Pharmacy'] },
      deliveryContactName: 'Ama Mensah',
    });
    expect(order.number).toMatch(/^PO-\d{4}-\d{6}$/);
    expect(order.drops.map((d) => [d.sequence, d.quantity, d.status])).toEqual([
      [1, 50, 'Awaiting Dispatch'],
      [2, 40, 'Awaiting Dispatch'],
    ]);
    expect(order.drops[1]!.estimatedDeliveryDate).toBe(inDays(5));
  });

  it('refuses 0 units, under the moq, a method the supplier does not take, and credit over what is available', async () => {
    const productId = await temaProduct({ price: 100, moq: 20, lots: [[200, 500]] });
    const noUnits = await draft(ama, { productId, drops: [drop(0)] });
    expect([noUnits.statusCode, noUnits.json().message]).toEqual([400, DRAFT_MESSAGES.noUnits]);
    const underMoq = await draft(ama, { productId, drops: [drop(5)] });
    expect(underMoq.statusCode).toBe(409);
    expect(underMoq.json().message).toContain('at least 20 units');
    const cheque = await draft(kejetia, {
      productId,
      paymentTermMethod: 'digital_wallet',
      drops: [drop(20)],
    });
    if (cheque.statusCode !== 201) {
      expect(cheque.statusCode).toBe(400);
      expect(cheque.json().message).toContain('does not accept');
    }
    await t.database.db.execute(sql`
      update credit_lines set credit_limit = 1500, balance = 0
      where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org[TEMA]}`);
    try {
      const over = await draft(ama, { productId, paymentTermMethod: 'credit_facility', drops: [drop(20)] });
      expect([over.statusCode, over.json().message]).toEqual([409, ORDER_MESSAGES.creditShortfall]);
    } finally {
      await t.database.db.execute(sql`
        update credit_lines set credit_limit = 1000000
        where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org[TEMA]}`);
    }
  });

  it('answers field errors for credit term days outside 0 to 180 and for a drop without an address', async () => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    const res = await draft(ama, {
      productId,
      paymentTermMethod: 'credit_facility',
      creditTermDays: 181,
      drops: [drop(10, { address: '  ' })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      creditTermDays: [ORDER_MESSAGES.creditTermDays],
      'drops.0.address': [ORDER_MESSAGES.dropAddress],
    });
  });

  it('refuses credit without an active line, another buyer, suppliers and platform users', async () => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    // Kejetia holds no active line with Tema while its line (if any) is suspended.
    const kejetiaOrg = sql`(select org_id from users where email = 'buyer@kejetia-health.demo')`;
    const suspended = await queryRows<{ id: string }>(
      t.database.db,
      sql`update credit_lines set status = 'suspended'
          where supplier_id = ${org[TEMA]} and customer_id = ${kejetiaOrg} and status = 'active' returning id`,
    );
    try {
      const res = await draft(kejetia, {
        productId,
        paymentTermMethod: 'credit_facility',
        drops: [drop(10)],
      });
      expect([res.statusCode, res.json().message]).toEqual([409, DRAFT_MESSAGES.noCreditLine(TEMA)]);
    } finally {
      for (const { id } of suspended) {
        await t.database.db.execute(sql`update credit_lines set status = 'active' where id = ${id}`);
      }
    }
    const other = await draft(ama, { productId, buyerId: org[TEMA], drops: [drop(10)] });
    expect([other.statusCode, other.json().message]).toEqual([403, ORDER_MESSAGES.otherBuyer]);
    expect((await draft(temaAdmin, { productId, drops: [drop(10)] })).statusCode).toBe(403);
    expect((await draft(platform, { productId, drops: [drop(10)] })).statusCode).toBe(403);
  });

  it('refuses an order from a deactivated supplier with a message naming it', async () => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    await call('PATCH', `/api/admin/entities/${org[TEMA]}/toggle`, platform, {
      active: false,
      reason: 'Orders test',
    });
    try {
      const res = await draft(ama, { productId, drops: [drop(10)] });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(TEMA);
    } finally {
      await call('PATCH', `/api/admin/entities/${org[TEMA]}/toggle`, platform, {
        active: true,
        reason: 'Orders test',
      });
    }
  });
});

describe('GET /api/orders', () => {
  it('shows a customer only its own orders and a supplier only the orders it sells', async () => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    const mine = await drafted({ productId, drops: [drop(10)] });
    const amaList = (
      await call('GET', `/api/orders?buyerId=${org['AccraCare Pharmacy']}`, ama)
    ).json() as Order[];
    expect(amaList.every((o) => o.buyer.id === org['AccraCare Pharmacy'])).toBe(true);
    expect(amaList[0]!.id).toBe(mine.id);
    const kejetiaList = (await call('GET', '/api/orders', kejetia)).json() as Order[];
    expect(kejetiaList.some((o) => o.id === mine.id)).toBe(false);
    const temaList = (await call('GET', `/api/orders?sellerId=${org[TEMA]}`, temaDispatch)).json() as Order[];
    expect(temaList.every((o) => o.seller.id === org[TEMA])).toBe(true);
    expect(temaList.some((o) => o.id === mine.id)).toBe(true);
    const medilinkList = (await call('GET', '/api/orders', medilink)).json() as Order[];
    expect(medilinkList.some((o) => o.id === mine.id)).toBe(false);
  });

  it('answers 403 for another organisation’s buyerId or sellerId, staff without shipping and platform users', async () => {
    expect(
      (await call('GET', `/api/orders?buyerId=${org['Kejetia Health Pharmacy'] ?? org[TEMA]}`, ama))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/orders?sellerId=${org['Accra Medilink Importers']}`, temaDispatch)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/orders', temaStock)).statusCode).toBe(403);
    expect((await call('GET', '/api/orders', platform)).statusCode).toBe(403);
  });
});

describe('POST /api/orders/{id}/approve', () => {
  it('allocates first-expiry-first-out from unexpired lots, invoices, releases and logs', async () => {
    const productId = await temaProduct({
      price: 20,
      lots: [
        [-5, 500],
        [30, 40],
        [300, 100],
        [null, 100],
      ],
    });
    const order = await drafted({ productId, drops: [drop(30), drop(50)] });
    const res = await approve(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const released = orderSchema.parse(res.json());
    expect(released.status).toBe('RELEASED');
    expect(released.invoice).toMatchObject({
      amount: 1600,
      amountPaid: 0,
      status: 'unpaid',
      dueDate: inDays(0),
    });
    expect(released.invoice!.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(released.invoiceId).toBe(released.invoice!.id);
    // The expired lot is untouched; the 30-day lot is emptied first, then the 300-day lot.
    expect(await lotsOf(productId)).toEqual([
      { expiry: inDays(-5), quantity: 500 },
      { expiry: inDays(30), quantity: 0 },
      { expiry: inDays(300), quantity: 60 },
      { expiry: null, quantity: 100 },
    ]);
    const allocations = await queryRows<{ sequence: number; expiry: string; quantity: number }>(
      t.database.db,
      sql`select d.sequence, to_char(l.expiry_date, 'YYYY-MM-DD') as expiry, a.quantity
          from drop_allocations a join order_drops d on d.id = a.drop_id join inventory_lots l on l.id = a.lot_id
          where d.order_id = ${order.id} order by d.sequence, l.expiry_date`,
    );
    expect(allocations).toEqual([
      { sequence: 1, expiry: inDays(30), quantity: 30 },
      { sequence: 2, expiry: inDays(30), quantity: 10 },
      { sequence: 2, expiry: inDays(300), quantity: 40 },
    ]);
    const detail = orderDetailSchema.parse((await call('GET', `/api/orders/${order.id}`, ama)).json());
    expect(detail.history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'AWAITING_CUSTOMER_APPROVAL'],
      ['AWAITING_CUSTOMER_APPROVAL', 'RELEASED'],
    ]);
    expect(detail.history[1]!.actorName).toBeTruthy();
  });

  it('charges a credit order to the line and dates the invoice by the credit term', async () => {
    const productId = await temaProduct({ price: 15, lots: [[200, 100]] });
    const before = await temaLine();
    const order = await drafted({
      productId,
      paymentTermMethod: 'credit_facility',
      creditTermDays: 30,
      drops: [drop(10)],
    });
    const released = orderSchema.parse((await approve(order.id)).json());
    expect(released.invoice).toMatchObject({ amount: 150, dueDate: inDays(30) });
    expect((await temaLine()).balance).toBeCloseTo(before.balance + 150, 2);
  });

  it('refuses too little unexpired stock with 409 and changes nothing, even with expired units on hand', async () => {
    const productId = await temaProduct({
      price: 10,
      lots: [
        [-1, 1000],
        [100, 30],
      ],
    });
    const order = await drafted({ productId, drops: [drop(20)] });
    await t.database.db.execute(
      sql`update inventory_lots set quantity = 10 where product_id = ${productId} and expiry_date > now()`,
    );
    const lots = await lotsOf(productId);
    const before = await counts();
    const res = await approve(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORDER_MESSAGES.stockShortfall(TEMA, `Order test product ${seq}`, 10, 20));
    expect(res.json()).toMatchObject({ code: 'STOCK_SHORTFALL', kind: 'conflict' });
    expect(await lotsOf(productId)).toEqual(lots);
    expect(await counts()).toEqual(before);
    expect(orderSchema.parse((await call('GET', `/api/orders/${order.id}`, ama)).json()).status).toBe(
      'AWAITING_CUSTOMER_APPROVAL',
    );
  });

  it('answers 409 the second time, 404 to another customer and 403 to a supplier', async () => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    const order = await drafted({ productId, drops: [drop(10)] });
    expect((await approve(order.id, kejetia)).statusCode).toBe(404);
    expect((await approve(order.id, temaAdmin)).statusCode).toBe(403);
    expect((await approve(order.id)).statusCode).toBe(200);
    const again = await approve(order.id);
    expect([again.statusCode, again.json().message]).toEqual([409, ORDER_MESSAGES.notAwaiting(order.number)]);
  });
});

describe('POST /api/orders/{id}/cancel', () => {
  it('lets the buyer cancel an order awaiting approval, and not one already released', async () => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    const order = await drafted({ productId, drops: [drop(10), drop(5)] });
    const res = await call('POST', `/api/orders/${order.id}/cancel`, ama);
    expect(res.statusCode).toBe(200);
    const cancelled = orderSchema.parse(res.json());
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.drops.every((d) => d.status === 'Cancelled')).toBe(true);
    expect((await approve(order.id)).statusCode).toBe(409);
    const released = await drafted({ productId, drops: [drop(10)] });
    await approve(released.id);
    expect((await call('POST', `/api/orders/${released.id}/cancel`, ama)).statusCode).toBe(409);
  });
});

describe('PATCH /api/orders/{id}/drops/{dropId}', () => {
  it('walks a drop to Delivered, setting tracking and ETA on shipping and the time on delivery', async () => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    const order = await drafted({ productId, drops: [drop(10), drop(5)] });
    expect((await move(order, 1, 'Shipped')).statusCode).toBe(409); // not released yet
    await approve(order.id);
    const shipped = orderSchema.parse((await move(order, 1, 'Shipped')).json());
    expect(shipped.status).toBe('SHIPPED');
    expect(shipped.drops[0]!.trackingNumber).toBe(`TRK-${order.number.slice(3)}-1`);
    expect(shipped.drops[0]!.estimatedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(shipped.drops[0]!.shippedAt).not.toBeNull();
    const given = orderSchema.parse(
      (
        await move(order, 2, 'Shipped', temaDispatch, {
          trackingNumber: 'DHL-1',
          estimatedDeliveryDate: inDays(4),
        })
      ).json(),
    );
    expect(given.drops[1]).toMatchObject({ trackingNumber: 'DHL-1', estimatedDeliveryDate: inDays(4) });
    for (const seqNo of [1, 2]) {
      expect((await move(order, seqNo, 'Out for Delivery')).statusCode).toBe(200);
      expect((await move(order, seqNo, 'Delivered')).statusCode).toBe(200);
    }
    const delivered = orderSchema.parse((await call('GET', `/api/orders/${order.id}`, ama)).json());
    expect(delivered.status).toBe('DELIVERED');
    expect(delivered.drops.every((d) => d.deliveredAt !== null)).toBe(true);
  });

  it.each([
    ['Awaiting Dispatch', 'Delivered', []],
    ['Awaiting Dispatch', 'Out for Delivery', []],
    ['Shipped', 'Awaiting Dispatch', ['Shipped']],
    ['Shipped', 'Shipped', ['Shipped']],
    ['Delivered', 'Cancelled', ['Shipped', 'Out for Delivery', 'Delivered']],
    ['Delivered', 'Out for Delivery', ['Shipped', 'Out for Delivery', 'Delivered']],
    ['Cancelled', 'Shipped', ['Cancelled']],
    ['Cancelled', 'Cancelled', ['Cancelled']],
  ])('refuses to move a drop from %s to %s with 409', async (from, to, path) => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    const order = await drafted({ productId, drops: [drop(10), drop(5)] });
    await approve(order.id);
    for (const step of path) expect((await move(order, 1, step)).statusCode).toBe(200);
    const res = await move(order, 1, to);
    expect([res.statusCode, res.json().message]).toEqual([409, `Cannot move a drop from ${from} to ${to}`]);
  });

  it('answers 403 to a customer and to staff without shipping, and 404 to another supplier', async () => {
    const productId = await temaProduct({ price: 10, lots: [[200, 100]] });
    const order = await drafted({ productId, drops: [drop(10)] });
    await approve(order.id);
    expect((await move(order, 1, 'Shipped', ama)).statusCode).toBe(403);
    expect((await move(order, 1, 'Shipped', temaStock)).statusCode).toBe(403);
    expect((await move(order, 1, 'Shipped', medilink)).statusCode).toBe(404);
  });

  it('cancelling returns units to their lots and value to the invoice and credit line; all cancelled voids it', async () => {
    const productId = await temaProduct({
      price: 25,
      lots: [
        [40, 10],
        [200, 100],
      ],
    });
    const before = await temaLine();
    const order = await drafted({
      productId,
      paymentTermMethod: 'credit_facility',
      drops: [drop(10), drop(20)],
    });
    await approve(order.id);
    expect((await temaLine()).balance).toBeCloseTo(before.balance + 750, 2);
    expect(await lotsOf(productId)).toEqual([
      { expiry: inDays(40), quantity: 0 },
      { expiry: inDays(200), quantity: 80 },
    ]);
    const one = orderSchema.parse((await move(order, 1, 'Cancelled')).json());
    expect(one.invoice).toMatchObject({ amount: 500, status: 'unpaid' });
    expect(one.status).toBe('RELEASED');
    expect((await temaLine()).balance).toBeCloseTo(before.balance + 500, 2);
    expect(await lotsOf(productId)).toEqual([
      { expiry: inDays(40), quantity: 10 },
      { expiry: inDays(200), quantity: 80 },
    ]);
    const all = orderSchema.parse((await move(order, 2, 'Cancelled')).json());
    expect(all.status).toBe('CANCELLED');
    expect(all.invoice).toMatchObject({ amount: 0, status: 'void' });
    expect((await temaLine()).balance).toBeCloseTo(before.balance, 2);
    expect(await lotsOf(productId)).toEqual([
      { expiry: inDays(40), quantity: 10 },
      { expiry: inDays(200), quantity: 100 },
    ]);
    const history = orderDetailSchema.parse(
      (await call('GET', `/api/orders/${order.id}`, temaDispatch)).json(),
    ).history;
    expect(history.filter((h) => h.dropSequence !== null).map((h) => [h.dropSequence, h.toStatus])).toEqual([
      [1, 'Cancelled'],
      [2, 'Cancelled'],
    ]);
    expect(history.at(-1)).toMatchObject({ fromStatus: 'RELEASED', toStatus: 'CANCELLED' });
  });
});
