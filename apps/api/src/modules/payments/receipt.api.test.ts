import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityItem } from '@aduro/shared/activity';
import type { EventType } from '@aduro/shared/events';
import { orderSchema } from '@aduro/shared/orders';
import type { PaymentAttemptStatus } from '@aduro/shared/payments';
import { queryRows } from '../../db/client.ts';
import type { MailMessage, Mailer } from '../../lib/mail/mailer.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { findEvents, recordEvent } from '../events/events.repository.ts';
import { sendQueuedMail } from '../notifications/notification-mail.service.ts';
import { notifyEvent, type QueuedMail } from '../notifications/notify-event.ts';
import { paymentReceiptFor } from './receipt.workflow.ts';

/*
 * What a mobile-money payment leaves behind once the settlement has decided it: the receipt (a PDF for
 * the buyer and the supplier, no one else, and only once money was applied), the notifications and
 * their e-mails (the receipt attached), and the sentences of both activity trails. The attempts are
 * written here in SQL as the settlement leaves them, so these pin the words and the documents alone.
 */

let t: TestApp;
let ama: string;
let temaStock: string;
let temaAdmin: string;
let kejetiaOrgId: string;
let platform: string;
let amaUserId: string;
const org: Record<string, string> = {};

const BUYER = 'AccraCare Pharmacy';
const TEMA = 'Tema Pharma Distributors';
// mobile_money: the buyer's Buyers hear both events; the supplier's CreditApprover and Admin a settlement.
const BUYER_HEARS = ['buyer@accracare.demo', 'procurement@accracare.demo'];
const TEMA_HEARS = ['admin@tema-pharma.demo', 'credit@tema-pharma.demo'];

