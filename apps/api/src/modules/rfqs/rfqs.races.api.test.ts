import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfqCreatedSchema, rfqDetailSchema, type RfqDetail } from '@aduro/shared/rfqs';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sweepRfqDeadlines } from './rfqs.service.ts';

// Row-lock races need real concurrent connections: PGlite has one, so these run on PostgreSQL only.
// docs/domain.md "Requests for quotation" and "Locks and retries".
describe.skipIf(testDriver() !== 'postgres')('RFQs under concurrent requests (PostgreSQL)', () => {
  let t: TestApp;
  let ama: string;
  let temaStock: string;
  const suppliers: { name: string; token: string }[] = [];
  const org: Record<string, string> = {};
  const SUPPLIER_LOGINS: [string, string][] = [
    ['Tema Pharma Distributors', 'stock@tema-pharma.demo'],
    ['Accra Medilink Importers', 'admin@accra-medilink.demo'],
    ['Ashanti Pharmaceutical Manufacturing', 'admin@ashanti-pharma.demo'],
    ['Western Coast Pharma Distributors', 'admin@westcoast-pharma.demo'],
    ['Goldcoast Generics Ltd', 'admin@goldcoast-generics.demo'],
    ['Savannah Health Supplies', 'admin@savannah-health.demo'],
  ];

  beforeAll(async () => {
    t = await createTestApp();
    ama = await t.login('buyer@accracare.demo', 'customer');
    for (const [name, email] of SUPPLIER_LOGINS)
      suppliers.push({ name, token: await t.login(email, 'supplier') });
    temaStock = suppliers[0]!.token;
    Object.assign(org, await t.organisationIds());
  });
  afterAll(async () => {
    expect(t.serverErrors).toEqual([]);
    await t.close();
  });

  type Method = 'GET' | 'POST' | 'PUT';
  const call = (method: Method, url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  let seq = 0;
  async function product(): Promise<string> {
    const res = await call('POST', '/api/products', temaStock, {
      name: `RFQ race product ${++seq}`,
      brandName: 'Test',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '10 vials',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  async function openRfq(productId: string): Promise<RfqDetail> {
    const res = await call('POST', '/api/rfqs', ama, {
      lines: [{ productId, quantity: 100 }],
      requiredBy: inDays(10),
      responseDeadline: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      deliveryLocation: 'AccraCare Osu, 12 Oxford Street, Accra',
      invite: suppliers.map((s) => org[s.name]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = rfqCreatedSchema.parse(res.json());
    return rfqDetailSchema.parse((await call('GET', `/api/rfqs/${id}`, ama)).json());
  }

  const quoteBody = (rfq: RfqDetail, unitPrice: number, quantity = 100) => ({
    lines: [{ rfqLineId: rfq.lines[0]!.id, unitPrice, quantity, leadTimeDays: 2 }],
    validUntil: inDays(30),
    paymentTerms: 'Net 30',
  });
  const quote = (token: string, rfq: RfqDetail, unitPrice: number, quantity = 100) =>
    call('PUT', `/api/rfqs/${rfq.id}/quote`, token, quoteBody(rfq, unitPrice, quantity));

  /** The buyer's opened quotes: supplier name -> unit price. */
  async function openedPrices(rfqId: string): Promise<Map<string, number>> {
    const rfq = rfqDetailSchema.parse((await call('GET', `/api/rfqs/${rfqId}`, ama)).json());
    expect(rfq.quotes, 'quotes open once closed').not.toBeNull();
    return new Map(rfq.quotes!.map((q) => [q.supplier.name, q.lines[0]!.unitPrice]));
  }

  const closedEvents = async (rfqId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from events where type = 'rfq.closed' and refs->>'rfqId' = ${rfqId}`,
      )
    )[0]!.n;

  it("a buyer's close racing quotes: every 200 quote is among the opened quotes, every refused one is absent", async () => {
    const productId = await product();
    const seen = { accepted: 0, refused: 0 };
    for (let round = 0; round < 15; round++) {
      const rfq = await openRfq(productId);
      // Each supplier sends three revisions back to back while the buyer closes, so the close lands
      // between some of them.
      const chains = suppliers.map(async (s, i) => {
        const answers: { price: number; status: number; code?: string }[] = [];
        for (let k = 0; k < 3; k++) {
          // Whole pesewas over 100, so the price compares equal to the one read back.
          const price = (500 + round * 100 + i * 10 + k) / 100;
          const res = await quote(s.token, rfq, price);
          answers.push({
            price,
            status: res.statusCode,
            code: res.statusCode === 200 ? undefined : res.json().code,
          });
        }
        return { name: s.name, answers };
      });
      const [close, ...outcomes] = await Promise.all([
        call('POST', `/api/rfqs/${rfq.id}/close`, ama),
        ...chains,
      ]);
      expect(close.statusCode, close.body).toBe(200);
      const opened = await openedPrices(rfq.id);
      for (const { name, answers } of outcomes) {
        const accepted = answers.filter((a) => a.status === 200);
        const refused = answers.slice(accepted.length);
        // Once quoting ended it stays ended: the refusals all come after the acceptances.
        expect(
          answers.slice(0, accepted.length).every((a) => a.status === 200),
          name,
        ).toBe(true);
        for (const r of refused) expect(r, name).toMatchObject({ status: 409, code: 'RFQ_CLOSED' });
        expect(opened.get(name), name).toBe(accepted.at(-1)?.price);
        seen.accepted += accepted.length;
        seen.refused += refused.length;
      }
      expect(await closedEvents(rfq.id)).toBe(1);
    }
    // Both sides of the race were run, not only one.
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });

  it('a quote fired across a real deadline gets exactly one outcome, consistent with the stored quote', async () => {
    const productId = await product();
    const rfq = await openRfq(productId);
    await t.database.db.execute(
      sql`update rfqs set response_deadline = clock_timestamp() + interval '300 milliseconds' where id = ${rfq.id}`,
    );
    // Each supplier revises its quote back to back, a cent more each time, until it is refused.
    const outcomes = await Promise.all(
      suppliers.map(async (s, i) => {
        const answers: { price: number; status: number; code?: string }[] = [];
        for (let k = 0; k < 1000; k++) {
          const price = (1000 + i * 100 + k) / 100;
          const res = await quote(s.token, rfq, price);
          answers.push({
            price,
            status: res.statusCode,
            code: res.statusCode === 200 ? undefined : res.json().code,
          });
          if (res.statusCode !== 200) break;
        }
        return { name: s.name, answers };
      }),
    );
    await sweepRfqDeadlines(t.database.db);
    const opened = await openedPrices(rfq.id);
    for (const { name, answers } of outcomes) {
      const last = answers.at(-1)!;
      expect(last, `${name} ended refused`).toMatchObject({ status: 409, code: 'RFQ_CLOSED' });
      const accepted = answers.filter((a) => a.status === 200);
      expect(accepted).toHaveLength(answers.length - 1);
      // The standing quote is the last one accepted; the refused one left no trace.
      expect(opened.get(name)).toBe(accepted.at(-1)?.price);
    }
    expect(await closedEvents(rfq.id)).toBe(1);
  });

  it('two awards at once: one drafts the orders, the other is 409 RFQ_AWARDED', async () => {
    const productId = await product();
    const [tema, medilink] = suppliers;
    const rfq = await openRfq(productId);
    const mine = async (token: string) =>
      rfqDetailSchema.parse((await quote(token, rfq, 9, 50)).json()).myQuote!.lines[0]!.id;
    const lines = [await mine(tema!.token), await mine(medilink!.token)];
    expect((await call('POST', `/api/rfqs/${rfq.id}/close`, ama)).statusCode).toBe(200);
    const body = { awards: lines.map((quoteLineId) => ({ quoteLineId, quantity: 50 })) };
    const results = await Promise.all([
      call('POST', `/api/rfqs/${rfq.id}/award`, ama, body),
      call('POST', `/api/rfqs/${rfq.id}/award`, ama, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('RFQ_AWARDED');
    const [drafted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from order_history where note = ${`Drafted from ${rfq.number}`}`,
    );
    expect(drafted!.n).toBe(2);
  });

  it('two sweeps at once close each due RFQ once, with one rfq.closed each', async () => {
    const productId = await product();
    const due: string[] = [];
    for (let i = 0; i < 5; i++) due.push((await openRfq(productId)).id);
    await t.database.db.execute(
      sql`update rfqs set response_deadline = now() - interval '1 second'
          where id = any(${`{${due.join(',')}}`}::uuid[])`,
    );
    await Promise.all([sweepRfqDeadlines(t.database.db), sweepRfqDeadlines(t.database.db)]);
    for (const id of due) expect(await closedEvents(id), id).toBe(1);
    const rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from rfqs where id = any(${`{${due.join(',')}}`}::uuid[])`,
    );
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill('closed'));
  });
});
