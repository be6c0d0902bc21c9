import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPesewas } from '@aduro/shared/money';
import { paymentAttemptSchema } from '@aduro/shared/payments';
import { queryRows } from '../../db/client.ts';
import { startFakePaystack, type FakePaystack } from '../../test/fake-paystack.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { waitFor } from '../../test/replicas.ts';
import { SETTLE_QUEUE } from './payments.jobs.ts';
import { settleAttempt, sweepOpenAttempts } from './settle-payment.workflow.ts';

// docs/domain.md "Mobile money": only a webhook whose signature holds is kept, once; only a verification
// agreeing on status, reference, amount and currency applies money, once; the sweep closes what no
// webhook did.
let fake: FakePaystack;
let t: TestApp;
let ama: string;
const org: Record<string, string> = {};
const ACCRACARE = 'AccraCare Pharmacy';

// The fake's scenario by the number's last 4 digits (test/fake-paystack.ts FAKE_SCENARIOS): pay_offline
// waits for the test to approve, decline or abandon.
const APPROVES_ON_PHONE = '024 555 1111';

beforeAll(async () => {
  fake = await startFakePaystack();
  t = await createTestApp({
    env: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url },
    jobPollingSeconds: 0.5,
  });
  ama = await t.login('buyer@accracare.demo', 'customer');
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t?.serverErrors ?? []).toEqual([]);
  await t?.close();
  await fake?.close();
});

const db = () => t.database.db;

const postWebhook = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-paystack-signature': signature }),
    },
  });

/** Paystack's charge.success for the reference, signed with the fake's key. */
const signedSuccess = (reference: string) => fake.signed(fake.webhookPayload(reference));

// AccraCare's unpaid invoices (all on credit in the seed) are few and owe thousands: most tests pay a
// few cedis into one shared invoice and compare before and after; the test that pays an invoice off
// takes one of its own.
const taken = new Set<string>();
interface TestInvoice {
  id: string;
  due: number;
  sellerOrgId: string;
  creditLineId: string | null;
}
async function unpaidInvoices() {
  return queryRows<{ id: string; due: number; sellerOrgId: string; creditLineId: string | null }>(
    db(),
    sql`select id, amount - amount_paid - credit_applied as due, seller_org_id as "sellerOrgId",
               credit_line_id as "creditLineId"
        from invoices
        where buyer_org_id = ${org[ACCRACARE]} and status = 'unpaid'
          and amount - amount_paid - credit_applied >= 100
        order by number`,
  );
}
let shared: TestInvoice | undefined;
/** The invoice the tests paying a few cedis share. */
async function sharedInvoice(): Promise<TestInvoice> {
  if (!shared) {
    shared = (await unpaidInvoices())[0];
    if (!shared) throw new Error('the seed has no unpaid invoice of AccraCare');
    taken.add(shared.id);
  }
  const [now] = await queryRows<{ due: number }>(
    db(),
    sql`select amount - amount_paid - credit_applied as due from invoices where id = ${shared.id}`,
  );
  return { ...shared, due: now!.due };
}
/** An unpaid invoice no other test pays into. */
async function ownInvoice(): Promise<TestInvoice> {
  const row = (await unpaidInvoices()).find((r) => !taken.has(r.id));
  if (!row) throw new Error('the seed has no unused unpaid invoice of AccraCare');
  taken.add(row.id);
  return row;
}

/** Starts a charge through the API, as the buyer does; answers the attempt (pay_offline). */
async function startAttempt(invoiceId: string, amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/invoices/${invoiceId}/mobile-money`,
    headers: { authorization: ama },
    payload: { amount, phone: APPROVES_ON_PHONE, provider: 'MTN' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return paymentAttemptSchema.parse(res.json());
}

async function attemptRow(reference: string) {
  const [row] = await queryRows<{
    id: string;
    status: string;
    message: string | null;
    applied: number | null;
    heldAsCredit: number | null;
    paymentId: string | null;
    createdAt: Date;
  }>(
    db(),
    sql`select id, status, message, applied, held_as_credit as "heldAsCredit", payment_id as "paymentId",
               created_at as "createdAt"
        from payment_attempts where reference = ${reference}`,
  );
  return { ...row!, createdAt: new Date(row!.createdAt) };
}

/** Waits until the attempt has left the open statuses, and answers it. */
const settled = (reference: string) =>
  waitFor(`attempt ${reference} to settle`, async () => {
    const row = await attemptRow(reference);
    return row.status === 'success' ? row : undefined;
  });

async function invoiceState(id: string) {
  const [row] = await queryRows<{ amount: number; amountPaid: number; status: string; payments: number }>(
    db(),
    sql`select amount, amount_paid as "amountPaid", status,
               (select count(*)::int from payments p where p.invoice_id = i.id) as payments
        from invoices i where id = ${id}`,
  );
  return row!;
}

const eventsAbout = async (type: string, attemptId: string) => {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from events where type = ${type} and refs->>'paymentId' = ${attemptId}`,
  );
  return row!.n;
};

