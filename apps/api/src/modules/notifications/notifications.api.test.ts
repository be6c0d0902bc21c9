import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationsPageSchema, type NotificationsPage } from '@aduro/shared/notifications';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { findEvents } from '../events/events.repository.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { notifyEvent } from './notifications.service.ts';

let t: TestApp;
let ama: string;
let yaw: string;
let kejetia: string;
let temaStock: string;
let temaDispatch: string;
let temaCredit: string;
const org: Record<string, string> = {};

const TEMA = 'Tema Pharma Distributors';
const TEMA_USERS = [
  'admin@tema-pharma.demo',
  'credit@tema-pharma.demo',
  'dispatch@tema-pharma.demo',
  'stock@tema-pharma.demo',
];

beforeAll(async () => {
  t = await createTestApp({ jobPollingSeconds: 0.5 });
  [ama, yaw, kejetia, temaStock, temaDispatch, temaCredit] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('procurement@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('credit@tema-pharma.demo', 'supplier'),
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

let seq = 0;
/** A fresh product only Tema stocks, and an order of it AccraCare's buyer drafts. */
async function draftTemaOrder(): Promise<Order> {
  const product = await call('POST', '/api/products', temaStock, {
    name: `Notification test product ${++seq}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(product.statusCode, product.body).toBe(201);
  const productId = product.json().id as string;
  const synced = await call('POST', '/api/inventory', temaStock, {
    productId,
    quantity: 500,
    unitPrice: 12.5,
    moq: 1,
  });
  expect(synced.statusCode, synced.body).toBe(200);
  const res = await call('POST', '/api/orders', ama, {
    sellerId: org[TEMA],
    paymentTermMethod: 'mobile_money',
    productId,
    drops: [
      {
        addressName: 'Osu branch',
        address: '12 Ring Road, Accra',
        contactName: 'Ama Mensah',
        contactPhone: '+233 20 000 0000',
        quantity: 30,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

/** The id of the latest event of the type that names the ref (an order id, a drop id ...). */
async function eventOf(type: string, ref: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id::int from events where type = ${type} and refs::text like ${`%${ref}%`} order by id desc limit 1`,
  );
  expect(row, `no ${type} event naming ${ref}`).toBeDefined();
  return row!.id;
}

interface Sent extends Record<string, unknown> {
  email: string;
  title: string;
  body: string;
  link: string;
}
const sentFor = (eventId: number) =>
  queryRows<Sent>(
    t.database.db,
    sql`select u.email, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id
        where n.event_id = ${eventId} order by u.email`,
  );
/** The event's notifications once its job has run: they are written in one transaction, all or none. */
const notified = (eventId: number) =>
  vi.waitFor(
    async () => {
      const rows = await sentFor(eventId);
      if (rows.length === 0) throw new Error(`event ${eventId} has notified nobody yet`);
      return rows;
    },
    { timeout: 30_000, interval: 100 },
  );

async function page(authorization: string, query = ''): Promise<NotificationsPage> {
  const res = await call('GET', `/api/notifications${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return notificationsPageSchema.parse(res.json());
}

describe('who hears what', () => {
  let order: Order;

  it('a buyer drafting an order notifies the supplier’s ShippingClerk and Admin, and nobody else', async () => {
    order = await draftTemaOrder();
    const sent = await notified(await eventOf('order.drafted', order.id));
    // Not the InventoryManager or CreditApprover, not another supplier, not the buyer's own users.
    expect(sent.map((s) => s.email)).toEqual(['admin@tema-pharma.demo', 'dispatch@tema-pharma.demo']);
    expect(sent[0]).toMatchObject({
      title: `New order ${order.number} awaiting approval`,
      link: '/supplier',
    });
    expect(sent[0]!.body).toContain('AccraCare Pharmacy');
    expect(sent[0]!.body).toContain('GH₵375.00');
  });

  it('approving notifies every user of the supplier and the buyer’s other users, with the invoice number', async () => {
    const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(200);
    const [invoice] = await queryRows<{ number: string; due: string }>(
      t.database.db,
      sql`select number, to_char(due_date, 'YYYY-MM-DD') as due from invoices where order_id = ${order.id}`,
    );
    const sent = await notified(await eventOf('order.released', order.id));
    // The buyer who approved is not told of their own action; their colleague is.
    expect(sent.map((s) => s.email)).toEqual([...TEMA_USERS, 'procurement@accracare.demo'].sort());
    for (const s of sent) {
      expect(s.body).toContain(invoice!.number);
      expect(s.body).toContain(invoice!.due);
    }
    expect(sent.find((s) => s.email === 'procurement@accracare.demo')).toMatchObject({
      title: `Order ${order.number} released`,
      link: '/customer/orders',
    });
  });

  it('shipping a drop notifies the buyer’s users with the tracking number', async () => {
    const detail = await call('GET', `/api/orders/${order.id}`, ama);
    expect(detail.statusCode, detail.body).toBe(200);
    const dropId = detail.json().drops[0].id as string;
    const res = await call('PATCH', `/api/orders/${order.id}/drops/${dropId}`, temaDispatch, {
      status: 'Shipped',
    });
    expect(res.statusCode, res.body).toBe(200);
    const shipped = orderSchema.parse(res.json());
    const tracking = shipped.drops[0]!.trackingNumber!;
    const sent = await notified(await eventOf('drop.moved', dropId));
    expect(sent.map((s) => s.email)).toEqual(['buyer@accracare.demo', 'procurement@accracare.demo']);
    for (const s of sent) {
      expect(s.title).toBe(`Order ${order.number} shipped`);
      expect(s.body).toContain(tracking);
      expect(s.body).toContain(shipped.drops[0]!.estimatedDeliveryDate!);
      expect(s.link).toBe('/customer/orders');
    }
  });

  it('recording a payment notifies the buyer’s users', async () => {
    const [invoice] = await queryRows<{ id: string; number: string }>(
      t.database.db,
      sql`select id, number from invoices where order_id = ${order.id}`,
    );
    const res = await call('POST', `/api/invoices/${invoice!.id}/payments`, temaCredit, {
      amount: 100,
      method: 'mobile_money',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = await notified(await eventOf('payment.recorded', invoice!.id));
    expect(sent.map((s) => s.email)).toEqual(['buyer@accracare.demo', 'procurement@accracare.demo']);
    expect(sent[0]!.title).toBe(`Payment recorded on invoice ${invoice!.number}`);
    expect(sent[0]!.body).toContain('Tema Pharma Distributors');
  });

  it('toggling an organisation notifies a supplier’s Admin users, and every user of a customer', async () => {
    const platform = await t.login('admin@aduro.demo', 'platform');
    const toggle = async (name: string, active: boolean) => {
      const res = await call('PATCH', `/api/admin/entities/${org[name]}/toggle`, platform, { active });
      expect(res.statusCode, res.body).toBe(200);
      return notified(await eventOf('organisation.toggled', org[name]!));
    };
    const off = await toggle('Accra Medilink Importers', false);
    expect(off.map((s) => s.email)).toEqual(['admin@accra-medilink.demo']);
    expect(off[0]!.title).toBe('Accra Medilink Importers was deactivated');
    const on = await toggle('Accra Medilink Importers', true);
    expect(on[0]!.title).toBe('Accra Medilink Importers is active again');

    const customer = await toggle('Tamale Central Hospital Pharmacy', false);
    expect(customer.map((s) => s.email)).toEqual([
      'buyer@tamale-central.demo',
      'procurement@tamale-central.demo',
    ]);
    await toggle('Tamale Central Hospital Pharmacy', true);
  });

  it('a credit application notifies the supplier’s CreditApprover and Admin; the decision, the applicant', async () => {
    await t.database.db.execute(sql`
      update credit_applications set status = 'rejected', decided_at = now()
      where supplier_id = ${org[TEMA]} and customer_id = ${org['AccraCare Pharmacy']} and status = 'pending'`);
    const applied = await call('POST', '/api/credit/applications', ama, {
      supplierId: org[TEMA],
      requestedLimit: 25_000,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().id as string;
    const submitted = await notified(await eventOf('credit.application_submitted', applicationId));
    expect(submitted.map((s) => s.email)).toEqual(['admin@tema-pharma.demo', 'credit@tema-pharma.demo']);
    expect(submitted[0]!.body).toContain('GH₵25,000.00');

    const decided = await call('POST', `/api/credit/applications/${applicationId}/approve`, temaCredit, {
      limit: 20_000,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const sent = await notified(await eventOf('credit.decided', applicationId));
    expect(sent.map((s) => s.email)).toEqual(['buyer@accracare.demo', 'procurement@accracare.demo']);
    expect(sent[0]).toMatchObject({ link: '/customer/credit' });
    expect(sent[0]!.body).toContain('GH₵20,000.00');
  });

  it('a retried job inserts nothing twice', async () => {
    const order = await draftTemaOrder();
    const eventId = await eventOf('order.drafted', order.id);
    const first = await notified(eventId);
    const [event] = await findEvents(t.database.db, [eventId]);
    // The handler run again by hand, twice ...
    await notifyEvent(t.app.db, event!);
    await notifyEvent(t.app.db, event!);
    // ... and the event dispatched again, as after a crash between sending its job and marking it.
    await t.database.db.execute(sql`update events set dispatched_at = null where id = ${eventId}`);
    await t.app.eventJobs.dispatch();
    await vi.waitFor(
      async () => {
        const [row] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from pgboss.job
              where name = 'event.notifications' and (data->>'eventId')::bigint = ${eventId}
                and state = 'completed'`,
        );
        if (row!.n < 2) throw new Error(`${row!.n} jobs of the event completed`);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await sentFor(eventId)).toEqual(first);
  });
});

