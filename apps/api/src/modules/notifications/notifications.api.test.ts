import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  notificationPreferencesSchema,
  notificationsPageSchema,
  type NotificationsPage,
} from '@aduro/shared/notifications';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { findEvents } from '../events/events.repository.ts';
import { supplierForm } from '../../test/files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { startRelay, type RelayedMail, type TestRelay } from '../../test/smtp-relay.ts';
import { NOTIFICATION_MAIL_QUEUE } from './notification-mail.service.ts';
import { REMINDERS_CRON, REMINDERS_QUEUE } from './notifications.jobs.ts';
import { notifyEvent, type NotifyOptions } from './notify-event.ts';
import { giveDailyReminders } from './reminders.service.ts';

let t: TestApp;
let relay: TestRelay;
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
  relay = await startRelay();
  t = await createTestApp({
    jobPollingSeconds: 0.5,
    env: { SMTP_URL: relay.url, APP_URL: 'https://aduro.test', MAIL_FROM: 'Aduro <orders@aduro.test>' },
  });
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
  await relay.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  authorization: string,
  payload?: unknown,
) =>
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

/**
 * The e-mails of the event's notifications, once every one of their mail jobs has finished (the jobs
 * commit with the notifications, so none can still be on its way): those the relay received whose
 * subject is one of the event's notification titles, sent to one of its recipients, by recipient.
 */
