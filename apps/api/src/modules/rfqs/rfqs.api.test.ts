import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@aduro/shared/orders';
import {
  RFQ_EARLIEST_EXPIRY_PAST,
  RFQ_MESSAGES,
  rfqAwardedSchema,
  rfqCreatedSchema,
  rfqDetailSchema,
  rfqResponseStateSchema,
  rfqsPageSchema,
  type RfqDetail,
} from '@aduro/shared/rfqs';
import { queryRows } from '../../db/client.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sweepRfqDeadlines } from './rfqs.service.ts';

// docs/domain.md "Requests for quotation": opening, quoting, sealed visibility, closing, cancelling,
// awarding into orders at the quoted prices, the list and the deadline sweep.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaStock: string;
let temaDispatch: string;
let medilink: string;
let ashanti: string;
let platform: string;
let org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';
const ASHANTI = 'Ashanti Pharmaceutical Manufacturing';
const ACCRACARE = 'AccraCare Pharmacy';

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, temaStock, temaDispatch, medilink, ashanti, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@ashanti-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  org = await t.organisationIds();
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, authorization: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A fresh catalogue product, offered by nobody yet. */
async function product(): Promise<{ id: string; name: string }> {
  const name = `RFQ test product ${++seq}`;
  const res = await call('POST', '/api/products', temaStock, {
    name,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, name };
}

/** A supplier's offer of a product at `price`, with one lot expiring in `days` (quarantined when asked). */
async function offer(
  supplier: string,
  productId: string,
  price: number,
  lot: { quantity?: number; days?: number; quarantined?: boolean } = {},
) {
  await t.database.db.execute(sql`
    insert into offers (supplier_id, product_id, unit_price, moq) values (${org[supplier]!}, ${productId}, ${price}, 1)`);
  await t.database.db.execute(sql`
    insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity, quarantined_at)
    values (${org[supplier]!}, ${productId}, ${`B${++seq}`}, ${inDays(lot.days ?? 400)}::date, ${lot.quantity ?? 500},
            ${lot.quarantined ? sql`now()` : sql`null`})`);
}

const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

const rfqBody = (productIds: string[], over: Record<string, unknown> = {}) => ({
  lines: productIds.map((productId) => ({ productId, quantity: 100 })),
  requiredBy: inDays(10),
  responseDeadline: hoursAhead(3),
  deliveryLocation: 'AccraCare Osu, 12 Oxford Street, Accra',
  notes: 'Monthly restock',
  invite: [org[TEMA], org[MEDILINK]],
  ...over,
});

async function openRfq(token: string, productIds: string[], over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/rfqs', token, rfqBody(productIds, over));
  expect(res.statusCode, res.body).toBe(201);
  return rfqCreatedSchema.parse(res.json());
}

async function detail(token: string, id: string): Promise<RfqDetail> {
  const res = await call('GET', `/api/rfqs/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return rfqDetailSchema.parse(res.json());
}

const quoteBody = (rfq: RfqDetail, unitPrice: number, over: Record<string, unknown> = {}) => ({
  lines: rfq.lines.map((l) => ({
    rfqLineId: l.id,
    unitPrice,
    quantity: l.quantity,
    leadTimeDays: 3,
    earliestExpiry: inDays(500),
  })),
  validUntil: inDays(30),
  paymentTerms: 'Net 30',
  notes: null,
  ...over,
});

async function quote(token: string, rfq: RfqDetail, unitPrice: number, over: Record<string, unknown> = {}) {
  const res = await call('PUT', `/api/rfqs/${rfq.id}/quote`, token, quoteBody(rfq, unitPrice, over));
  expect(res.statusCode, res.body).toBe(200);
  return rfqDetailSchema.parse(res.json());
}

/** Moves the deadline into the past, as if time had run on. */
const passDeadline = (id: string) =>
  t.database.db.execute(
    sql`update rfqs set response_deadline = now() - interval '1 second' where id = ${id}`,
  );

const events = (type: string, rfqId: string) =>
  queryRows<{ orgIds: string[]; refs: Record<string, unknown>; actorUserId: string | null }>(
    t.database.db,
    sql`select org_ids as "orgIds", refs, actor_user_id as "actorUserId" from events
        where type = ${type} and refs->>'rfqId' = ${rfqId} order by id`,
  );

describe('opening an RFQ', () => {
  let p: { id: string; name: string };
  beforeAll(async () => {
    p = await product();
    await offer(TEMA, p.id, 10);
  });

  it('answers its number and open status, invites the suppliers named and records rfq.opened', async () => {
    const created = await openRfq(ama, [p.id]);
    expect(created.number).toMatch(new RegExp(`^RFQ-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(created).toMatchObject({ status: 'open', invitedCount: 2 });
    const [opened] = await events('rfq.opened', created.id);
    expect(opened!.orgIds.sort()).toEqual([org[ACCRACARE], org[TEMA], org[MEDILINK]].sort());
    expect(opened!.refs).toMatchObject({ buyerId: org[ACCRACARE], productIds: [p.id] });
    const rfq = await detail(ama, created.id);
    expect(rfq).toMatchObject({
      status: 'open',
      sealed: true,
      deliveryLocation: rfqBody([]).deliveryLocation,
    });
    expect(rfq.invitations!.map((i) => i.supplier.name).sort()).toEqual([MEDILINK, TEMA].sort());
    const [{ days }] = (await queryRows<{ days: number }>(
      t.database.db,
      sql`select default_min_shelf_life_days as days from organizations where id = ${org[ACCRACARE]!}`,
    )) as [{ days: number }];
    expect(rfq.minShelfLifeDays).toBe(days);
  });

  it('refuses bad input with a field error on each field at fault', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ responseDeadline: hoursAhead(0.5) }, 'responseDeadline', RFQ_MESSAGES.deadlineTooSoon],
      [
        { responseDeadline: hoursAhead(72), requiredBy: inDays(1) },
        'requiredBy',
        RFQ_MESSAGES.requiredBeforeDeadline,
      ],
      [{ invite: [org[ACCRACARE]] }, 'invite', RFQ_MESSAGES.unknownSupplier],
      [{ lines: [] }, 'lines', RFQ_MESSAGES.linesRequired],
      [{ deliveryLocation: '' }, 'deliveryLocation', RFQ_MESSAGES.deliveryLocation],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/api/rfqs', ama, rfqBody([p.id], over));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().fieldErrors[field]).toContain(message);
    }
  });

  it('answers 404 PRODUCT_NOT_FOUND for a product not in the catalogue', async () => {
    const res = await call('POST', '/api/rfqs', ama, rfqBody([crypto.randomUUID()]));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
  });

  it('answers 409 REGISTRATION_LAPSED for a product whose FDA registration lapsed', async () => {
    const lapsed = await product();
    await t.database.db.execute(
      sql`update products set fda_registration_number = 'FDA/TEST/1', fda_registration_expires_on = ${inDays(-1)}::date
          where id = ${lapsed.id}`,
    );
    const res = await call('POST', '/api/rfqs', ama, rfqBody([p.id, lapsed.id]));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('REGISTRATION_LAPSED');
    expect(res.json().message).toContain(lapsed.name);
  });

  it("invite 'all' invites exactly the active suppliers with sellable stock of a line's product", async () => {
    const q = await product();
    await offer(TEMA, q.id, 10);
    await offer(MEDILINK, q.id, 11, { days: -5 }); // only expired stock
    await offer(ASHANTI, q.id, 12, { quarantined: true }); // only recalled stock
    const created = await openRfq(ama, [q.id], { invite: 'all' });
    expect(created.invitedCount).toBe(1);
    const rfq = await detail(ama, created.id);
    expect(rfq.invitations!.map((i) => i.supplier.name)).toEqual([TEMA]);

    const nobody = await product();
    const res = await call('POST', '/api/rfqs', ama, rfqBody([nobody.id], { invite: 'all' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RFQ_NO_SUPPLIERS');
  });

  it('is for buyers only: suppliers and the platform get 403', async () => {
    for (const token of [temaStock, platform]) {
      const res = await call('POST', '/api/rfqs', token, rfqBody([p.id]));
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('a sealed RFQ', () => {
  let rfq: RfqDetail;
  beforeAll(async () => {
    const p = await product();
    const created = await openRfq(ama, [p.id]);
    rfq = await detail(ama, created.id);
    await quote(temaStock, rfq, 9.5);
    const declined = await call('POST', `/api/rfqs/${rfq.id}/decline`, medilink, { reason: 'Out of stock' });
    expect(declined.statusCode, declined.body).toBe(200);
  });

  it('shows its buyer only how many answered while open', async () => {
    const seen = await detail(ama, rfq.id);
    expect(seen.responses).toEqual({ invited: 2, quoted: 1, declined: 1 });
    expect(seen.quotes).toBeNull();
    expect(seen.comparison).toBeNull();
    expect(
      seen.invitations!.every((i) => i.status === null && i.respondedAt === null && i.declineReason === null),
    ).toBe(true);
    expect(seen.canRespond).toBe(false);
    const [received] = await events('rfq.response_received', rfq.id);
    expect(received!.refs.supplierId).toBeUndefined();
    expect(received!.actorUserId).toBeNull();
  });

  it('shows an invited supplier its own answer and nothing of the others', async () => {
    const tema = await detail(temaStock, rfq.id);
    expect(tema).toMatchObject({
      myStatus: 'quoted',
      responses: null,
      invitations: null,
      quotes: null,
      canRespond: true,
    });
    expect(tema.myQuote!.lines[0]).toMatchObject({ unitPrice: 9.5, quantity: 100, total: 950 });
    const medi = await detail(medilink, rfq.id);
    expect(medi).toMatchObject({ myStatus: 'declined', myQuote: null, myDeclineReason: 'Out of stock' });
    // A supplier user without manage_inventory neither reads its organisation's RFQs nor quotes.
    expect((await call('GET', `/api/rfqs/${rfq.id}`, temaDispatch)).statusCode).toBe(403);
    const res = await call('PUT', `/api/rfqs/${rfq.id}/quote`, temaDispatch, quoteBody(rfq, 9));
    expect(res.statusCode).toBe(403);
  });

  it('is 404 to another buyer and to an uninvited supplier, 403 to the platform', async () => {
    for (const token of [kejetia, ashanti]) {
      expect((await call('GET', `/api/rfqs/${rfq.id}`, token)).statusCode).toBe(404);
      const page = rfqsPageSchema.parse((await call('GET', '/api/rfqs?limit=200', token)).json());
      expect(page.items.map((r) => r.id)).not.toContain(rfq.id);
    }
    const quoted = await call('PUT', `/api/rfqs/${rfq.id}/quote`, ashanti, quoteBody(rfq, 9));
    expect(quoted.statusCode).toBe(404);
    expect(quoted.json().code).toBe('RFQ_NOT_FOUND');
    expect((await call('POST', `/api/rfqs/${rfq.id}/close`, kejetia)).statusCode).toBe(404);
    expect((await call('GET', `/api/rfqs/${rfq.id}`, platform)).statusCode).toBe(403);
    expect((await call('GET', '/api/rfqs', platform)).statusCode).toBe(403);
  });

  it('opens its quotes to the buyer once closed early, never to the suppliers', async () => {
    const res = await call('POST', `/api/rfqs/${rfq.id}/close`, ama);
    expect(res.statusCode, res.body).toBe(200);
    const closed = rfqDetailSchema.parse(res.json());
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).not.toBeNull();
    expect(closed.quotes!.map((q) => q.supplier.name)).toEqual([TEMA]);
    expect(closed.invitations!.find((i) => i.supplier.name === MEDILINK)).toMatchObject({
      status: 'declined',
      declineReason: 'Out of stock',
    });
    const tema = await detail(temaStock, rfq.id);
    expect(tema).toMatchObject({ quotes: null, comparison: null, invitations: null, canRespond: false });
    const medi = await detail(medilink, rfq.id);
    expect(medi.myQuote).toBeNull();
    const [closedEvent] = await events('rfq.closed', rfq.id);
    expect(closedEvent!.actorUserId).not.toBeNull();

    const again = await call('POST', `/api/rfqs/${rfq.id}/close`, ama);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RFQ_NOT_OPEN');
  });
});

describe('an unsealed RFQ', () => {
  it('shows the buyer each quote, and who answered, at once', async () => {
    const p = await product();
    const created = await openRfq(ama, [p.id], { sealed: false });
    const rfq = await detail(ama, created.id);
    await quote(medilink, rfq, 8.75);
    const seen = await detail(ama, rfq.id);
    expect(seen.status).toBe('open');
    expect(seen.quotes!.map((q) => q.supplier.name)).toEqual([MEDILINK]);
    expect(seen.comparison![0]!.quotes[0]).toMatchObject({ unitPrice: 8.75, rank: 1, best: true });
    const [received] = await events('rfq.response_received', rfq.id);
    expect(received!.refs.supplierId).toBe(org[MEDILINK]);
  });
});

describe('the comparison', () => {
  it('ranks awardable quotes meeting the shelf life first, then by unit price, lead time and later expiry', async () => {
    const p = await product();
    const rfq = await detail(
      ama,
      (
        await openRfq(ama, [p.id], {
          sealed: false,
          minShelfLifeDays: 100,
          invite: [org[TEMA], org[MEDILINK], org[ASHANTI]],
        })
      ).id,
    );
    const line = (price: number, leadTimeDays: number, earliestExpiry: string | null) => ({
      lines: [{ rfqLineId: rfq.lines[0]!.id, unitPrice: price, quantity: 100, leadTimeDays, earliestExpiry }],
    });
    // Cheapest, but its units expire before requiredBy + 100 days.
    await quote(temaStock, rfq, 7, line(7, 1, inDays(50)));
    await quote(medilink, rfq, 8, line(8, 5, inDays(400)));
    await quote(ashanti, rfq, 8, line(8, 2, null));
    const [compared] = (await detail(ama, rfq.id)).comparison!;
    expect(compared!.quotes.map((q) => [q.supplier.name, q.rank, q.best, q.meetsShelfLife])).toEqual([
      [ASHANTI, 1, true, null],
      [MEDILINK, 2, false, true],
      [TEMA, 3, false, false],
    ]);
    const credit = await queryRows<{ supplierId: string; available: number }>(
      t.database.db,
      sql`select supplier_id as "supplierId", credit_limit - balance as available from credit_lines
          where customer_id = ${org[ACCRACARE]!} and status = 'active'`,
    );
    for (const q of compared!.quotes)
      expect(q.creditAvailable, q.supplier.name).toBe(
        credit.find((c) => c.supplierId === q.supplier.id)?.available ?? null,
      );
  });
});

describe("a supplier's answer", () => {
  let rfq: RfqDetail;
  beforeAll(async () => {
    const p = await product();
    rfq = await detail(ama, (await openRfq(ama, [p.id])).id);
  });

  it('refuses a quote that does not fit the request with a field error per line', async () => {
    const line = rfq.lines[0]!;
    const res = await call('PUT', `/api/rfqs/${rfq.id}/quote`, temaStock, {
      ...quoteBody(rfq, 9),
      lines: [
        { rfqLineId: line.id, unitPrice: 9, quantity: 101, leadTimeDays: 2, earliestExpiry: inDays(-1) },
        { rfqLineId: crypto.randomUUID(), unitPrice: 9, quantity: 1, leadTimeDays: 2 },
      ],
      validUntil: inDays(-1),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'lines.0.quantity': [RFQ_MESSAGES.quoteQuantityOverRequest(100)],
      'lines.0.earliestExpiry': [RFQ_EARLIEST_EXPIRY_PAST],
      'lines.1.rfqLineId': [RFQ_MESSAGES.unknownLine],
      validUntil: [RFQ_MESSAGES.validUntilPast],
    });
    const schema = await call('PUT', `/api/rfqs/${rfq.id}/quote`, temaStock, { ...quoteBody(rfq, 0) });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().fieldErrors['lines.0.unitPrice']).toContain(RFQ_MESSAGES.unitPrice);
  });

  it('revises, withdraws, declines and quotes again while open', async () => {
    await quote(temaStock, rfq, 9);
    const revised = await quote(temaStock, rfq, 8.5, { paymentTerms: 'Prepaid' });
    expect(revised.myQuote).toMatchObject({ paymentTerms: 'Prepaid', lines: [{ unitPrice: 8.5 }] });
    const [{ revision, lines }] = (await queryRows<{ revision: number; lines: number }>(
      t.database.db,
      sql`select revision, (select count(*)::int from rfq_quote_lines where quote_id = q.id) as lines
          from rfq_quotes q where rfq_id = ${rfq.id}`,
    )) as [{ revision: number; lines: number }];
    expect({ revision, lines }).toEqual({ revision: 2, lines: 1 });

    const withdrawn = await call('DELETE', `/api/rfqs/${rfq.id}/quote`, temaStock);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(rfqResponseStateSchema.parse(withdrawn.json()).status).toBe('withdrawn');
    expect((await detail(temaStock, rfq.id)).myQuote).toBeNull();
    const none = await call('DELETE', `/api/rfqs/${rfq.id}/quote`, temaStock);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('QUOTE_NOT_FOUND');

    await quote(temaStock, rfq, 8.8);
    const declined = await call('POST', `/api/rfqs/${rfq.id}/decline`, temaStock, {});
    expect(declined.json().status).toBe('declined');
    expect((await detail(temaStock, rfq.id)).myQuote).toBeNull();
    const again = await quote(temaStock, rfq, 8.9);
    expect(again.myStatus).toBe('quoted');

    const responses = (await events('rfq.responded', rfq.id)).map((e) => e.refs.rfqResponse);
    expect(responses).toEqual(['quoted', 'revised', 'withdrawn', 'quoted', 'declined', 'quoted']);
  });

  it('answers 409 RFQ_CLOSED to every answer once the deadline passed, and reads closed at once', async () => {
    await passDeadline(rfq.id);
    for (const [method, url, body] of [
      ['PUT', `/api/rfqs/${rfq.id}/quote`, quoteBody(rfq, 7)],
      ['POST', `/api/rfqs/${rfq.id}/decline`, {}],
      ['DELETE', `/api/rfqs/${rfq.id}/quote`, undefined],
    ] as const) {
      const res = await call(method, url, temaStock, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'RFQ_CLOSED', message: RFQ_MESSAGES.closed(rfq.number) });
    }
    const seen = await detail(ama, rfq.id);
    const [{ deadline }] = (await queryRows<{ deadline: string }>(
      t.database.db,
      sql`select to_char(response_deadline at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as deadline
          from rfqs where id = ${rfq.id}`,
    )) as [{ deadline: string }];
    expect(seen).toMatchObject({ status: 'closed', closedAt: deadline });
    expect(seen.quotes!.map((q) => q.lines[0]!.unitPrice)).toEqual([8.9]);
    expect((await detail(temaStock, rfq.id)).canRespond).toBe(false);
  });
});

describe('cancelling', () => {
  it('cancels an open sealed RFQ without ever opening its quotes, once', async () => {
    const p = await product();
    const rfq = await detail(ama, (await openRfq(ama, [p.id])).id);
    await quote(temaStock, rfq, 9);
    const res = await call('POST', `/api/rfqs/${rfq.id}/cancel`, ama, { reason: 'Budget moved' });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = rfqDetailSchema.parse(res.json());
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      closedAt: null,
      cancelReason: 'Budget moved',
      quotes: null,
    });
    expect(cancelled.cancelledAt).not.toBeNull();
    expect((await events('rfq.cancelled', rfq.id))[0]!.orgIds).toHaveLength(3);

    const again = await call('POST', `/api/rfqs/${rfq.id}/cancel`, ama, {});
    expect(again.json().code).toBe('RFQ_CANCELLED');
    const quoted = await call('PUT', `/api/rfqs/${rfq.id}/quote`, temaStock, quoteBody(rfq, 8));
    expect(quoted.json().code).toBe('RFQ_CLOSED');
    const closed = await call('POST', `/api/rfqs/${rfq.id}/close`, ama);
    expect(closed.json().code).toBe('RFQ_NOT_OPEN');
    const awarded = await call('POST', `/api/rfqs/${rfq.id}/award`, ama, {
      awards: [{ quoteLineId: crypto.randomUUID(), quantity: 1 }],
    });
    expect(awarded.json().code).toBe('RFQ_CANCELLED');
  });

  it('cancelled past its deadline, keeps open the quotes the buyer could already read', async () => {
    const p = await product();
    const rfq = await detail(ama, (await openRfq(ama, [p.id])).id);
    await quote(temaStock, rfq, 9);
    await passDeadline(rfq.id);
    expect((await detail(ama, rfq.id)).quotes).toHaveLength(1);
    const res = await call('POST', `/api/rfqs/${rfq.id}/cancel`, ama, {});
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = rfqDetailSchema.parse(res.json());
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.closedAt).not.toBeNull();
    expect(cancelled.quotes).toHaveLength(1);
    // Closed as the deadline closes it (no actor), then cancelled by the buyer.
    expect((await events('rfq.closed', rfq.id)).map((e) => e.actorUserId)).toEqual([null]);
  });
});