describe('the caller’s notifications', () => {
  /** Five notifications of Kejetia's buyer, all written at the same instant (ties broken by id). */
  async function seedFive(): Promise<string[]> {
    const events = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into events (type, org_ids, dispatched_at)
          select 'cart.changed', array[${org['Kejetia Health Pharmacy']}]::uuid[], now() from generate_series(1, 5)
          returning id::int`,
    );
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into notifications (user_id, event_id, type, title, body, link)
          select u.id, e, 'cart.changed', 'Title ' || e, 'Body ' || e, '/customer'
          from users u, unnest(${`{${events.map((e) => e.id).join(',')}}`}::bigint[]) e
          where u.email = 'buyer@kejetia-health.demo'
          returning id`,
    );
    return rows.map((r) => r.id);
  }

  it('lists newest first, a page at a time with nextCursor, and counts the unread', async () => {
    await t.database.db.execute(sql`
      delete from notifications where user_id = (select id from users where email = 'buyer@kejetia-health.demo')`);
    const ids = await seedFive();
    const first = await page(kejetia, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.unreadCount).toBe(5);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(kejetia, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(2);
    const third = await page(kejetia, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items).toHaveLength(1);
    expect(third.nextCursor).toBeNull();
    const all = [...first.items, ...second.items, ...third.items];
    expect(new Set(all.map((n) => n.id))).toEqual(new Set(ids));
    // Newest first: the same instant, so by id, descending.
    expect(all.map((n) => n.id)).toEqual([...ids].sort().reverse());
    expect(all[0]).toMatchObject({ type: 'cart.changed', link: '/customer', readAt: null });
    // The default page holds them all.
    expect((await page(kejetia)).items).toHaveLength(5);
  });

  it('answers 400 with a field error on cursor for a cursor it did not give', async () => {
    for (const cursor of [
      'not-a-cursor',
      Buffer.from(
        '{"at":"2026-02-30T00:00:00.000000Z","id":"00000000-0000-0000-0000-000000000000"}',
      ).toString('base64url'),
    ]) {
      const res = await call('GET', `/api/notifications?cursor=${cursor}`, kejetia);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('cursor');
    }
    expect((await call('GET', '/api/notifications?limit=101', kejetia)).statusCode).toBe(400);
  });

  it('marks one read, then all read', async () => {
    const before = await page(kejetia);
    const one = before.items[2]!;
    const res = await call('POST', `/api/notifications/${one.id}/read`, kejetia);
    expect(res.statusCode, res.body).toBe(204);
    const after = await page(kejetia);
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect(after.items.find((n) => n.id === one.id)!.readAt).not.toBeNull();
    // Reading it again keeps it read.
    expect((await call('POST', `/api/notifications/${one.id}/read`, kejetia)).statusCode).toBe(204);

    expect((await call('POST', '/api/notifications/read-all', kejetia)).statusCode).toBe(204);
    const done = await page(kejetia);
    expect(done.unreadCount).toBe(0);
    expect(done.items.every((n) => n.readAt !== null)).toBe(true);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const [theirs] = await seedFive();
    const res = await call('POST', `/api/notifications/${theirs}/read`, ama);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('NOTIFICATION_NOT_FOUND');
    // Nor does read-all reach it, nor does the list show it.
    expect((await call('POST', '/api/notifications/read-all', ama)).statusCode).toBe(204);
    expect((await page(ama)).items.some((n) => n.id === theirs)).toBe(false);
    expect((await page(kejetia)).unreadCount).toBe(5);
    expect((await call('POST', `/api/notifications/${theirs}/read`, yaw)).statusCode).toBe(404);
  });
});