async function mailed(eventId: number): Promise<RelayedMail[]> {
  await notified(eventId);
  await vi.waitFor(
    async () => {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from pgboss.job j
            where j.name = ${NOTIFICATION_MAIL_QUEUE} and j.state <> 'completed'
              and j.data->>'notificationId' in (select id::text from notifications where event_id = ${eventId})`,
      );
      if (row!.n > 0) throw new Error(`${row!.n} mails of event ${eventId} are not sent yet`);
    },
    { timeout: 60_000, interval: 100 },
  );
  const sent = await sentFor(eventId);
  const titles = new Set(sent.map((s) => s.title));
  const users = new Set(sent.map((s) => s.email));
  return relay.received
    .filter((m) => titles.has(m.subject) && m.to.some((to) => users.has(to)))
    .sort((a, b) => a.to.join().localeCompare(b.to.join()));
}

/** Each notification's e-mail went to its user alone, with its title, body and an absolute link. */
function expectMailedAsNotified(mails: RelayedMail[], sent: Sent[]) {
  expect(mails.map((m) => m.to)).toEqual(sent.map((s) => [s.email]));
  mails.forEach((mail, i) => {
    expect(mail.from).toBe('orders@aduro.test');
    expect(mail.subject).toBe(sent[i]!.title);
    expect(mail.text).toContain(sent[i]!.body);
    expect(mail.text).toContain(`https://aduro.test${sent[i]!.link}`);
    expect(mail.html).toContain(`href="https://aduro.test${sent[i]!.link.replaceAll('&', '&amp;')}"`);
  });
}

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
      link: `/supplier?tab=shipping&order=${order.id}`,
    });
    expect(sent[0]!.body).toContain('AccraCare Pharmacy');
    expect(sent[0]!.body).toContain('GH₵375.00');
    expectMailedAsNotified(await mailed(await eventOf('order.drafted', order.id)), sent);
  });

  it('approving notifies every user of the supplier and of the buyer, the approver included, with the invoice number', async () => {
    const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
    expect(res.statusCode, res.body).toBe(200);
    const [invoice] = await queryRows<{ number: string; due: string }>(
      t.database.db,
      sql`select number, to_char(due_date, 'YYYY-MM-DD') as due from invoices where order_id = ${order.id}`,
    );
    const sent = await notified(await eventOf('order.released', order.id));
    // The buyer who approved hears it too: its e-mail carries the invoice, a record they keep.
    const buyers = ['buyer@accracare.demo', 'procurement@accracare.demo'];
    expect(sent.map((s) => s.email)).toEqual([...TEMA_USERS, ...buyers].sort());
    for (const s of sent) {
      expect(s.body).toContain(invoice!.number);
      expect(s.body).toContain(invoice!.due);
    }
    expect(sent.find((s) => s.email === 'procurement@accracare.demo')).toMatchObject({
      title: `Order ${order.number} released`,
      link: `/customer/orders?order=${order.id}`,
    });
    expect(sent.find((s) => s.email === 'admin@tema-pharma.demo')).toMatchObject({
      title: `Order ${order.number} approved`,
      link: `/supplier?tab=shipping&order=${order.id}`,
    });
    const mails = await mailed(await eventOf('order.released', order.id));
    expectMailedAsNotified(mails, sent);

    // Each of the buyer's users, the approver included, gets one e-mail with the invoice as a PDF.
    for (const buyer of buyers) {
      const theirs = mails.filter((m) => m.to.includes(buyer));
      expect(theirs, buyer).toHaveLength(1);
      expect(theirs[0]!.text).toContain(`Invoice ${invoice!.number} is attached as a PDF`);
      expect(theirs[0]!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`${invoice!.number}.pdf`, 'application/pdf'],
      ]);
      const text = await pdfText(theirs[0]!.attachments[0]!.content);
      expect(text).toContain(invoice!.number);
      expect(text).toContain(order.number);
    }
    // The supplier's users keep their notification, without a file.
    for (const user of TEMA_USERS) {
      const theirs = mails.filter((m) => m.to.includes(user));
      expect(theirs, user).toHaveLength(1);
      expect(theirs[0]!.subject).toBe(`Order ${order.number} approved`);
      expect(theirs[0]!.attachments).toEqual([]);
    }
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
      expect(s.link).toBe(`/customer/orders?order=${order.id}`);
    }
    expectMailedAsNotified(await mailed(await eventOf('drop.moved', dropId)), sent);
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
    expect(sent[0]!.body).toContain('GH₵100.00 of it is paid');
    expectMailedAsNotified(await mailed(await eventOf('payment.recorded', invoice!.id)), sent);
  });

  it('toggling an organisation tells a supplier’s Admin users, and every user of a customer, why', async () => {
    const platform = await t.login('admin@aduro.demo', 'platform');
    const toggle = async (name: string, active: boolean, reason: string) => {
      const res = await call('PATCH', `/api/admin/entities/${org[name]}/toggle`, platform, {
        active,
        reason,
      });
      expect(res.statusCode, res.body).toBe(200);
      return notified(await eventOf('organisation.toggled', org[name]!));
    };
    const off = await toggle('Accra Medilink Importers', false, 'Wholesale licence expired on 30 June.');
    expect(off.map((s) => s.email)).toEqual(['admin@accra-medilink.demo']);
    expectMailedAsNotified(
      await mailed(await eventOf('organisation.toggled', org['Accra Medilink Importers']!)),
      off,
    );
    expect(off[0]!.title).toBe('Accra Medilink Importers was deactivated');
    expect(off[0]!.body).toBe(
      'The platform deactivated Accra Medilink Importers. Reason: Wholesale licence expired on 30 June. ' +
        'Contact the platform operator to reactivate it.',
    );
    const on = await toggle('Accra Medilink Importers', true, 'Renewed licence verified');
    expect(on[0]!.title).toBe('Accra Medilink Importers is active again');
    expect(on[0]!.body).toContain('Reason: Renewed licence verified.');

    const customer = await toggle('Tamale Central Hospital Pharmacy', false, 'Unpaid platform fees');
    expect(customer.map((s) => s.email)).toEqual([
      'buyer@tamale-central.demo',
      'procurement@tamale-central.demo',
    ]);
    expect(customer.every((s) => s.body.includes('Reason: Unpaid platform fees.'))).toBe(true);
    await toggle('Tamale Central Hospital Pharmacy', true, 'Fees settled');
  });

  it('a credit application notifies the supplier’s CreditApprover and Admin, and mails its outside approver addresses; the decision, the applicant', async () => {
    await t.database.db.execute(sql`
      update credit_applications set status = 'rejected', decided_at = now()
      where supplier_id = ${org[TEMA]} and customer_id = ${org['AccraCare Pharmacy']} and status = 'pending'`);
    // Two of Tema's approver addresses are its users (they hear by their roles); one is nobody's account.
    await t.database.db.execute(sql`
      update organizations set approver_emails = array['credit@tema-pharma.demo', 'admin@tema-pharma.demo', 'finance@tema-pharma.example']
      where id = ${org[TEMA]}`);
    const applied = await call('POST', '/api/credit/applications', ama, {
      supplierId: org[TEMA],
      requestedLimit: 25_000,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().id as string;
    const submitted = await notified(await eventOf('credit.application_submitted', applicationId));
    expect(submitted.map((s) => s.email)).toEqual(['admin@tema-pharma.demo', 'credit@tema-pharma.demo']);
    expect(submitted[0]!.body).toContain('GH₵25,000.00');
    expectMailedAsNotified(
      await mailed(await eventOf('credit.application_submitted', applicationId)),
      submitted,
    );
    const outside = await vi.waitFor(
      () => {
        const mails = relay.received.filter((m) => m.to.includes('finance@tema-pharma.example'));
        if (mails.length === 0) throw new Error('no mail to the approver address yet');
        return mails;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(outside).toHaveLength(1);
    expect(outside[0]!.subject).toBe('Credit application from AccraCare Pharmacy');
    expect(outside[0]!.text).toContain('GH₵25,000.00');
    expect(outside[0]!.text).toContain('https://aduro.test/supplier?tab=credit');
    // The addresses that are Tema's users got the one mail of their notification, not a second.
    for (const user of ['credit@tema-pharma.demo', 'admin@tema-pharma.demo'])
      expect(
        relay.received.filter((m) => m.to.includes(user) && m.subject === outside[0]!.subject),
      ).toHaveLength(1);

    const decided = await call('POST', `/api/credit/applications/${applicationId}/approve`, temaCredit, {
      limit: 20_000,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const sent = await notified(await eventOf('credit.decided', applicationId));
    expect(sent.map((s) => s.email)).toEqual(['buyer@accracare.demo', 'procurement@accracare.demo']);
    expect(sent[0]).toMatchObject({ link: '/customer/credit' });
    expect(sent[0]!.body).toContain('GH₵20,000.00');
    expectMailedAsNotified(await mailed(await eventOf('credit.decided', applicationId)), sent);
  });

  it('a rejected credit application tells the applicant the supplier’s reason, when it gave one', async () => {
    // A pending application of the demo's would stand in the way of a new one.
    await t.database.db.execute(sql`
      update credit_applications set status = 'rejected', decided_at = now()
      where supplier_id = ${org[TEMA]} and customer_id = ${org['Kejetia Health Pharmacy']} and status = 'pending'`);
    const reject = async (body?: { reason: string }) => {
      const applied = await call('POST', '/api/credit/applications', kejetia, {
        supplierId: org[TEMA],
        requestedLimit: 5_000,
      });
      expect(applied.statusCode, applied.body).toBe(201);
      const id = applied.json().id as string;
      const res = await call('POST', `/api/credit/applications/${id}/reject`, temaCredit, body);
      expect(res.statusCode, res.body).toBe(200);
      return notified(await eventOf('credit.decided', id));
    };
    const withReason = await reject({ reason: 'No trading history with us yet.' });
    expect(withReason.map((s) => s.email)).toEqual(['buyer@kejetia-health.demo']);
    expect(withReason[0]).toMatchObject({
      title: 'Tema Pharma Distributors declined your credit application',
      body:
        'Tema Pharma Distributors declined your application for a credit line of GH₵5,000.00. ' +
        'Reason: No trading history with us yet.',
      link: '/customer/credit',
    });
    const withoutReason = await reject();
    expect(withoutReason[0]!.body).toBe(
      'Tema Pharma Distributors declined your application for a credit line of GH₵5,000.00.',
    );
  });

  it('a retried job inserts nothing twice', async () => {
    const order = await draftTemaOrder();
    const eventId = await eventOf('order.drafted', order.id);
    const first = await notified(eventId);
    const [event] = await findEvents(t.database.db, [eventId]);
    // The handler run again by hand, twice, queues no mail and announces nothing ...
    const queued: unknown[] = [];
    const again: NotifyOptions = { queueMail: async (_tx, mail) => void queued.push(mail) };
    const announced = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from events where type = 'notifications.added'`,
    );
    await notifyEvent(t.app.db, event!, again);
    await notifyEvent(t.app.db, event!, again);
    expect(queued).toEqual([]);
    expect(
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from events where type = 'notifications.added'`,
      ),
    ).toEqual(announced);
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
    // Each recipient got one e-mail of it.
    expectMailedAsNotified(await mailed(eventId), first);
  });

  it('writing notifications announces notifications.added to the recipients’ organisations only', async () => {
    const order = await draftTemaOrder();
    const eventId = await eventOf('order.drafted', order.id);
    await notified(eventId);
    const [added] = await queryRows<{ orgIds: string[] }>(
      t.database.db,
      sql`select org_ids as "orgIds" from events where type = 'notifications.added' and id > ${eventId}
          order by id limit 1`,
    );
    // The supplier heard; the buyer, who drafted, had nobody to tell.
    expect(added!.orgIds).toEqual([org[TEMA]]);
  });

  it('a new supplier awaiting licence review notifies the platform administrators', async () => {
    const form = supplierForm({ businessName: 'Volta Medical Supplies' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode, res.body).toBe(201);
    const sent = await notified(await eventOf('organisation.registered', res.json().user.orgId as string));
    expect(sent.map((s) => s.email)).toEqual(['admin@aduro.demo']);
    expect(sent[0]).toMatchObject({ title: 'Volta Medical Supplies awaits licence review', link: '/admin' });
    expectMailedAsNotified(
      await mailed(await eventOf('organisation.registered', res.json().user.orgId as string)),
      sent,
    );
  });
});

describe('daily reminders', () => {
  const today = new Date().toISOString().slice(0, 10);
  const plusDays = (n: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  /** Only the subjects a test sets up are due: every other invoice and lot counts as reminded already. */
  async function onlyOurs() {
    await t.database.db.execute(sql`
      insert into reminders (kind, subject_id, event_id)
      select k, i.id, (select min(id) from events) from invoices i, unnest(array['invoice.due_soon', 'invoice.overdue']) k
      on conflict do nothing`);
    await t.database.db.execute(sql`
      insert into reminders (kind, subject_id, event_id)
      select k, l.id, (select min(id) from events) from inventory_lots l, unnest(array['lots.expiring', 'lots.expired']) k
      on conflict do nothing`);
    // The demo's licences and registrations too (their reminders' subjects: the thing and its date).
    await t.database.db.execute(sql`
      insert into reminders (kind, subject_id, event_id)
      select k, md5(l.org_id::text || ':' || e::text)::uuid, (select min(id) from events)
      from licence_records l,
           lateral (values ('licence.expiring', l.expires_on),
                           ('licence.authorisation_expiring', l.controlled_authorisation_expires_on)) v(k, e)
      where e is not null
      on conflict do nothing`);
    await t.database.db.execute(sql`
      insert into reminders (kind, subject_id, event_id)
      select 'registrations.expiring', md5(p.id::text || ':' || p.fda_registration_expires_on::text)::uuid,
             (select min(id) from events)
      from products p where p.fda_registration_expires_on is not null
      on conflict do nothing`);
  }

  it('is scheduled daily on the job queue', async () => {
    const rows = await queryRows<{ name: string; cron: string; timezone: string }>(
      t.database.db,
      sql`select name, cron, timezone from pgboss.schedule where name = ${REMINDERS_QUEUE}`,
    );
    expect(rows).toEqual([{ name: REMINDERS_QUEUE, cron: REMINDERS_CRON, timezone: 'UTC' }]);
  });

  it('reminds the buyer’s users of an invoice due within 3 days, then once overdue, each once', async () => {
    await onlyOurs();
    const order = await draftTemaOrder();
    expect((await call('POST', `/api/orders/${order.id}/approve`, ama)).statusCode).toBe(200);
    const [invoice] = await queryRows<{ id: string; number: string }>(
      t.database.db,
      sql`update invoices set due_date = ${plusDays(2)}::date where order_id = ${order.id} returning id, number`,
    );
    expect(await giveDailyReminders(t.app.db, today)).toEqual({
      invoicesDueSoon: 1,
      invoicesOverdue: 0,
      lotsExpiring: 0,
      lotsExpired: 0,
      licencesExpiring: 0,
      authorisationsExpiring: 0,
      registrationsExpiring: 0,
    });
    // A second run the same day, as another replica's, finds nothing new.
    expect((await giveDailyReminders(t.app.db, today)).invoicesDueSoon).toBe(0);
    const soon = await notified(await eventOf('invoice.due_soon', invoice!.id));
    expect(soon.map((s) => s.email)).toEqual(['buyer@accracare.demo', 'procurement@accracare.demo']);
    expect(soon[0]).toMatchObject({
      title: `Invoice ${invoice!.number} is due on ${plusDays(2)}`,
      link: `/customer/orders?order=${order.id}`,
    });
    expect(soon[0]!.body).toContain('GH₵375.00');
    expect(soon[0]!.body).toContain('Tema Pharma Distributors');
    expectMailedAsNotified(await mailed(await eventOf('invoice.due_soon', invoice!.id)), soon);

    await t.database.db.execute(
      sql`update invoices set due_date = ${plusDays(-1)}::date where id = ${invoice!.id}`,
    );
    expect((await giveDailyReminders(t.app.db, today)).invoicesOverdue).toBe(1);
    expect((await giveDailyReminders(t.app.db, today)).invoicesOverdue).toBe(0);
    const overdue = await notified(await eventOf('invoice.overdue', invoice!.id));
    expect(overdue.map((s) => s.email)).toEqual(['buyer@accracare.demo', 'procurement@accracare.demo']);
    expect(overdue[0]!.title).toBe(`Invoice ${invoice!.number} is overdue`);
    expectMailedAsNotified(await mailed(await eventOf('invoice.overdue', invoice!.id)), overdue);
  });

  it('reminds the supplier’s InventoryManager and Admin of lots expiring within 30 days and expired, one message a supplier', async () => {
    await onlyOurs();
    const a = await draftTemaOrder();
    const b = await draftTemaOrder();
    const lots = await queryRows<{ id: string }>(
      t.database.db,
      sql`update inventory_lots set expiry_date = ${plusDays(20)}::date
          where product_id in (${a.product.id}, ${b.product.id}) returning id`,
    );
    expect(lots).toHaveLength(2);
    expect((await giveDailyReminders(t.app.db, today)).lotsExpiring).toBe(2);
    const expiring = await notified(await eventOf('lots.expiring', lots[0]!.id));
    expect(expiring.map((s) => s.email)).toEqual(['admin@tema-pharma.demo', 'stock@tema-pharma.demo']);
    expect(expiring[0]).toMatchObject({
      title: '2 lots expire within 30 days',
      link: '/supplier?tab=inventory',
    });
    expect(expiring[0]!.body).toContain(`expires ${plusDays(20)}`);
    expectMailedAsNotified(await mailed(await eventOf('lots.expiring', lots[0]!.id)), expiring);

    await t.database.db.execute(
      sql`update inventory_lots set expiry_date = ${plusDays(-3)}::date where id = ${lots[0]!.id}`,
    );
    expect((await giveDailyReminders(t.app.db, today)).lotsExpired).toBe(1);
    const expired = await notified(await eventOf('lots.expired', lots[0]!.id));
    expect(expired[0]!.title).toBe('1 lot has expired');
  });
});

describe('e-mail preferences', () => {
  it('lists only the topics the caller’s roles receive, each e-mailed until turned off', async () => {
    const res = await call('GET', '/api/notifications/preferences', temaStock);
    expect(res.statusCode, res.body).toBe(200);
    expect(notificationPreferencesSchema.parse(res.json()).topics).toEqual([
      { topic: 'order_released', label: 'Orders approved and released', email: true },
      { topic: 'lot_expiry', label: 'Lots expiring within 30 days and expired', email: true },
      { topic: 'recall', label: 'Recalls of batches you hold or received', email: true },
      {
        topic: 'recall_acknowledged',
        label: 'Pharmacies confirming recalled deliveries are quarantined',
        email: true,
      },
      {
        topic: 'registration_expiry',
        label: 'FDA registrations of products you offer expiring within 30 days',
        email: true,
      },
      {
        topic: 'rfq_invitation',
        label: 'Requests for quotation you are invited to, their deadlines and cancellations',
        email: true,
      },
      {
        topic: 'rfq_award',
        label: 'Awards of requests for quotation you were invited to, won or not',
        email: true,
      },
      { topic: 'return_request', label: 'Returns pharmacies ask to send back', email: true },
    ]);
    const buyer = notificationPreferencesSchema.parse(
      (await call('GET', '/api/notifications/preferences', kejetia)).json(),
    );
    expect(buyer.topics.map((p) => p.topic)).toEqual([
      'order_released',
      'drop_moved',
      'credit_decision',
      'payment_recorded',
      'mobile_money',
      'invoice_reminder',
      'recall',
      'organisation_status',
      'licence_decision',
      'licence_expiry',
      'rfq_quotes',
      'return_progress',
    ]);
  });

  it('refuses a topic the caller does not receive, and one that does not exist, with field errors', async () => {
    const res = await call('PUT', '/api/notifications/preferences', temaStock, {
      topics: [
        { topic: 'lot_expiry', email: false },
        { topic: 'drop_moved', email: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'topics.1.topic': ['You do not receive this topic'] });
    const unknown = await call('PUT', '/api/notifications/preferences', temaStock, {
      topics: [{ topic: 'everything', email: false }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().fieldErrors)).toContain('topic');
    // Nothing of the refused request was kept.
    expect((await call('GET', '/api/notifications/preferences', temaStock)).json().topics[1].email).toBe(
      true,
    );
  });

  it('a topic turned off still notifies in the app, but sends no e-mail', async () => {
    const res = await call('PUT', '/api/notifications/preferences', temaStock, {
      topics: [{ topic: 'order_released', email: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().topics[0]).toMatchObject({ topic: 'order_released', email: false });
    const order = await draftTemaOrder();
    expect((await call('POST', `/api/orders/${order.id}/approve`, ama)).statusCode).toBe(200);
    const eventId = await eventOf('order.released', order.id);
    const sent = await notified(eventId);
    expect(sent.map((s) => s.email)).toContain('stock@tema-pharma.demo');
    const mails = await mailed(eventId);
    expect(mails.map((m) => m.to[0])).toEqual(
      sent.map((s) => s.email).filter((e) => e !== 'stock@tema-pharma.demo'),
    );
    await call('PUT', '/api/notifications/preferences', temaStock, {
      topics: [{ topic: 'order_released', email: true }],
    });
  });
});

describe('delivery', () => {
  it('a user removed from the organisation hears nothing more', async () => {
    const admin = await t.login('admin@tema-pharma.demo', 'supplier');
    const invited = await call('POST', '/api/org/users', admin, {
      name: 'Kofi Boateng',
      email: 'kofi@tema-pharma.demo',
      password: 'secret-123',
      roles: ['ShippingClerk'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const first = await draftTemaOrder();
    expect((await notified(await eventOf('order.drafted', first.id))).map((s) => s.email)).toContain(
      'kofi@tema-pharma.demo',
    );
    const removed = await call('DELETE', `/api/org/users/${invited.json().id as string}`, admin);
    expect(removed.statusCode, removed.body).toBe(204);
    const second = await draftTemaOrder();
    const eventId = await eventOf('order.drafted', second.id);
    expect((await notified(eventId)).map((s) => s.email)).toEqual([
      'admin@tema-pharma.demo',
      'dispatch@tema-pharma.demo',
    ]);
    expect((await mailed(eventId)).flatMap((m) => m.to)).not.toContain('kofi@tema-pharma.demo');
  });

  it('a relay refusing a message is tried again later, and the message arrives once', async () => {
    relay.refuseNext(1);
    const refusedBefore = relay.refusals();
    const platform = await t.login('admin@aduro.demo', 'platform');
    const name = 'Savannah Health Supplies';
    expect(
      (
        await call('PATCH', `/api/admin/entities/${org[name]}/toggle`, platform, {
          active: false,
          reason: 'Relay test',
        })
      ).statusCode,
    ).toBe(200);
    const eventId = await eventOf('organisation.toggled', org[name]!);
    const sent = await notified(eventId);
    expectMailedAsNotified(await mailed(eventId), sent);
    expect(relay.refusals()).toBe(refusedBefore + 1);
    expect(
      (
        await call('PATCH', `/api/admin/entities/${org[name]}/toggle`, platform, {
          active: true,
          reason: 'Relay test',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('with two replicas working the queues, each notification is written and mailed exactly once', async () => {
    await t.replica();
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await draftTemaOrder());
    for (const order of orders) {
      const eventId = await eventOf('order.drafted', order.id);
      const sent = await notified(eventId);
      expect(sent.map((s) => s.email)).toEqual(['admin@tema-pharma.demo', 'dispatch@tema-pharma.demo']);
      expectMailedAsNotified(await mailed(eventId), sent);
    }
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