describe('awarding', () => {
  let p: { id: string; name: string };
  let rfq: RfqDetail;
  let temaLine: string;
  let mediLine: string;

  beforeAll(async () => {
    p = await product();
    await offer(TEMA, p.id, 10);
    await offer(MEDILINK, p.id, 12);
    rfq = await detail(ama, (await openRfq(ama, [p.id], { minShelfLifeDays: 30 })).id);
    temaLine = (
      await quote(temaStock, rfq, 9.5, { lines: [{ ...quoteBody(rfq, 9.5).lines[0], quantity: 60 }] })
    ).myQuote!.lines[0]!.id;
    mediLine = (await quote(medilink, rfq, 9.8, { paymentTerms: 'Prepaid' })).myQuote!.lines[0]!.id;
  });

  it('waits for quoting to end: 409 RFQ_STILL_OPEN', async () => {
    const res = await call('POST', `/api/rfqs/${rfq.id}/award`, ama, {
      awards: [{ quoteLineId: temaLine, quantity: 60 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('RFQ_STILL_OPEN');
  });

  it('compares the quotes ranked by landed cost, the best marked', async () => {
    const closed = rfqDetailSchema.parse((await call('POST', `/api/rfqs/${rfq.id}/close`, ama)).json());
    const [line] = closed.comparison!;
    expect(line!.quotes.map((q) => [q.supplier.name, q.rank, q.best, q.total, q.meetsShelfLife])).toEqual([
      [TEMA, 1, true, 570, true],
      [MEDILINK, 2, false, 980, true],
    ]);
  });

  it('refuses awards above the quote or the request, and quote lines not on this RFQ', async () => {
    const award = (awards: unknown) => call('POST', `/api/rfqs/${rfq.id}/award`, ama, { awards });
    const over = await award([{ quoteLineId: temaLine, quantity: 61 }]);
    expect(over.json()).toMatchObject({
      code: 'AWARD_EXCEEDS_QUOTE',
      message: RFQ_MESSAGES.exceedsQuote(TEMA, p.name, 60, 61),
    });
    const request = await award([
      { quoteLineId: temaLine, quantity: 60 },
      { quoteLineId: mediLine, quantity: 41 },
    ]);
    expect(request.json()).toMatchObject({
      code: 'AWARD_EXCEEDS_REQUEST',
      message: RFQ_MESSAGES.exceedsRequest(p.name, 100, 101),
    });
    const unknown = await award([{ quoteLineId: crypto.randomUUID(), quantity: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ 'awards.0.quoteLineId': [RFQ_MESSAGES.awardUnknownLine] });
  });

  it('splits a line across two suppliers into two orders at the quoted prices, held through approval', async () => {
    // Tema raises its offer after quoting: the award keeps the quoted price.
    const sync = await call('POST', '/api/inventory', temaStock, {
      productId: p.id,
      quantity: 500,
      unitPrice: 15,
      expiryDate: inDays(400),
    });
    expect(sync.statusCode, sync.body).toBeLessThan(300);

    const res = await call('POST', `/api/rfqs/${rfq.id}/award`, ama, {
      awards: [
        { quoteLineId: temaLine, quantity: 60 },
        { quoteLineId: mediLine, quantity: 40 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const awarded = rfqAwardedSchema.parse(res.json());
    expect(awarded.orders.map((o) => [o.supplierName, o.quantity, o.unitPrice, o.totalCost])).toEqual([
      [TEMA, 60, 9.5, 570],
      [MEDILINK, 40, 9.8, 392],
    ]);

    const orders = await queryRows<{
      id: string;
      address: string;
      terms: string;
      note: string;
      shelf: number;
    }>(
      t.database.db,
      sql`select o.id, o.delivery_address as address, o.payment_terms as terms, h.note,
                 o.min_shelf_life_days as shelf
          from orders o join order_history h on h.order_id = o.id
          where o.id = any(${`{${awarded.orders.map((o) => o.id).join(',')}}`}::uuid[]) order by o.total_cost desc`,
    );
    expect(orders.map((o) => [o.address, o.terms, o.note, o.shelf])).toEqual([
      [rfq.deliveryLocation, 'Net 30', `Drafted from ${rfq.number}`, 30],
      [rfq.deliveryLocation, 'Prepaid', `Drafted from ${rfq.number}`, 30],
    ]);

    for (const drafted of awarded.orders) {
      const approved = await call('POST', `/api/orders/${drafted.id}/approve`, ama);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(orderSchema.parse(approved.json())).toMatchObject({
        unitPrice: drafted.unitPrice,
        totalCost: drafted.totalCost,
      });
    }

    const seen = await detail(ama, rfq.id);
    expect(seen.status).toBe('awarded');
    // Line by line, then by supplier name.
    expect(seen.awards.map((a) => [a.supplier.name, a.quantity, a.total])).toEqual([
      [MEDILINK, 40, 392],
      [TEMA, 60, 570],
    ]);
    expect((await detail(medilink, rfq.id)).awards.map((a) => a.supplier.name)).toEqual([MEDILINK]);
    // Each supplier's list row says what it won, and the buyer's says nothing of it.
    const rowOf = async (token: string) =>
      rfqsPageSchema
        .parse((await call('GET', '/api/rfqs?limit=200', token)).json())
        .items.find((r) => r.id === rfq.id);
    expect((await rowOf(temaStock))?.myAwardedUnits).toBe(60);
    expect((await rowOf(medilink))?.myAwardedUnits).toBe(40);
    expect((await rowOf(ama))?.myAwardedUnits).toBeNull();
    const [event] = await events('rfq.awarded', rfq.id);
    expect(event!.refs.orderIds).toEqual(awarded.orders.map((o) => o.id));
  });

  it('drafts nothing a second time: 409 RFQ_AWARDED, and an awarded RFQ cannot be cancelled', async () => {
    const res = await call('POST', `/api/rfqs/${rfq.id}/award`, ama, {
      awards: [{ quoteLineId: mediLine, quantity: 10 }],
    });
    expect(res.json().code).toBe('RFQ_AWARDED');
    expect((await call('POST', `/api/rfqs/${rfq.id}/cancel`, ama, {})).json().code).toBe('RFQ_AWARDED');
  });

  it('refuses a quote past its validUntil: 409 QUOTE_EXPIRED; a due RFQ is closed by the award itself', async () => {
    const q = await product();
    await offer(TEMA, q.id, 10);
    const other = await detail(ama, (await openRfq(ama, [q.id])).id);
    const line = (await quote(temaStock, other, 9)).myQuote!.lines[0]!.id;
    await t.database.db.execute(
      sql`update rfq_quotes set valid_until = ${inDays(-1)}::date where rfq_id = ${other.id}`,
    );
    await passDeadline(other.id);
    const res = await call('POST', `/api/rfqs/${other.id}/award`, ama, {
      awards: [{ quoteLineId: line, quantity: 5 }],
    });
    expect(res.json()).toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: RFQ_MESSAGES.quoteExpired(TEMA, inDays(-1)),
    });
    await t.database.db.execute(
      sql`update rfq_quotes set valid_until = ${inDays(5)}::date where rfq_id = ${other.id}`,
    );
    const ok = await call('POST', `/api/rfqs/${other.id}/award`, ama, {
      awards: [{ quoteLineId: line, quantity: 5 }],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const closed = await events('rfq.closed', other.id);
    expect(closed.map((e) => e.actorUserId)).toEqual([null]);
  });
});

describe('repeated requests', () => {
  it('answers an award repeated with the same Idempotency-Key with the orders it drafted, drafting none again', async () => {
    const q = await product();
    await offer(TEMA, q.id, 10);
    const rfq = await detail(ama, (await openRfq(ama, [q.id])).id);
    const line = (await quote(temaStock, rfq, 9)).myQuote!.lines[0]!.id;
    expect((await call('POST', `/api/rfqs/${rfq.id}/close`, ama)).statusCode).toBe(200);
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/rfqs/${rfq.id}/award`,
        headers: { authorization: ama, 'idempotency-key': key },
        payload: { awards: [{ quoteLineId: line, quantity: 5 }] },
      });
    const key = crypto.randomUUID();
    const first = await send(key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from rfq_awards where rfq_id = ${rfq.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    // Without the key, the repeat is the second award it is: refused.
    expect((await send(crypto.randomUUID())).json().code).toBe('RFQ_AWARDED');
  });
});

describe('awarding beyond the live offer', () => {
  it("drafts at the quote from a supplier without an offer of the product, and below an offer's moq", async () => {
    const p = await product();
    await offer(MEDILINK, p.id, 5);
    await t.database.db.execute(sql`update offers set moq = 50 where product_id = ${p.id}`);
    const rfq = await detail(ama, (await openRfq(ama, [p.id], { invite: [org[ASHANTI], org[MEDILINK]] })).id);
    const units = (n: number, price: number) => ({
      lines: [{ ...quoteBody(rfq, price).lines[0], quantity: n }],
    });
    const sourced = (await quote(ashanti, rfq, 4.2, units(3, 4.2))).myQuote!.lines[0]!.id;
    const small = (await quote(medilink, rfq, 4.5, units(2, 4.5))).myQuote!.lines[0]!.id;
    expect((await call('POST', `/api/rfqs/${rfq.id}/close`, ama)).statusCode).toBe(200);
    const res = await call('POST', `/api/rfqs/${rfq.id}/award`, ama, {
      awards: [
        { quoteLineId: sourced, quantity: 3 },
        { quoteLineId: small, quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(rfqAwardedSchema.parse(res.json()).orders).toMatchObject([
      { supplierName: ASHANTI, quantity: 3, unitPrice: 4.2, totalCost: 12.6 },
      { supplierName: MEDILINK, quantity: 2, unitPrice: 4.5, totalCost: 9 },
    ]);
  });
});

describe('the list', () => {
  it('pages newest first with a cursor, and narrows by effective status', async () => {
    const p = await product();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await openRfq(kejetia, [p.id], { invite: [org[ASHANTI]] })).id);
    await passDeadline(ids[0]!);
    const first = await call('GET', '/api/rfqs?limit=2', kejetia);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = rfqsPageSchema.parse(first.json());
    expect(page1.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.total).toBe(3);
    const page2 = rfqsPageSchema.parse(
      (await call('GET', `/api/rfqs?limit=2&cursor=${page1.nextCursor}`, kejetia)).json(),
    );
    expect(page2.items.map((r) => r.id)).toEqual([ids[0]]);
    expect(page2.nextCursor).toBeNull();
    expect(page2.items[0]!.status).toBe('closed');

    const open = rfqsPageSchema.parse((await call('GET', '/api/rfqs?status=open', kejetia)).json());
    expect(open.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const supplier = rfqsPageSchema.parse((await call('GET', '/api/rfqs', ashanti)).json());
    expect(supplier.items.find((r) => r.id === ids[2])).toMatchObject({
      myStatus: 'invited',
      responses: null,
    });

    const bad = await call('GET', '/api/rfqs?cursor=not-a-cursor', kejetia);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['cursor']);
  });
});

describe('the deadline sweep', () => {
  it('reminds the suppliers still in once, 24 hours ahead, then closes the RFQ once at its deadline', async () => {
    const p = await product();
    const rfq = await detail(ama, (await openRfq(ama, [p.id])).id);
    expect((await call('POST', `/api/rfqs/${rfq.id}/decline`, medilink, {})).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update rfqs set created_at = now() - interval '2 days', response_deadline = now() + interval '2 hours'
          where id = ${rfq.id}`,
    );
    const swept = await sweepRfqDeadlines(t.database.db);
    expect(swept.reminded).toBeGreaterThanOrEqual(1);
    await sweepRfqDeadlines(t.database.db);
    const reminders = await events('rfq.deadline_near', rfq.id);
    expect(reminders.map((e) => e.orgIds)).toEqual([[org[TEMA]]]);

    await passDeadline(rfq.id);
    await sweepRfqDeadlines(t.database.db);
    await sweepRfqDeadlines(t.database.db);
    const [row] = await queryRows<{ status: string; closed: boolean }>(
      t.database.db,
      sql`select status, closed_at = response_deadline as closed from rfqs where id = ${rfq.id}`,
    );
    expect(row).toEqual({ status: 'closed', closed: true });
    const closed = await events('rfq.closed', rfq.id);
    expect(closed.map((e) => e.actorUserId)).toEqual([null]);
  });

  it('sends no reminder to an RFQ opened with under 24 hours to go', async () => {
    const p = await product();
    const rfq = await detail(ama, (await openRfq(ama, [p.id])).id);
    await sweepRfqDeadlines(t.database.db);
    expect(await events('rfq.deadline_near', rfq.id)).toEqual([]);
  });
});