const storedEvents = async () => {
  const [row] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from paystack_events`);
  return row!.n;
};

async function supplierCredit(sellerOrgId: string) {
  const [row] = await queryRows<{ balance: number }>(
    db(),
    sql`select balance from supplier_credits where buyer_org_id = ${org[ACCRACARE]} and seller_org_id = ${sellerOrgId}`,
  );
  return toPesewas(row?.balance ?? 0);
}

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe('the Paystack webhook', () => {
  it('refuses a forged or missing signature with 401 and stores and applies nothing', async () => {
    const invoice = await sharedInvoice();
    const attempt = await startAttempt(invoice.id, 5);
    await fake.approve(attempt.reference);
    const before = { stored: await storedEvents(), invoice: await invoiceState(invoice.id) };
    const { body, signature } = signedSuccess(attempt.reference);

    const forged = await postWebhook(
      body,
      signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('INVALID_SIGNATURE');
    // The body changed after signing (a bigger amount) does not pass with the original signature.
    const altered = await postWebhook(body.replace(/"amount":\d+/, '"amount":99999999'), signature);
    expect(altered.statusCode).toBe(401);
    const unsigned = await postWebhook(body);
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe('INVALID_SIGNATURE');

    expect(await storedEvents()).toBe(before.stored);
    expect(await invoiceState(invoice.id)).toEqual(before.invoice);
    expect((await attemptRow(attempt.reference)).status).toBe('pay_offline');
  });

  it('answers 400 to a signed body that is not JSON, storing nothing', async () => {
    const before = await storedEvents();
    const body = 'charge.success but not JSON';
    const signature = createHmac('sha512', fake.secretKey).update(body).digest('hex');
    const res = await postWebhook(body, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MALFORMED_REQUEST');
    expect(await storedEvents()).toBe(before);
  });

  it('applies a signed charge.success once, and a replay of the same body answers 200 and does nothing', async () => {
    const invoice = await sharedInvoice();
    const attempt = await startAttempt(invoice.id, 7.25);
    await fake.approve(attempt.reference);
    const before = await invoiceState(invoice.id);
    const { body, signature } = signedSuccess(attempt.reference);

    const first = await postWebhook(body, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const row = await settled(attempt.reference);
    expect(row.applied).toBe(7.25);
    expect(row.heldAsCredit).toBe(0);

    const replay = await postWebhook(body, signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true });
    // The replay stored nothing, so it queued nothing: one kept event and one settle job for the reference.
    const [kept] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from paystack_events where reference = ${attempt.reference}`,
    );
    expect(kept!.n).toBe(1);
    const [jobs] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from pgboss.job where name = ${SETTLE_QUEUE} and data->>'reference' = ${attempt.reference}`,
    );
    expect(jobs!.n).toBe(1);
    // And settling again by hand (the job retried, the sweep) changes nothing either.
    expect(await settleAttempt(db(), t.app.paystack!, attempt.reference)).toBe('already');

    const after = await invoiceState(invoice.id);
    expect(after.payments).toBe(before.payments + 1);
    expect(toPesewas(after.amountPaid) - toPesewas(before.amountPaid)).toBe(725);
    expect(await eventsAbout('payment.settled', attempt.id)).toBe(1);
  });

  it.each([
    ['amount', { amountPesewas: 1 }, /amount/],
    ['currency', { currency: 'USD' }, /currency USD/],
    ['reference', { reference: 'ADR-SOMEONE-ELSES' }, /reference ADR-SOMEONE-ELSES/],
  ] as const)(
    'flags an attempt whose verification disagrees on the %s, applying nothing',
    async (_what, change, named) => {
      const invoice = await sharedInvoice();
      const attempt = await startAttempt(invoice.id, 3);
      await fake.approve(attempt.reference);
      fake.tamper(attempt.reference, change);
      const before = await invoiceState(invoice.id);
      const { body, signature } = signedSuccess(attempt.reference);
      expect((await postWebhook(body, signature)).statusCode).toBe(200);

      const row = await waitFor('the attempt to be flagged', async () => {
        const r = await attemptRow(attempt.reference);
        return r.status === 'flagged' ? r : undefined;
      });
      expect(row.message).toMatch(named);
      expect(row.paymentId).toBeNull();
      expect(await invoiceState(invoice.id)).toEqual(before);
      expect(await eventsAbout('payment.failed', attempt.id)).toBe(1);
      expect(await eventsAbout('payment.settled', attempt.id)).toBe(0);
      // A flagged attempt waits for a person: settling it again does not apply it.
      fake.tamper(attempt.reference, {});
      expect(await settleAttempt(db(), t.app.paystack!, attempt.reference)).toBe('flagged');
    },
  );

  it('retries the settlement while Paystack is down, and settles once it is back', async () => {
    const invoice = await sharedInvoice();
    const attempt = await startAttempt(invoice.id, 4);
    await fake.approve(attempt.reference);
    const before = await invoiceState(invoice.id);
    const { body, signature } = signedSuccess(attempt.reference);
    fake.down('503');
    try {
      expect((await postWebhook(body, signature)).statusCode).toBe(200);
      // The job ran, met Paystack away and is waiting for its retry.
      await waitFor('the settle job to fail once', async () => {
        const [job] = await queryRows<{ state: string }>(
          db(),
          sql`select state from pgboss.job where name = ${SETTLE_QUEUE} and data->>'reference' = ${attempt.reference}`,
        );
        return job?.state === 'retry' ? job : undefined;
      });
      expect((await attemptRow(attempt.reference)).status).toBe('pay_offline');
    } finally {
      fake.down(false);
    }
    const row = await settled(attempt.reference);
    expect(row.applied).toBe(4);
    const after = await invoiceState(invoice.id);
    expect(after.payments).toBe(before.payments + 1);
    expect(toPesewas(after.amountPaid) - toPesewas(before.amountPaid)).toBe(400);
    expect(await eventsAbout('payment.settled', attempt.id)).toBe(1);
    // The first retry waits retryDelaySeconds (15 s): this test waits on the job's state, longer than most.
  }, 60_000);
});

describe('settlement without a webhook (the sweep) and what is owed', () => {
  it('closes an attempt the buyer abandoned, once 10 minutes have passed', async () => {
    const invoice = await sharedInvoice();
    const attempt = await startAttempt(invoice.id, 2);
    fake.abandon(attempt.reference);
    const { createdAt } = await attemptRow(attempt.reference);

    // Before 10 minutes the sweep leaves it alone.
    await sweepOpenAttempts(db(), t.app.paystack!, minutesAfter(createdAt, 9));
    expect((await attemptRow(attempt.reference)).status).toBe('pay_offline');

    await sweepOpenAttempts(db(), t.app.paystack!, minutesAfter(createdAt, 11));
    expect((await attemptRow(attempt.reference)).status).toBe('abandoned');
    expect(await eventsAbout('payment.failed', attempt.id)).toBe(1);
  });

  it('fails an attempt Paystack never received, after 10 minutes', async () => {
    const invoice = await sharedInvoice();
    fake.down('refuse');
    let reference: string;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/invoices/${invoice.id}/mobile-money`,
        headers: { authorization: ama },
        payload: { amount: 2, phone: APPROVES_ON_PHONE, provider: 'MTN' },
      });
      expect(res.statusCode, res.body).toBe(503);
    } finally {
      fake.down(false);
      t.serverErrors.splice(0);
    }
    {
      const [row] = await queryRows<{ reference: string }>(
        db(),
        sql`select reference from payment_attempts where invoice_id = ${invoice.id} and status = 'pending'
            order by created_at desc limit 1`,
      );
      reference = row!.reference;
    }
    const { createdAt, id } = await attemptRow(reference);
    // Paystack may yet receive it within 10 minutes: still open.
    expect(await settleAttempt(db(), t.app.paystack!, reference, { now: minutesAfter(createdAt, 5) })).toBe(
      'open',
    );
    await sweepOpenAttempts(db(), t.app.paystack!, minutesAfter(createdAt, 11));
    expect((await attemptRow(reference)).status).toBe('failed');
    expect(await eventsAbout('payment.failed', id)).toBe(1);
  });

  it('gives up locally on an attempt still open after 24 hours', async () => {
    const invoice = await sharedInvoice();
    const attempt = await startAttempt(invoice.id, 2);
    const { createdAt } = await attemptRow(attempt.reference);
    // Paystack still says the buyer has not answered: after an hour it stays open.
    await sweepOpenAttempts(db(), t.app.paystack!, minutesAfter(createdAt, 60));
    expect((await attemptRow(attempt.reference)).status).toBe('pay_offline');

    await sweepOpenAttempts(db(), t.app.paystack!, minutesAfter(createdAt, 24 * 60 + 1));
    const row = await attemptRow(attempt.reference);
    expect(row.status).toBe('abandoned');
    expect(row.message).toMatch(/24 hours/);
    expect(await eventsAbout('payment.failed', attempt.id)).toBe(1);
  });

  it('applies a failed attempt that Paystack later verifies as paid: the money is real', async () => {
    const invoice = await sharedInvoice();
    const attempt = await startAttempt(invoice.id, 6);
    fake.decline(attempt.reference);
    const { createdAt } = await attemptRow(attempt.reference);
    await sweepOpenAttempts(db(), t.app.paystack!, minutesAfter(createdAt, 11));
    expect((await attemptRow(attempt.reference)).status).toBe('failed');

    fake.tamper(attempt.reference, { status: 'success' });
    const before = await invoiceState(invoice.id);
    const { body, signature } = signedSuccess(attempt.reference);
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    const row = await settled(attempt.reference);
    expect(row.applied).toBe(6);
    const after = await invoiceState(invoice.id);
    expect(toPesewas(after.amountPaid) - toPesewas(before.amountPaid)).toBe(600);
  });

  it('pays the invoice exactly when two attempts cover it, holding the second as credit with the supplier', async () => {
    const invoice = await ownInvoice();
    const creditBefore = await supplierCredit(invoice.sellerOrgId);
    const first = await startAttempt(invoice.id, invoice.due);
    const second = await startAttempt(invoice.id, invoice.due);
    for (const attempt of [first, second]) {
      await fake.approve(attempt.reference);
      const { body, signature } = signedSuccess(attempt.reference);
      expect((await postWebhook(body, signature)).statusCode).toBe(200);
      await settled(attempt.reference);
    }

    const state = await invoiceState(invoice.id);
    expect(state.status).toBe('paid');
    expect(toPesewas(state.amountPaid)).toBe(toPesewas(state.amount));
    const rows = [await attemptRow(first.reference), await attemptRow(second.reference)];
    for (const row of rows) {
      expect(row.status).toBe('success');
      expect(toPesewas(row.applied!) + toPesewas(row.heldAsCredit!)).toBe(toPesewas(invoice.due));
    }
    expect(rows[0]!.applied).toBe(invoice.due);
    expect(rows[1]!.applied).toBe(0);
    expect(rows[1]!.paymentId).toBeNull();
    expect((await supplierCredit(invoice.sellerOrgId)) - creditBefore).toBe(toPesewas(invoice.due));

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${second.reference}`,
      headers: { authorization: ama },
    });
    expect(read.statusCode).toBe(200);
    expect(paymentAttemptSchema.parse(read.json())).toMatchObject({
      status: 'success',
      applied: 0,
      heldAsCredit: invoice.due,
      outstandingAfter: 0,
    });
  });

  it('lowers a credit invoice’s credit line by exactly what was applied', async () => {
    const invoice = await sharedInvoice();
    expect(invoice.creditLineId).not.toBeNull();
    const balance = async () => {
      const [row] = await queryRows<{ balance: number }>(
        db(),
        sql`select balance from credit_lines where id = ${invoice.creditLineId}`,
      );
      return toPesewas(row!.balance);
    };
    const before = await balance();
    const attempt = await startAttempt(invoice.id, 3.5);
    await fake.approve(attempt.reference);
    const { body, signature } = signedSuccess(attempt.reference);
    expect((await postWebhook(body, signature)).statusCode).toBe(200);
    await settled(attempt.reference);
    expect(before - (await balance())).toBe(350);
    const [event] = await queryRows<{ creditLineId: string | null }>(
      db(),
      sql`select refs->>'creditLineId' as "creditLineId" from events
          where type = 'payment.settled' and refs->>'paymentId' = ${attempt.id}`,
    );
    expect(event!.creditLineId).toBe(invoice.creditLineId);
  });
});
