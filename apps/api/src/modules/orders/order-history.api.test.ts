import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailSchema, orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

let t: TestApp;
let ama: string;
let temaStock: string;
let temaDispatch: string;
let temaCredit: string;
let kejetia: string;
const org: Record<string, string> = {};
const names: Record<string, string> = {};

const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  [ama, temaStock, temaDispatch, temaCredit, kejetia] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('buyer@kejetia-health.demo', 'customer'),
  ]);
  Object.assign(org, await t.organisationIds());
  const users = await queryRows<{ email: string; name: string }>(
    t.database.db,
    sql`select email, name from users where email in
        ('buyer@accracare.demo', 'dispatch@tema-pharma.demo', 'credit@tema-pharma.demo')`,
  );
  for (const u of users) names[u.email] = u.name;
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

const drop = (quantity: number) => ({
  addressName: `Branch ${quantity}`,
  address: '12 Ring Road, Accra',
  contactName: 'Ama Mensah',
  contactPhone: '+233 20 000 0000',
  quantity,
});

let seq = 0;
/** A product only Tema stocks, drafted by AccraCare in two drops of 30 and 20 at GH₵10. */
async function draftedOrder(): Promise<Order> {
  const product = await call('POST', '/api/products', temaStock, {
    name: `Order history test product ${++seq}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(product.statusCode, product.body).toBe(201);
  const productId = product.json().id as string;
  const synced = await call('POST', '/api/inventory', temaStock, {
    productId,
    quantity: 100,
    unitPrice: 10,
    moq: 1,
    expiryDate: inDays(300),
  });
  expect(synced.statusCode, synced.body).toBe(200);
  const res = await call('POST', '/api/orders', ama, {
    sellerId: org[TEMA],
    paymentTermMethod: 'mobile_money',
    productId,
    drops: [drop(30), drop(20)],
  });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

describe('GET /api/orders/{id} history', () => {
  it('tells who drafted, approved, shipped and cancelled drops and recorded a payment, and when, oldest first', async () => {
    const order = await draftedOrder();
    expect((await call('POST', `/api/orders/${order.id}/approve`, ama)).statusCode).toBe(200);
    const shipped = await call('PATCH', `/api/orders/${order.id}/drops/${order.drops[0]!.id}`, temaDispatch, {
      status: 'Shipped',
      trackingNumber: 'TRK-HIST-1',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const cancelled = await call(
      'PATCH',
      `/api/orders/${order.id}/drops/${order.drops[1]!.id}`,
      temaDispatch,
      {
        status: 'Cancelled',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const invoiceId = orderSchema.parse(cancelled.json()).invoiceId!;
    const paid = await call('POST', `/api/invoices/${invoiceId}/payments`, temaCredit, {
      amount: 120.5,
      method: 'mobile_money',
      reference: 'MOMO-778',
    });
    expect(paid.statusCode, paid.body).toBe(201);

    for (const reader of [ama, temaDispatch]) {
      const res = await call('GET', `/api/orders/${order.id}`, reader);
      expect(res.statusCode, res.body).toBe(200);
      const history = orderDetailSchema.parse(res.json()).history;
      expect(
        history.map(({ kind, actorName, dropSequence, fromStatus, toStatus, amount, method }) => ({
          kind,
          actorName,
          dropSequence,
          fromStatus,
          toStatus,
          amount,
          method,
        })),
      ).toEqual([
        {
          kind: 'status',
          actorName: names['buyer@accracare.demo'],
          dropSequence: null,
          fromStatus: null,
          toStatus: 'AWAITING_CUSTOMER_APPROVAL',
          amount: null,
          method: null,
        },
        {
          kind: 'status',
          actorName: names['buyer@accracare.demo'],
          dropSequence: null,
          fromStatus: 'AWAITING_CUSTOMER_APPROVAL',
          toStatus: 'RELEASED',
          amount: null,
          method: null,
        },
        {
          kind: 'status',
          actorName: names['dispatch@tema-pharma.demo'],
          dropSequence: 1,
          fromStatus: 'Awaiting Dispatch',
          toStatus: 'Shipped',
          amount: null,
          method: null,
        },
        // The order follows its drops: its first drop on the road moves it too.
        {
          kind: 'status',
          actorName: names['dispatch@tema-pharma.demo'],
          dropSequence: null,
          fromStatus: 'RELEASED',
          toStatus: 'SHIPPED',
          amount: null,
          method: null,
        },
        {
          kind: 'status',
          actorName: names['dispatch@tema-pharma.demo'],
          dropSequence: 2,
          fromStatus: 'Awaiting Dispatch',
          toStatus: 'Cancelled',
          amount: null,
          method: null,
        },
        {
          kind: 'payment',
          actorName: names['credit@tema-pharma.demo'],
          dropSequence: null,
          fromStatus: null,
          toStatus: 'PAYMENT_RECORDED',
          amount: 120.5,
          method: 'mobile_money',
        },
      ]);
      expect(history.find((h) => h.dropSequence === 1)!.note).toContain('TRK-HIST-1');
      expect(history.at(-1)!.note).toBe('MOMO-778');
      // Oldest first, every entry timed.
      const times = history.map((h) => Date.parse(h.at));
      expect(times.every((ms) => Number.isFinite(ms))).toBe(true);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
  });

  it('never shows another organisation the history', async () => {
    const order = await draftedOrder();
    expect((await call('GET', `/api/orders/${order.id}`, kejetia)).statusCode).toBe(404);
  });
});
