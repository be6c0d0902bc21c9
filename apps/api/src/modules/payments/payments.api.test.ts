import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCedis, toPesewas } from '@aduro/shared/money';
import {
  MOBILE_MONEY_MESSAGES,
  mobileMoneyProvidersSchema,
  paymentAttemptSchema,
  supplierCreditSchema,
  type PaymentAttempt,
} from '@aduro/shared/payments';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  FAKE_OTP,
  FAKE_PROVIDERS,
  OTP_PROMPT,
  startFakePaystack,
  type FakePaystack,
} from '../../test/fake-paystack.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { waitFor } from '../../test/replicas.ts';
import { UNREACHED_MESSAGE } from './payments.service.ts';

let fake: FakePaystack;
let t: TestApp;
let off: TestApp;
let ama: string;
let kejetia: string;
let temaCredit: string;
let temaDispatch: string;
let medilink: string;
const org: Record<string, string> = {};
const ACCRACARE = 'AccraCare Pharmacy';
const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';

// Numbers whose last 4 digits pick the fake's scenario (test/fake-paystack.ts FAKE_SCENARIOS).
const PAYS_AT_ONCE = '024 555 0000';
const APPROVES_ON_PHONE = '024 555 1111';
const ASKS_FOR_OTP = '024 555 2222';
const DECLINED = '024 555 3333';