beforeAll(async () => {
  t = await createTestApp();
  [ama, temaStock, temaAdmin, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
  const [user] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from users where email = 'buyer@accracare.demo'`,
  );
  amaUserId = user!.id;
  const [other] = await queryRows<{ orgId: string }>(
    t.database.db,
    sql`select org_id as "orgId" from users where email = 'buyer@kejetia-health.demo'`,
  );
  kejetiaOrgId = other!.orgId;
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface Invoice extends Record<string, unknown> {
  id: string;
  number: string;
  amount: number;
}

let seq = 0;
/** A released order of 30 units at GH₵12.50 from Tema to AccraCare: its invoice of GH₵375.00. */
async function newInvoice(): Promise<Invoice> {
  const product = await call('POST', '/api/products', temaStock, {
    name: `Receipt test product ${++seq}-${Date.now().toString(36)}`,
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
  const drafted = await call('POST', '/api/orders', ama, {
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
  expect(drafted.statusCode, drafted.body).toBe(201);
  const order = orderSchema.parse(drafted.json());
  const approved = await call('POST', `/api/orders/${order.id}/approve`, ama);
  expect(approved.statusCode, approved.body).toBe(200);
  const [invoice] = await queryRows<Invoice>(
    t.database.db,
    sql`select id, number, amount::float8 as amount from invoices where order_id = ${order.id}`,
  );
  expect(invoice?.amount).toBe(375);
  return invoice!;
}

const reference = (invoice: Invoice) =>
  `ADR-${invoice.number}-${(++seq).toString().padStart(4, '0')}RCPT${Date.now().toString(36).slice(-2).toUpperCase()}`;

interface Attempt {
  id: string;
  reference: string;
}

/** An attempt still open, or closed without money (failed, abandoned, flagged), as the settlement leaves it. */
async function unpaidAttempt(
  invoice: Invoice,
  status: PaymentAttemptStatus,
  amount: number,
  message: string | null,
): Promise<Attempt> {
  const ref = reference(invoice);
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into payment_attempts (reference, invoice_id, buyer_org_id, seller_org_id, initiated_by_user_id,
                                      amount, provider_code, provider_name, phone_last4, status, message)
        values (${ref}, ${invoice.id}, ${org[BUYER]}, ${org[TEMA]}, ${amaUserId}, ${amount}, 'VOD',
                'Telecel Cash', '5678', ${status}, ${message})
        returning id`,
  );
  return { id: row!.id, reference: ref };
}

/**
 * A verified payment of `amount` applied as the settlement applies it: up to what the invoice owes
 * (a payments row, the invoice's amount paid), any excess held as credit with the supplier.
 */
async function settledAttempt(invoice: Invoice, amount: number): Promise<Attempt> {
  const ref = reference(invoice);
  return t.database.db.transaction(async (tx) => {
    const [owed] = await queryRows<{ owed: number }>(
      tx,
      sql`select (amount - amount_paid - credit_applied)::float8 as owed from invoices where id = ${invoice.id}`,
    );
    const applied = Math.min(amount, owed!.owed);
    const held = Math.round((amount - applied) * 100) / 100;
    const outstanding = Math.round((owed!.owed - applied) * 100) / 100;
    let paymentId: string | null = null;
    if (applied > 0) {
      const [payment] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payments (invoice_id, amount, method, reference, recorded_by_user_id)
            values (${invoice.id}, ${applied}, 'mobile_money', ${ref}, ${amaUserId}) returning id`,
      );
      paymentId = payment!.id;
      await tx.execute(
        sql`update invoices set amount_paid = amount_paid + ${applied},
                   status = case when ${outstanding} = 0 then 'paid'::invoice_status else status end,
                   paid_at = case when ${outstanding} = 0 then now() else paid_at end
            where id = ${invoice.id}`,
      );
    }
    if (held > 0)
      await tx.execute(
        sql`insert into supplier_credits (buyer_org_id, seller_org_id, balance)
            values (${org[BUYER]}, ${org[TEMA]}, ${held})
            on conflict (buyer_org_id, seller_org_id)
            do update set balance = supplier_credits.balance + excluded.balance`,
      );
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into payment_attempts (reference, invoice_id, buyer_org_id, seller_org_id, initiated_by_user_id,
                                        amount, provider_code, provider_name, phone_last4, status, message,
                                        paystack_transaction_id, payment_id, applied, held_as_credit,
                                        outstanding_after, checked_at, settled_at)
          values (${ref}, ${invoice.id}, ${org[BUYER]}, ${org[TEMA]}, ${amaUserId}, ${amount}, 'MTN', 'MTN',
                  '1234', 'success', 'Approved', '4099260516', ${paymentId}, ${applied}, ${held},
                  ${outstanding}, now(), '2026-11-27T14:05:00Z')
          returning id`,
    );
    return { id: row!.id, reference: ref };
  });
}

/** The event the settlement records, run through the notifications job's own function, as the job would. */
async function announce(type: 'payment.settled' | 'payment.failed', invoice: Invoice, attempt: Attempt) {
  const event = await recordEvent(t.database.db, {
    type,
    orgIds: type === 'payment.settled' ? [org[BUYER]!, org[TEMA]!] : [org[BUYER]!],
    refs: { buyerId: org[BUYER], supplierId: org[TEMA], invoiceId: invoice.id, paymentId: attempt.id },
    actorUserId: null,
  });
  const mails: QueuedMail[] = [];
  await notifyEvent(t.app.db, event, { queueMail: async (_tx, mail) => void mails.push(mail) });
  const sent = await queryRows<{ email: string; title: string; body: string; link: string }>(
    t.database.db,
    sql`select u.email, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id
        where n.event_id = ${event.id} order by u.email`,
  );
  return { eventId: event.id, sent, mails };
}

/** The queued e-mails sent as the mail job sends them, to a mailer that keeps them. */
async function deliver(mails: QueuedMail[]): Promise<MailMessage[]> {
  const delivered: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (message) => {
      delivered.push(message);
      return { messageId: `<${delivered.length}@aduro.test>` };
    },
    close: async () => {},
  };
  for (const mail of mails)
    await sendQueuedMail(t.app.db, mailer, (screen) => `https://aduro.test${screen}`, mail);
  return delivered;
}

async function activityItem(authorization: string, type: EventType, eventId: number, orgId?: string) {
  const res = await call(
    'GET',
    `/api/activity?type=${type}&limit=200${orgId ? `&orgId=${orgId}` : ''}`,
    authorization,
  );
  expect(res.statusCode, res.body).toBe(200);
  return activityPageSchema.parse(res.json()).items.find((i) => i.id === eventId) as ActivityItem | undefined;
}

/** One side's notification should read the same to each of its recipients. */
function oneText(sent: { email: string; title: string; body: string; link: string }[], emails: string[]) {
  const theirs = sent.filter((s) => emails.includes(s.email));
  expect(theirs.map((s) => s.email)).toEqual(emails);
  expect(new Set(theirs.map((s) => JSON.stringify([s.title, s.body, s.link]))).size).toBe(1);
  return theirs[0]!;
}

