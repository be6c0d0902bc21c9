import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_MESSAGES,
  creditApplicationSchema,
  creditLineSchema,
  riskResultSchema,
  type CreditApplication,
} from '@aduro/shared/credit';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ama: string;
let kejetia: string;
let temaCredit: string;
let temaDispatch: string;
let medilink: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';

beforeAll(async () => {
  t = await createTestApp();
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
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

/** A fresh pending application by AccraCare to the supplier, clearing any pending one first. */
async function apply(supplier: string, requestedLimit = 25_000): Promise<CreditApplication> {
  await t.database.db.execute(sql`
    update credit_applications set status = 'rejected', decided_at = now()
    where supplier_id = ${org[supplier]} and customer_id = ${org['AccraCare Pharmacy']} and status = 'pending'`);
  const res = await call('POST', '/api/credit/applications', ama, {
    supplierId: org[supplier],
    requestedLimit,
    notes: '  Growing demand in Osu  ',
  });
  expect(res.statusCode, res.body).toBe(201);
  return creditApplicationSchema.parse(res.json());
}

describe('credit lines', () => {
  it('lists the customer’s own lines with available = limit - balance', async () => {
    const res = await call('GET', `/api/credit/lines?customerId=${org['AccraCare Pharmacy']}`, ama);
    expect(res.statusCode).toBe(200);
    const lines = res.json().map((l: unknown) => creditLineSchema.parse(l));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.available).toBeCloseTo(l.limit - l.balance, 2);
    expect(
      (await call('GET', `/api/credit/lines?customerId=${org['Kejetia Health Pharmacy'] ?? org[TEMA]}`, ama))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/credit/lines', temaCredit)).statusCode).toBe(403);
  });
});

describe('credit applications', () => {
  it('accepts one pending application per supplier, trimmed, and refuses a second with 409', async () => {
    const first = await apply(MEDILINK);
    expect(first).toMatchObject({
      status: 'pending',
      requestedLimit: 25_000,
      notes: 'Growing demand in Osu',
    });
    const again = await call('POST', '/api/credit/applications', ama, {
      supplierId: org[MEDILINK],
      requestedLimit: 5_000,
    });
    expect([again.statusCode, again.json().message]).toEqual([409, CREDIT_MESSAGES.pending(MEDILINK)]);
  });

  it('refuses under GH₵1,000, a missing supplier, another customerId and an inactive supplier', async () => {
    const low = await call('POST', '/api/credit/applications', ama, {
      supplierId: org[TEMA],
      requestedLimit: 999,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().fieldErrors.requestedLimit).toEqual([CREDIT_MESSAGES.minimum]);
    const none = await call('POST', '/api/credit/applications', ama, { requestedLimit: 5_000 });
    expect(none.json().fieldErrors.supplierId).toEqual([CREDIT_MESSAGES.selectSupplier]);
    const other = await call('POST', '/api/credit/applications', ama, {
      supplierId: org[TEMA],
      customerId: org[TEMA],
      requestedLimit: 5_000,
    });
    expect(other.statusCode).toBe(403);
    const inactive = await call('POST', '/api/credit/applications', ama, {
      supplierId: org['Northstar Medical Imports'],
      requestedLimit: 5_000,
    });
    expect([inactive.statusCode, inactive.json().message]).toEqual([
      409,
      CREDIT_MESSAGES.inactiveSupplier('Northstar Medical Imports'),
    ]);
  });

  it('lists a supplier’s applications pending first, only its own, and only to credit staff', async () => {
    await apply(TEMA);
    const res = await call('GET', '/api/credit/applications', temaCredit);
    expect(res.statusCode).toBe(200);
    const list = res.json() as CreditApplication[];
    expect(list.every((a) => a.supplier.id === org[TEMA])).toBe(true);
    const firstDecided = list.findIndex((a) => a.status !== 'pending');
    expect(
      list.slice(firstDecided === -1 ? list.length : firstDecided).every((a) => a.status !== 'pending'),
    ).toBe(true);
    expect(
      (await call('GET', `/api/credit/applications?supplierId=${org[MEDILINK]}`, temaCredit)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/credit/applications', temaDispatch)).statusCode).toBe(403);
  });

  it('lets a customer follow only its own applications', async () => {
    const mine = await apply(TEMA, 30_000);
    const res = await call('GET', `/api/credit/applications?customerId=${org['AccraCare Pharmacy']}`, ama);
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as unknown[]).map((a) => creditApplicationSchema.parse(a));
    expect(list.every((a) => a.customer.id === org['AccraCare Pharmacy'])).toBe(true);
    expect(list.find((a) => a.id === mine.id)).toMatchObject({ status: 'pending', requestedLimit: 30_000 });
    const pending = (
      await call('GET', '/api/credit/applications?status=pending', ama)
    ).json() as CreditApplication[];
    expect(pending.every((a) => a.status === 'pending')).toBe(true);
    const other = await call(
      'GET',
      `/api/credit/applications?customerId=${org['Kejetia Health Pharmacy']}`,
      ama,
    );
    expect([other.statusCode, other.json().message]).toEqual([403, CREDIT_MESSAGES.otherCustomer]);
    const kejetiaList = (
      await call('GET', '/api/credit/applications', kejetia)
    ).json() as CreditApplication[];
    expect(kejetiaList.some((a) => a.id === mine.id)).toBe(false);
  });

  it('approves with a limit, creating or setting the line; deciding twice answers 409', async () => {
    const application = await apply(MEDILINK, 12_000);
    const res = await call('POST', `/api/credit/applications/${application.id}/approve`, medilink, {
      limit: 10_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', approvedLimit: 10_000 });
    const lines = (await call('GET', '/api/credit/lines', ama)).json() as {
      supplier: { id: string };
      limit: number;
      status: string;
    }[];
    expect(lines.find((l) => l.supplier.id === org[MEDILINK])).toMatchObject({
      limit: 10_000,
      status: 'active',
    });
    const twice = await call('POST', `/api/credit/applications/${application.id}/reject`, medilink);
    expect([twice.statusCode, twice.json().message]).toEqual([409, CREDIT_MESSAGES.decided]);
  });

  it('refuses a limit below what the customer owes, and lets only the application’s supplier decide', async () => {
    const application = await apply(TEMA);
    const [line] = await queryRows<{ balance: string }>(
      t.database.db,
      sql`select balance::text from credit_lines where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org[TEMA]}`,
    );
    const balance = Number(line!.balance);
    expect(balance).toBeGreaterThan(0);
    const below = await call('POST', `/api/credit/applications/${application.id}/approve`, temaCredit, {
      limit: balance - 1,
    });
    expect([below.statusCode, below.json().message]).toEqual([409, CREDIT_MESSAGES.belowBalance(balance)]);
    expect(
      (await call('POST', `/api/credit/applications/${application.id}/approve`, medilink, { limit: 90_000 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/credit/applications/${application.id}/reject`, kejetia)).statusCode,
    ).toBe(403);
    const rejected = await call('POST', `/api/credit/applications/${application.id}/reject`, temaCredit);
    expect(rejected.json()).toMatchObject({ status: 'rejected', approvedLimit: null, rejectionReason: null });
  });

  it('rejects with a reason, trimmed, which the buyer reads on its own application', async () => {
    const application = await apply(MEDILINK, 30_000);
    const res = await call('POST', `/api/credit/applications/${application.id}/reject`, medilink, {
      reason: '  Three invoices with us are overdue.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(creditApplicationSchema.parse(res.json())).toMatchObject({
      status: 'rejected',
      approvedLimit: null,
      rejectionReason: 'Three invoices with us are overdue.',
    });
    const mine = (await call('GET', '/api/credit/applications', ama)).json() as CreditApplication[];
    expect(mine.find((a) => a.id === application.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Three invoices with us are overdue.',
    });
    // The decision's event carries it too, for the buyer's notification.
    const [event] = await queryRows<{ reason: string | null }>(
      t.database.db,
      sql`select refs ->> 'reason' as reason from events
          where type = 'credit.decided' and refs ->> 'applicationId' = ${application.id}`,
    );
    expect(event).toEqual({ reason: 'Three invoices with us are overdue.' });
  });

  it('rejects without a body, or with a blank reason, keeping no reason', async () => {
    for (const payload of [undefined, { reason: '   ' }, { reason: null }, {}]) {
      const application = await apply(MEDILINK);
      const res = await call('POST', `/api/credit/applications/${application.id}/reject`, medilink, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: null });
      const [event] = await queryRows<{ refs: Record<string, unknown> }>(
        t.database.db,
        sql`select refs from events where type = 'credit.decided' and refs ->> 'applicationId' = ${application.id}`,
      );
      expect(event!.refs).not.toHaveProperty('reason');
    }
  });

  it('refuses an overlong rejection reason with a field error, deciding nothing', async () => {
    const application = await apply(MEDILINK);
    const res = await call('POST', `/api/credit/applications/${application.id}/reject`, medilink, {
      reason: 'x'.repeat(501),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Keep the reason to 500 characters or fewer',
      fieldErrors: { reason: ['Keep the reason to 500 characters or fewer'] },
    });
    const mine = (await call('GET', '/api/credit/applications', ama)).json() as CreditApplication[];
    expect(mine.find((a) => a.id === application.id)?.status).toBe('pending');
  });

  it('explains the risk of an application with the figures it weighed', async () => {
    const application = await apply(TEMA, 40_000);
    const res = await call('GET', `/api/credit/applications/${application.id}/risk`, temaCredit);
    expect(res.statusCode, res.body).toBe(200);
    const risk = riskResultSchema.parse(res.json());
    expect(risk.requested).toBe(40_000);
    expect(risk.exposure).toBeGreaterThanOrEqual(risk.outstanding);
    expect(risk.rationale).toMatch(/risk, score \d+\/100/);
    expect(risk.recommendedLimit! % 500).toBe(0);
    expect((await call('GET', `/api/credit/applications/${application.id}/risk`, medilink)).statusCode).toBe(
      404,
    );
  });
});