beforeAll(async () => {
  fake = await startFakePaystack();
  [t, off] = await Promise.all([
    createTestApp({ env: { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url } }),
    createTestApp(),
  ]);
  fake.deliverWebhook = async (raw, signature) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode} ${res.body}`);
  };
  [ama, kejetia, temaCredit, temaDispatch, medilink] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  await fake?.idle();
  expect(fake?.deliveryErrors ?? []).toEqual([]);
  expect(t?.serverErrors ?? []).toEqual([]);
  await Promise.all([t?.close(), off?.close()]);
  await fake?.close();
});

const call = (
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  authorization: string,
  payload?: object,
  headers: Record<string, string> = {},
) => app.app.inject({ method, url, headers: { authorization, ...headers }, ...(payload ? { payload } : {}) });

const pay = (invoiceId: string, body: object, authorization = ama, headers?: Record<string, string>) =>
  call(t, 'POST', `/api/invoices/${invoiceId}/mobile-money`, authorization, body, headers);

const attemptOf = async (reference: string, authorization = ama) => {
  const res = await call(t, 'GET', `/api/payments/${reference}`, authorization);
  expect(res.statusCode).toBe(200);
  return paymentAttemptSchema.parse(res.json());
};

// Invoices are handed out once each, so no test pays into another's invoice.
const taken = new Set<string>();
/**
 * An unpaid invoice AccraCare owes, owing at least `minDue` cedis, not used by another test: issued by
 * Tema when the test reads it as Tema's credit staff, else by any supplier.
 */
async function unpaidInvoice(minDue = 1, seller?: string) {
  const rows = await queryRows<{ id: string; number: string; amountPaid: string; due: string }>(
    t.database.db,
    sql`select id, number, amount_paid::text as "amountPaid",
               (amount - amount_paid - credit_applied)::text as due
        from invoices
        where buyer_org_id = ${org[ACCRACARE]} and status = 'unpaid'
          ${seller ? sql`and seller_org_id = ${org[seller]}` : sql``}
          and amount - amount_paid - credit_applied >= ${minDue}
        order by seller_org_id = ${org[TEMA]}, number`, // Tema's last: kept for the tests that need them
  );
  const row = rows.find((r) => !taken.has(r.id));
  if (!row) throw new Error(`the seed has no unused unpaid invoice owing ${minDue} or more`);
  taken.add(row.id);
  return { id: row.id, number: row.number, amountPaid: Number(row.amountPaid), due: Number(row.due) };
}

/**
 * One more invoice for the tests that apply no money (declined, refused, unreachable, repeated): the
 * seed has few unpaid invoices of one buyer, and these leave what it owes as it was.
 */
let untouched: Awaited<ReturnType<typeof unpaidInvoice>> | undefined;
async function invoiceNothingIsAppliedTo() {
  untouched ??= await unpaidInvoice(3);
  return untouched;
}

/** What the invoice has been paid and still owes, and its status, read with SQL. */
async function invoiceState(id: string) {
  const [row] = await queryRows<{ amount: string; amountPaid: string; status: string; payments: number }>(
    t.database.db,
    sql`select amount::text as amount, amount_paid::text as "amountPaid", status,
               (select count(*)::int from payments y where y.invoice_id = i.id) as payments
        from invoices i where id = ${id}`,
  );
  return {
    amount: Number(row!.amount),
    amountPaid: Number(row!.amountPaid),
    status: row!.status,
    payments: row!.payments,
  };
}

const charges = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/charge');

describe('GET /api/payments/mobile-money/providers', () => {
  it('lists the networks Paystack lists as active, and says mobile money is off without a key', async () => {
    const res = await call(t, 'GET', '/api/payments/mobile-money/providers', ama);
    expect(res.statusCode).toBe(200);
    const body = mobileMoneyProvidersSchema.parse(res.json());
    expect(body.enabled).toBe(true);
    expect(body.providers).toEqual(
      FAKE_PROVIDERS.filter((p) => p.active).map((p) => ({ code: p.code, name: p.name })),
    );
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.startsWith('/bank'))).toBe(true);

    // Any signed-in user reads it, a supplier's staff too.
    expect((await call(t, 'GET', '/api/payments/mobile-money/providers', temaDispatch)).statusCode).toBe(200);

    const offAma = await off.login('buyer@accracare.demo', 'customer');
    const none = await call(off, 'GET', '/api/payments/mobile-money/providers', offAma);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ enabled: false, providers: [] });
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/mobile-money/providers' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/invoices/{id}/mobile-money', () => {
  it('a charge Paystack answers success at once is verified and applied in the same answer, exactly', async () => {
    const invoice = await unpaidInvoice(10, TEMA);
    const amount = toCedis(toPesewas(invoice.due) - 123); // part of it: 1.23 short
    const before = charges().length;
    const paymentsBefore = (await invoiceState(invoice.id)).payments;
    const res = await pay(invoice.id, { amount, phone: PAYS_AT_ONCE, provider: 'MTN' });
    expect(res.statusCode).toBe(201);
    const attempt = paymentAttemptSchema.parse(res.json());
    expect(attempt).toMatchObject({
      status: 'success',
      amount,
      applied: amount,
      heldAsCredit: 0,
      outstandingAfter: 1.23,
      phoneLast4: '0000',
      provider: { code: 'MTN', name: 'MTN' },
      invoice: { id: invoice.id, number: invoice.number },
      buyer: { id: org[ACCRACARE] },
      seller: { id: org[TEMA] },
    });
    expect(attempt.reference).toMatch(new RegExp(`^ADR-${invoice.number}-[0-9A-HJKMNP-TV-Z]{10}$`));

    // Paystack was asked for integer pesewas, by the reference the attempt keeps, with the buyer's e-mail.
    const sent = charges().slice(before);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      amount: toPesewas(amount),
      currency: 'GHS',
      reference: attempt.reference,
      email: 'buyer@accracare.demo',
      mobile_money: { phone: '0245550000', provider: 'MTN' },
      metadata: { invoiceId: invoice.id, invoiceNumber: invoice.number, attemptId: attempt.id },
    });
    expect(Number.isInteger(body.amount)).toBe(true);

    // The webhook that follows the answer finds it settled: one payment, the invoice up by exactly that.
    await fake.idle();
    const state = await invoiceState(invoice.id);
    expect(toPesewas(state.amountPaid)).toBe(toPesewas(invoice.amountPaid) + toPesewas(amount));
    expect(state.payments).toBe(paymentsBefore + 1);
    expect(state.status).toBe('unpaid');

    // The invoice's own list of attempts, for the buyer and for the seller's credit staff.
    for (const who of [ama, temaCredit]) {
      const list = await call(t, 'GET', `/api/invoices/${invoice.id}/mobile-money`, who);
      expect(list.statusCode).toBe(200);
      expect((list.json() as PaymentAttempt[]).map((a) => a.reference)).toEqual([attempt.reference]);
    }

    // The receipt downloads for both parties, naming the reference and the amount.
    for (const who of [ama, temaCredit]) {
      const pdf = await call(t, 'GET', `/api/payments/${attempt.reference}/receipt`, who);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`receipt-${attempt.reference}.pdf`);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(attempt.reference);
      expect(text).toContain(invoice.number);
    }
  });

  it('a charge approved later on the phone settles through the webhook; the buyer sees it by polling', async () => {
    const invoice = await unpaidInvoice(5);
    const res = await pay(invoice.id, { amount: 5, phone: APPROVES_ON_PHONE, provider: 'VOD' });
    expect(res.statusCode).toBe(201);
    const attempt = paymentAttemptSchema.parse(res.json());
    expect(attempt.status).toBe('pay_offline');
    expect(attempt.message).toBeTruthy();
    expect(attempt.provider).toEqual({ code: 'VOD', name: 'Telecel Cash' });

    // No receipt before the money is verified.
    const early = await call(t, 'GET', `/api/payments/${attempt.reference}/receipt`, ama);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'PAYMENT_NOT_SETTLED',
      message: MOBILE_MONEY_MESSAGES.notSettled,
    });

    await fake.approve(attempt.reference);
    const settled = await waitFor(
      'the approved payment to settle',
      async () => {
        const now = await attemptOf(attempt.reference);
        return now.status === 'success' ? now : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(settled).toMatchObject({ applied: 5, heldAsCredit: 0 });
    expect(settled.settledAt).not.toBeNull();
    const state = await invoiceState(invoice.id);
    expect(toPesewas(state.amountPaid)).toBe(toPesewas(invoice.amountPaid) + 500);
  });

  it('a charge that needs a code takes the right code and fails on a wrong one', async () => {
    const invoice = await unpaidInvoice(4);
    const first = paymentAttemptSchema.parse(
      (await pay(invoice.id, { amount: 2, phone: ASKS_FOR_OTP, provider: 'ATL' })).json(),
    );
    expect(first).toMatchObject({ status: 'send_otp', message: OTP_PROMPT });

    const wrong = await call(t, 'POST', `/api/payments/${first.reference}/otp`, ama, { otp: '999999' });
    expect(wrong.statusCode).toBe(200);
    expect(paymentAttemptSchema.parse(wrong.json())).toMatchObject({ status: 'failed', applied: null });
    // A closed attempt takes no more codes.
    const again = await call(t, 'POST', `/api/payments/${first.reference}/otp`, ama, { otp: FAKE_OTP });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PAYMENT_NOT_AWAITING_OTP',
      message: MOBILE_MONEY_MESSAGES.notAwaitingOtp,
    });
    expect(toPesewas((await invoiceState(invoice.id)).amountPaid)).toBe(toPesewas(invoice.amountPaid));

    const second = paymentAttemptSchema.parse(
      (await pay(invoice.id, { amount: 2, phone: ASKS_FOR_OTP, provider: 'ATL' })).json(),
    );
    // Only the buyer sends the code; to another buyer the payment does not exist.
    const stranger = await call(t, 'POST', `/api/payments/${second.reference}/otp`, kejetia, {
      otp: FAKE_OTP,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    const bad = await call(t, 'POST', `/api/payments/${second.reference}/otp`, ama, { otp: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.otp).toEqual([MOBILE_MONEY_MESSAGES.otp]);

    // Paystack away while the code is sent: 503 with Retry-After, and the attempt still takes the code after.
    const errorsBefore = t.serverErrors.length;
    fake.down('refuse');
    let unreachable;
    try {
      unreachable = await call(t, 'POST', `/api/payments/${second.reference}/otp`, ama, { otp: FAKE_OTP });
    } finally {
      fake.down(false);
    }
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.headers['retry-after']).toBe('30');
    expect(unreachable.json()).toMatchObject({
      code: 'PAYSTACK_UNAVAILABLE',
      details: { reference: second.reference },
    });
    expect(t.serverErrors.slice(errorsBefore).map((e) => e.statusCode)).toEqual([503]);
    t.serverErrors.splice(errorsBefore, 1);
    expect((await attemptOf(second.reference)).status).toBe('send_otp');

    const right = await call(t, 'POST', `/api/payments/${second.reference}/otp`, ama, { otp: FAKE_OTP });
    expect(right.statusCode).toBe(200);
    expect(paymentAttemptSchema.parse(right.json())).toMatchObject({ status: 'success', applied: 2 });
    await fake.idle();
    expect(toPesewas((await invoiceState(invoice.id)).amountPaid)).toBe(toPesewas(invoice.amountPaid) + 200);

    // The invoice's attempts, newest first.
    const list = await call(t, 'GET', `/api/invoices/${invoice.id}/mobile-money`, ama);
    expect((list.json() as PaymentAttempt[]).map((a) => [a.reference, a.status])).toEqual([
      [second.reference, 'success'],
      [first.reference, 'failed'],
    ]);
  });

  it('a charge the network declines is failed, with its reason, and nothing is applied', async () => {
    const invoice = await invoiceNothingIsAppliedTo();
    const res = await pay(invoice.id, { amount: 3, phone: DECLINED, provider: 'MTN' });
    expect(res.statusCode).toBe(201);
    const attempt = paymentAttemptSchema.parse(res.json());
    expect(attempt).toMatchObject({ status: 'failed', applied: null, settledAt: null });
    expect(attempt.message).toMatch(/declined/i);
    const state = await invoiceState(invoice.id);
    expect(toPesewas(state.amountPaid)).toBe(toPesewas(invoice.amountPaid));
  });

  it('three payments of a third each, split in pesewas, settle the invoice to the pesewa', async () => {
    const invoice = await unpaidInvoice(1);
    const due = toPesewas(invoice.due);
    const third = Math.floor(due / 3);
    const parts = [third, third, due - 2 * third]; // 100.00 -> 33.33 + 33.33 + 33.34
    for (const part of parts) {
      const res = await pay(invoice.id, { amount: toCedis(part), phone: PAYS_AT_ONCE, provider: 'MTN' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'success', applied: toCedis(part), heldAsCredit: 0 });
    }
    await fake.idle();
    const state = await invoiceState(invoice.id);
    expect(state.status).toBe('paid');
    expect(toPesewas(state.amountPaid)).toBe(toPesewas(state.amount));

    // Paid now: a fourth charge is refused before Paystack is asked.
    const before = charges().length;
    const more = await pay(invoice.id, { amount: 1, phone: PAYS_AT_ONCE, provider: 'MTN' });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ code: 'INVOICE_PAID' });
    expect(charges().length).toBe(before);
  });

  it('refuses more than is outstanding, an unknown network and a number that is not a Ghana mobile', async () => {
    const invoice = await invoiceNothingIsAppliedTo();
    const before = charges().length;
    const attemptsBefore = (
      (await call(t, 'GET', `/api/invoices/${invoice.id}/mobile-money`, ama)).json() as unknown[]
    ).length;

    const over = await pay(invoice.id, {
      amount: toCedis(toPesewas(invoice.due) + 1),
      phone: PAYS_AT_ONCE,
      provider: 'MTN',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'PAYMENT_OVER_DUE',
      fieldErrors: { amount: [MOBILE_MONEY_MESSAGES.overDue(invoice.due)] },
    });

    for (const provider of ['XYZ', 'OLD']) {
      const unknown = await pay(invoice.id, { amount: 1, phone: PAYS_AT_ONCE, provider });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        code: 'UNKNOWN_PROVIDER',
        fieldErrors: { provider: [MOBILE_MONEY_MESSAGES.provider] },
      });
    }

    const phone = await pay(invoice.id, { amount: 1, phone: '0301234567x', provider: 'MTN' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fieldErrors.phone).toEqual([MOBILE_MONEY_MESSAGES.phone]);

    const cents = await pay(invoice.id, { amount: 1.005, phone: PAYS_AT_ONCE, provider: 'MTN' });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().fieldErrors.amount).toEqual([MOBILE_MONEY_MESSAGES.cents]);

    // Nothing was written and Paystack was never asked to charge.
    expect(charges().length).toBe(before);
    const after = await call(t, 'GET', `/api/invoices/${invoice.id}/mobile-money`, ama);
    expect((after.json() as unknown[]).length).toBe(attemptsBefore);
  });

  it('Paystack unreachable: 503 with Retry-After, and the attempt is kept pending for the job', async () => {
    const invoice = await invoiceNothingIsAppliedTo();
    // The networks are cached from earlier calls, so the charge itself is what cannot get through.
    expect((await call(t, 'GET', '/api/payments/mobile-money/providers', ama)).statusCode).toBe(200);
    const errorsBefore = t.serverErrors.length;
    fake.down('refuse');
    let res;
    try {
      res = await pay(invoice.id, { amount: 2, phone: APPROVES_ON_PHONE, provider: 'MTN' });
    } finally {
      fake.down(false);
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    const body = res.json();
    expect(body).toMatchObject({ code: 'PAYSTACK_UNAVAILABLE', retryAfterSeconds: 30 });
    const reference = body.details.reference as string;
    expect(await attemptOf(reference)).toMatchObject({ status: 'pending', message: UNREACHED_MESSAGE });
    expect(toPesewas((await invoiceState(invoice.id)).amountPaid)).toBe(toPesewas(invoice.amountPaid));
    // The one 5xx is the 503 asked for; anything else stays for afterAll to report.
    expect(t.serverErrors.slice(errorsBefore).map((e) => e.statusCode)).toEqual([503]);
    t.serverErrors.splice(errorsBefore, 1);
  });

  it('a repeat with the same Idempotency-Key gets the first answer and starts no second charge', async () => {
    const invoice = await invoiceNothingIsAppliedTo();
    const headers = { 'idempotency-key': `pay-${invoice.id}` };
    const before = charges().length;
    const first = await pay(
      invoice.id,
      { amount: 1, phone: APPROVES_ON_PHONE, provider: 'MTN' },
      ama,
      headers,
    );
    const second = await pay(
      invoice.id,
      { amount: 1, phone: APPROVES_ON_PHONE, provider: 'MTN' },
      ama,
      headers,
    );
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().reference).toBe(first.json().reference);
    expect(charges().length).toBe(before + 1);
  });

  it('another buyer, a supplier, a server without a Paystack key and a void invoice are refused', async () => {
    const invoice = await invoiceNothingIsAppliedTo();
    const body = { amount: 1, phone: PAYS_AT_ONCE, provider: 'MTN' };

    const stranger = await pay(invoice.id, body, kejetia);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND' });
    expect((await pay(invoice.id, body, temaCredit)).statusCode).toBe(403);

    const offAma = await off.login('buyer@accracare.demo', 'customer');
    const disabled = await call(off, 'POST', `/api/invoices/${invoice.id}/mobile-money`, offAma, body);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toMatchObject({ code: 'MOBILE_MONEY_OFF', message: MOBILE_MONEY_MESSAGES.off });

    // A voided invoice owes nothing; voided only for this check, and put back.
    await t.database.db.execute(sql`update invoices set status = 'void' where id = ${invoice.id}`);
    try {
      const voided = await pay(invoice.id, body);
      expect(voided.statusCode).toBe(409);
      expect(voided.json()).toMatchObject({ code: 'INVOICE_VOID' });
    } finally {
      await t.database.db.execute(sql`update invoices set status = 'unpaid' where id = ${invoice.id}`);
    }
  });
});

describe('reading payments', () => {
  it('the seller’s credit staff read an attempt and its receipt; other suppliers and buyers get 404', async () => {
    const invoice = await unpaidInvoice(1, TEMA);
    const attempt = paymentAttemptSchema.parse(
      (await pay(invoice.id, { amount: 1, phone: PAYS_AT_ONCE, provider: 'MTN' })).json(),
    );
    expect(attempt.status).toBe('success');

    expect((await attemptOf(attempt.reference, temaCredit)).id).toBe(attempt.id);
    expect((await call(t, 'GET', `/api/payments/${attempt.reference}/receipt`, temaCredit)).statusCode).toBe(
      200,
    );

    for (const who of [medilink, kejetia]) {
      for (const url of [
        `/api/payments/${attempt.reference}`,
        `/api/payments/${attempt.reference}/receipt`,
      ]) {
        const res = await call(t, 'GET', url, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
      }
      const list = await call(t, 'GET', `/api/invoices/${invoice.id}/mobile-money`, who);
      expect(list.statusCode).toBe(404);
      expect(list.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND' });
    }
    // Staff without manage_credit do not read payments at all.
    expect((await call(t, 'GET', `/api/payments/${attempt.reference}`, temaDispatch)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/payments/ADR-NOPE-0000000000', ama)).statusCode).toBe(404);
  });

  it('lists credit held with suppliers: the buyer’s by supplier, the supplier’s by buyer', async () => {
    // Held credit comes from settlements beyond what was owed and from credit notes; seeded here directly.
    await t.database.db.execute(sql`
      insert into supplier_credits (buyer_org_id, seller_org_id, balance)
      values (${org[ACCRACARE]}, ${org[TEMA]}, 12.34), (${org[ACCRACARE]}, ${org[MEDILINK]}, 0)
      on conflict (buyer_org_id, seller_org_id) do update set balance = supplier_credits.balance + excluded.balance`);
    const balances = await queryRows<{ seller: string; balance: string }>(
      t.database.db,
      sql`select seller_org_id as seller, balance::text as balance from supplier_credits
          where buyer_org_id = ${org[ACCRACARE]}`,
    );
    const balance = Number(balances.find((b) => b.seller === org[TEMA])!.balance);
    const medilinkBalance = Number(balances.find((b) => b.seller === org[MEDILINK])!.balance);

    const buyerSide = await call(t, 'GET', '/api/supplier-credits', ama);
    expect(buyerSide.statusCode).toBe(200);
    const mine = (buyerSide.json() as unknown[]).map((c) => supplierCreditSchema.parse(c));
    expect(mine.every((c) => c.buyer.id === org[ACCRACARE] && c.balance > 0)).toBe(true);
    expect(mine.find((c) => c.seller.id === org[TEMA])?.balance).toBe(balance);

    const sellerSide = (await call(t, 'GET', '/api/supplier-credits', temaCredit)).json() as unknown[];
    const theirs = sellerSide.map((c) => supplierCreditSchema.parse(c));
    expect(theirs.every((c) => c.seller.id === org[TEMA] && c.balance > 0)).toBe(true);
    expect(theirs.find((c) => c.buyer.id === org[ACCRACARE])?.balance).toBe(balance);

    // A zero balance is not listed, on either side.
    expect(mine.some((c) => c.seller.id === org[MEDILINK])).toBe(medilinkBalance > 0);
    const medilinkSide = (await call(t, 'GET', '/api/supplier-credits', medilink)).json() as unknown[];
    const held = medilinkSide.map((c) => supplierCreditSchema.parse(c));
    expect(held.every((c) => c.seller.id === org[MEDILINK] && c.balance > 0)).toBe(true);
    expect(held.some((c) => c.buyer.id === org[ACCRACARE])).toBe(medilinkBalance > 0);
    expect((await call(t, 'GET', '/api/supplier-credits', temaDispatch)).statusCode).toBe(403);
  });
});