describe('a part payment settled by mobile money', () => {
  let invoice: Invoice;
  let attempt: Attempt;

  beforeAll(async () => {
    invoice = await newInvoice();
    attempt = await settledAttempt(invoice, 150);
  });

  it('prints a receipt with the reference, both parties, the network, the masked phone, the split and what remains', async () => {
    const receipt = await paymentReceiptFor(t.app.db, org[BUYER]!, attempt.reference);
    expect(receipt?.fileName).toBe(`receipt-${attempt.reference}.pdf`);
    const text = await pdfText(receipt!.content);
    expect(text).toContain('PAYMENT RECEIPT');
    expect(text).toContain(attempt.reference);
    expect(text).toContain('Settled: 27 Nov 2026, 14:05');
    expect(text).toContain(`Invoice: ${invoice.number}`);
    expect(text).toContain(TEMA);
    expect(text).toContain(BUYER);
    // One row: what it paid for, the network, the phone's last digits (the rest is never kept), the amount.
    expect(text).toContain(`Invoice ${invoice.number} MTN •••• 1234 GHS 150.00`);
    expect(text).toContain('Applied to the invoice GHS 150.00');
    expect(text).toContain('Amount paid GHS 150.00');
    expect(text).not.toContain('Held as credit');
    expect(text).toContain(`Outstanding on invoice ${invoice.number} after this payment: GHS 225.00`);
    expect(text).toContain('Paid by mobile money through Paystack');
  });

  it('is printed for the supplier too, and for nobody else', async () => {
    const forSupplier = await paymentReceiptFor(t.app.db, org[TEMA]!, attempt.reference);
    expect(await pdfText(forSupplier!.content)).toContain(attempt.reference);
    expect(await paymentReceiptFor(t.app.db, kejetiaOrgId, attempt.reference)).toBeNull();
    expect(await paymentReceiptFor(t.app.db, org[BUYER]!, 'ADR-INV-2026-999999-NOSUCHREF')).toBeNull();
  });

  it('tells the buyer what went to the invoice and what remains, and the supplier who paid; both e-mails attach the receipt', async () => {
    const { eventId, sent, mails } = await announce('payment.settled', invoice, attempt);
    expect(sent.map((s) => s.email)).toEqual([...TEMA_HEARS, ...BUYER_HEARS].sort());
    expect(oneText(sent, BUYER_HEARS)).toMatchObject({
      title: `Payment of GH₵150.00 received on invoice ${invoice.number}`,
      body: `${TEMA} received your mobile money payment of GH₵150.00 (MTN, phone ending 1234), verified with Paystack. GH₵150.00 went to invoice ${invoice.number}. GH₵225.00 remains outstanding on invoice ${invoice.number}. Receipt ${attempt.reference}.`,
      link: '/customer/credit',
    });
    expect(oneText(sent, TEMA_HEARS)).toMatchObject({
      title: `${BUYER} paid GH₵150.00 by mobile money on invoice ${invoice.number}`,
      body: `${BUYER} paid GH₵150.00 by mobile money (MTN) on invoice ${invoice.number}, verified with Paystack. GH₵150.00 went to invoice ${invoice.number}. GH₵225.00 remains outstanding on invoice ${invoice.number}. Receipt ${attempt.reference}.`,
      link: '/supplier?tab=credit',
    });

    // Each recipient's e-mail, as the mail job sends it: the receipt rendered then, attached.
    expect(mails).toHaveLength(4);
    const delivered = await deliver(mails);
    expect(delivered.map((m) => m.to).sort()).toEqual([...TEMA_HEARS, ...BUYER_HEARS].sort());
    for (const mail of delivered) {
      expect(mail.text).toContain(`Receipt ${attempt.reference} is attached as a PDF`);
      expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
        [`receipt-${attempt.reference}.pdf`, 'application/pdf'],
      ]);
      expect(await pdfText(mail.attachments![0]!.content)).toContain('GHS 225.00');
    }

    const said = `${BUYER} paid GH₵150.00 by mobile money (MTN) on invoice ${invoice.number}`;
    expect((await activityItem(temaAdmin, 'payment.settled', eventId))?.description).toBe(said);
    expect((await activityItem(platform, 'payment.settled', eventId, org[BUYER]))?.description).toBe(said);
    // Another buyer's trail does not show it.
    expect(await activityItem(platform, 'payment.settled', eventId, kejetiaOrgId)).toBeUndefined();
  });

  it('a second run of the job notifies and mails nobody again', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int from events where type = 'payment.settled' and refs ->> 'paymentId' = ${attempt.id}`,
    );
    const [event] = await findEvents(t.database.db, [row!.id]);
    const mails: QueuedMail[] = [];
    await notifyEvent(t.app.db, event!, { queueMail: async (_tx, mail) => void mails.push(mail) });
    expect(mails).toEqual([]);
  });
});

describe('a payment larger than what the invoice still owes', () => {
  it('says on the receipt, the notices and the e-mails what was held as credit with the supplier', async () => {
    const invoice = await newInvoice();
    await settledAttempt(invoice, 300);
    const attempt = await settledAttempt(invoice, 100);

    const text = await pdfText((await paymentReceiptFor(t.app.db, org[BUYER]!, attempt.reference))!.content);
    expect(text).toContain('Applied to the invoice GHS 75.00');
    expect(text).toContain('Held as credit with the seller GHS 25.00');
    expect(text).toContain('Amount paid GHS 100.00');
    expect(text).toContain(`Outstanding on invoice ${invoice.number} after this payment: GHS 0.00`);
    expect(text).toContain(`is held as credit with ${TEMA}`);

    const { sent } = await announce('payment.settled', invoice, attempt);
    expect(oneText(sent, BUYER_HEARS).body).toBe(
      `${TEMA} received your mobile money payment of GH₵100.00 (MTN, phone ending 1234), verified with Paystack. GH₵75.00 went to invoice ${invoice.number}; the other GH₵25.00, more than it still owed, is held as your credit with ${TEMA}. Invoice ${invoice.number} is paid in full. Receipt ${attempt.reference}.`,
    );
    expect(oneText(sent, TEMA_HEARS).body).toBe(
      `${BUYER} paid GH₵100.00 by mobile money (MTN) on invoice ${invoice.number}, verified with Paystack. GH₵75.00 went to invoice ${invoice.number}; the other GH₵25.00, more than it still owed, is held as ${BUYER}'s credit with you. Invoice ${invoice.number} is paid in full. Receipt ${attempt.reference}.`,
    );
  });

  it('all of it is held as credit when the invoice was already paid', async () => {
    const invoice = await newInvoice();
    await settledAttempt(invoice, 375);
    const attempt = await settledAttempt(invoice, 40);
    const text = await pdfText((await paymentReceiptFor(t.app.db, org[TEMA]!, attempt.reference))!.content);
    expect(text).toContain('Applied to the invoice GHS 0.00');
    expect(text).toContain('Held as credit with the seller GHS 40.00');
    const { sent } = await announce('payment.settled', invoice, attempt);
    expect(oneText(sent, BUYER_HEARS).body).toContain(
      `Invoice ${invoice.number} was already settled, so all GH₵40.00 is held as your credit with ${TEMA}.`,
    );
  });
});

