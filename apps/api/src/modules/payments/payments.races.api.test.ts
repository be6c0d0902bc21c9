import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPesewas } from '@aduro/shared/money';
import { paymentAttemptSchema, type PaymentAttempt } from '@aduro/shared/payments';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { startFakePaystack, type FakePaystack } from '../../test/fake-paystack.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { waitFor } from '../../test/replicas.ts';
import { SETTLE_QUEUE } from './payments.jobs.ts';
import { settleAttempt } from './settle-payment.workflow.ts';

// Row-lock races need real concurrent connections: PGlite has one, so these run on PostgreSQL only.
// docs/domain.md "Mobile money": settlement locks credit line -> invoice -> attempt, and the webhook is
// kept once by its dedupe key, so no race applies a payment twice or beyond what is owed.
describe.skipIf(testDriver() !== 'postgres')('mobile money under concurrent settlement (PostgreSQL)', () => {
  let fake: FakePaystack;
  let t: TestApp;
  let ama: string;
  const org: Record<string, string> = {};
  const taken = new Set<string>();

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

  /** An unpaid invoice of AccraCare's no other test here pays into. */
  async function ownInvoice() {
    const rows = await queryRows<{ id: string; due: number; sellerOrgId: string }>(
      db(),
      sql`select id, amount - amount_paid - credit_applied as due, seller_org_id as "sellerOrgId"
          from invoices
          where buyer_org_id = ${org['AccraCare Pharmacy']} and status = 'unpaid'
            and amount - amount_paid - credit_applied >= 100
          order by number`,
    );
    const row = rows.find((r) => !taken.has(r.id));
    if (!row) throw new Error('the seed has no unused unpaid invoice of AccraCare');
    taken.add(row.id);
    return row;
  }

  /** A charge the buyer approves on the phone (the fake's pay_offline number), approved. */
  async function approvedAttempt(invoiceId: string, amount: number): Promise<PaymentAttempt> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoiceId}/mobile-money`,
      headers: { authorization: ama },
      payload: { amount, phone: '024 555 1111', provider: 'MTN' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const attempt = paymentAttemptSchema.parse(res.json());
    await fake.approve(attempt.reference);
    return attempt;
  }

  /** What the database's own constraints promise, read back: nothing overpaid, every cedi accounted for. */
  async function invoiceAccounts(invoiceId: string) {
    const [row] = await queryRows<{
      amount: number;
      amountPaid: number;
      creditApplied: number;
      paymentsTotal: number;
      payments: number;
      status: string;
    }>(
      db(),
      sql`select i.amount, i.amount_paid as "amountPaid", i.credit_applied as "creditApplied", i.status,
                 coalesce(sum(p.amount), 0) as "paymentsTotal", count(p.id)::int as payments
          from invoices i left join payments p on p.invoice_id = i.id
          where i.id = ${invoiceId} group by i.id`,
    );
    expect(toPesewas(row!.amountPaid) + toPesewas(row!.creditApplied)).toBeLessThanOrEqual(
      toPesewas(row!.amount),
    );
    expect(toPesewas(row!.paymentsTotal)).toBe(toPesewas(row!.amountPaid));
    return row!;
  }

  it('ten concurrent settlements of one attempt make one payment', async () => {
    const invoice = await ownInvoice();
    const attempt = await approvedAttempt(invoice.id, 12.5);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => settleAttempt(db(), t.app.paystack!, attempt.reference)),
    );
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'applied').every((o) => o === 'already')).toBe(true);
    const accounts = await invoiceAccounts(invoice.id);
    expect(accounts.payments).toBe(1);
    expect(toPesewas(accounts.amountPaid)).toBe(1250);
    const [events] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from events where type = 'payment.settled' and refs->>'paymentId' = ${attempt.id}`,
    );
    expect(events!.n).toBe(1);
  });

  it('two attempts for the whole amount settling at once pay it exactly and hold the rest as credit', async () => {
    const invoice = await ownInvoice();
    const [creditBefore] = await queryRows<{ balance: number }>(
      db(),
      sql`select coalesce(sum(balance), 0) as balance from supplier_credits
          where buyer_org_id = ${org['AccraCare Pharmacy']} and seller_org_id = ${invoice.sellerOrgId}`,
    );
    const first = await approvedAttempt(invoice.id, invoice.due);
    const second = await approvedAttempt(invoice.id, invoice.due);
    const outcomes = await Promise.all(
      [first, second, first, second].map((a) => settleAttempt(db(), t.app.paystack!, a.reference)),
    );
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(2);

    const accounts = await invoiceAccounts(invoice.id);
    expect(accounts.status).toBe('paid');
    expect(toPesewas(accounts.amountPaid)).toBe(toPesewas(invoice.due));
    expect(accounts.payments).toBe(1);
    const split = await queryRows<{ applied: number; heldAsCredit: number }>(
      db(),
      sql`select applied, held_as_credit as "heldAsCredit" from payment_attempts
          where reference in (${first.reference}, ${second.reference}) and status = 'success'`,
    );
    expect(split).toHaveLength(2);
    const applied = split.reduce((sum, s) => sum + toPesewas(s.applied), 0);
    const held = split.reduce((sum, s) => sum + toPesewas(s.heldAsCredit), 0);
    expect(applied).toBe(toPesewas(invoice.due));
    expect(held).toBe(toPesewas(invoice.due));
    const [creditAfter] = await queryRows<{ balance: number }>(
      db(),
      sql`select coalesce(sum(balance), 0) as balance from supplier_credits
          where buyer_org_id = ${org['AccraCare Pharmacy']} and seller_org_id = ${invoice.sellerOrgId}`,
    );
    expect(toPesewas(creditAfter!.balance) - toPesewas(creditBefore!.balance)).toBe(toPesewas(invoice.due));
  });

  it('the same webhook posted five times at once is kept once, queued once and applied once', async () => {
    const invoice = await ownInvoice();
    const attempt = await approvedAttempt(invoice.id, 9);
    const { body, signature } = fake.signed(fake.webhookPayload(attempt.reference));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/paystack/webhook',
          payload: body,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await waitFor('the attempt to settle', async () => {
      const [row] = await queryRows<{ status: string }>(
        db(),
        sql`select status from payment_attempts where reference = ${attempt.reference}`,
      );
      return row?.status === 'success' ? row : undefined;
    });
    const [counts] = await queryRows<{ kept: number; jobs: number }>(
      db(),
      sql`select (select count(*)::int from paystack_events where reference = ${attempt.reference}) as kept,
                 (select count(*)::int from pgboss.job
                   where name = ${SETTLE_QUEUE} and data->>'reference' = ${attempt.reference}) as jobs`,
    );
    expect(counts).toEqual({ kept: 1, jobs: 1 });
    const accounts = await invoiceAccounts(invoice.id);
    expect(accounts.payments).toBe(1);
    expect(toPesewas(accounts.amountPaid)).toBe(900);
  });
});