describe('a payment that moved no money', () => {
  let invoice: Invoice;
  beforeAll(async () => {
    invoice = await newInvoice();
  });

  it('has no receipt', async () => {
    for (const status of ['pending', 'pay_offline', 'failed', 'flagged'] as const) {
      const attempt = await unpaidAttempt(invoice, status, 50, null);
      expect(await paymentReceiptFor(t.app.db, org[BUYER]!, attempt.reference), status).toBeNull();
    }
  });

  const cases = [
    {
      status: 'failed',
      message: 'Declined by user',
      title: 'failed',
      body: (what: string) =>
        `${what} failed, so nothing was applied to the invoice. Reason: Declined by user.`,
      activity: 'failed',
    },
    {
      status: 'abandoned',
      message: null,
      title: 'was not completed',
      body: (what: string) => `${what} was not completed, so nothing was applied to the invoice.`,
      activity: 'was not completed',
    },
    {
      status: 'flagged',
      message: "Paystack's verification disagreed on the amount; nothing was applied.",
      title: 'is being checked',
      body: (what: string) =>
        `${what}: Paystack's record did not match it, so it was not applied; Aduro will look into it. Details: Paystack's verification disagreed on the amount; nothing was applied.`,
      activity: 'was flagged for checking',
    },
  ] as const;

  for (const c of cases) {
    it(`tells only the buyer when it ${c.title}, with the reason, and the trail says so`, async () => {
      const attempt = await unpaidAttempt(invoice, c.status, 50, c.message);
      const { eventId, sent, mails } = await announce('payment.failed', invoice, attempt);
      const what = `Your mobile money payment of GH₵50.00 to ${TEMA} on invoice ${invoice.number} (Telecel Cash, phone ending 5678)`;
      expect(sent.map((s) => s.email)).toEqual(BUYER_HEARS);
      expect(oneText(sent, BUYER_HEARS)).toMatchObject({
        title: `Mobile money payment on invoice ${invoice.number} ${c.title}`,
        body: c.body(what),
        link: '/customer/credit',
      });
      // Nothing to receipt: the e-mails carry no file.
      for (const mail of await deliver(mails)) expect(mail.attachments ?? []).toEqual([]);

      const said = `Mobile money payment of GH₵50.00 on invoice ${invoice.number} ${c.activity}`;
      expect((await activityItem(platform, 'payment.failed', eventId, org[BUYER]))?.description).toBe(said);
      // The event names the buyer alone: the supplier's trail does not show it.
      expect(await activityItem(temaAdmin, 'payment.failed', eventId)).toBeUndefined();
    });
  }

  it('one Paystack confirmed after all is not told as failed: its settlement tells of it', async () => {
    const failedFirst = await settledAttempt(invoice, 20);
    const { eventId, sent } = await announce('payment.failed', invoice, failedFirst);
    expect(sent).toEqual([]);
    expect((await activityItem(platform, 'payment.failed', eventId, org[BUYER]))?.description).toBe(
      `Mobile money payment of GH₵20.00 on invoice ${invoice.number} did not go through at first, and was applied once Paystack confirmed it`,
    );
  });
});
