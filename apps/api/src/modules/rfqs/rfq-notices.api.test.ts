import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityItem } from '@aduro/shared/activity';
import type { EventType } from '@aduro/shared/events';
import { rfqDetailSchema, type RfqDetail } from '@aduro/shared/rfqs';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findEvents } from '../events/events.repository.ts';
import { notifyEvent } from '../notifications/notify-event.ts';
import { sweepRfqDeadlines } from './rfqs.service.ts';

/*
 * What each party of a request for quotation hears of it (notifications) and reads of it afterwards
 * (the activity trail): the invited suppliers, never one of another; the buyer, never who answered a
 * sealed request while it is open.
 */

let t: TestApp;
let ama: string;
let temaStock: string;
let medilink: string;
let ashanti: string;
let temaAdmin: string;
let platform: string;
const org: Record<string, string> = {};

const BUYER = 'AccraCare Pharmacy';
const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';
const ASHANTI = 'Ashanti Pharmaceutical Manufacturing';
const TEMA_HEARS = ['admin@tema-pharma.demo', 'stock@tema-pharma.demo'];

beforeAll(async () => {
  t = await createTestApp();
  [ama, temaStock, temaAdmin, medilink, ashanti, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@ashanti-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

let seq = 0;
/** A fresh product Tema stocks, so each request's sentences name only its own. */
async function newProduct(): Promise<{ id: string; name: string }> {
  const name = `RFQ notice product ${++seq}-${Date.now().toString(36)}`;
  const product = await call('POST', '/api/products', temaStock, {
    name,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(product.statusCode, product.body).toBe(201);
  const id = product.json().id as string;
  const synced = await call('POST', '/api/inventory', temaStock, {
    productId: id,
    quantity: 500,
    unitPrice: 12,
    moq: 1,
  });
  expect(synced.statusCode, synced.body).toBe(200);
  return { id, name };
}

/** AccraCare's buyer sends a request for 40 units of the product to the suppliers named. */
async function sendRfq(
  productId: string,
  suppliers: string[],
  options: { sealed: boolean; deadline?: Date },
): Promise<{ id: string; number: string }> {
  const res = await call('POST', '/api/rfqs', ama, {
    lines: [{ productId, quantity: 40 }],
    requiredBy: inDays(10).toISOString().slice(0, 10),
    responseDeadline: (options.deadline ?? inDays(3)).toISOString(),
    deliveryLocation: '12 Ring Road, Osu, Accra',
    invite: suppliers.map((name) => org[name]!),
    sealed: options.sealed,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: string };
}

async function detail(rfqId: string, authorization: string): Promise<RfqDetail> {
  const res = await call('GET', `/api/rfqs/${rfqId}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return rfqDetailSchema.parse(res.json());
}

/** A supplier quotes every line of the request in full at `unitPrice`. */
async function quote(rfqId: string, authorization: string, unitPrice: number) {
  const rfq = await detail(rfqId, authorization);
  const res = await call('PUT', `/api/rfqs/${rfqId}/quote`, authorization, {
    lines: rfq.lines.map((l) => ({ rfqLineId: l.id, unitPrice, quantity: l.quantity, leadTimeDays: 3 })),
    validUntil: inDays(30).toISOString().slice(0, 10),
    paymentTerms: 'Net 30',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * The latest event of the type on the request, run through the notifications job's own function (as
 * the job would; a second run, the job's own, inserts nothing twice), with its notifications by e-mail.
 */
async function notifiedOf(type: EventType, rfqId: string) {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id::int from events where type = ${type} and refs ->> 'rfqId' = ${rfqId} order by id desc limit 1`,
  );
  expect(row, `no ${type} event on ${rfqId}`).toBeDefined();
  const [event] = await findEvents(t.database.db, [row!.id]);
  await notifyEvent(t.app.db, event!, { queueMail: async () => {} });
  const sent = await queryRows<{ email: string; title: string; body: string; link: string }>(
    t.database.db,
    sql`select u.email, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id
        where n.event_id = ${row!.id} order by u.email`,
  );
  return { eventId: row!.id, sent };
}

/** The item of the event in a reader's activity trail (a platform reader names the organisation). */
async function activityItem(authorization: string, type: EventType, eventId: number, orgId?: string) {
  const res = await call(
    'GET',
    `/api/activity?type=${type}&limit=200${orgId ? `&orgId=${orgId}` : ''}`,
    authorization,
  );
  expect(res.statusCode, res.body).toBe(200);
  const item = activityPageSchema.parse(res.json()).items.find((i) => i.id === eventId);
  expect(item, `event ${eventId} in the trail`).toBeDefined();
  return item as ActivityItem;
}

describe('a sealed request, from invitation to award', () => {
  let product: { id: string; name: string };
  let rfq: { id: string; number: string };

  beforeAll(async () => {
    product = await newProduct();
    rfq = await sendRfq(product.id, [TEMA, MEDILINK, ASHANTI], { sealed: true });
  });

  it('tells each invited supplier what is asked, by when, and that it is sealed; not the buyer', async () => {
    const { sent } = await notifiedOf('rfq.opened', rfq.id);
    expect(sent.map((s) => s.email)).toEqual([
      'admin@accra-medilink.demo',
      'admin@ashanti-pharma.demo',
      ...TEMA_HEARS,
    ]);
    const [first] = sent;
    expect(first).toMatchObject({
      title: `${BUYER} asks for quotes: ${rfq.number}`,
      link: `/supplier?tab=quotes&rfq=${rfq.id}`,
    });
    expect(first!.body).toContain(`${product.name}: 40 units`);
    expect(first!.body).toMatch(/Quotes are due by \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(Accra time\)/);
    expect(first!.body).toContain(`needed by ${inDays(10).toISOString().slice(0, 10)}`);
    expect(first!.body).toContain('Sealed');
    // One invitation says nothing of the others.
    for (const s of sent) expect(s.body).not.toMatch(new RegExp(`${TEMA}|${MEDILINK}|${ASHANTI}`));
  });

  it("shows a supplier's trail its invitation, never the other suppliers invited", async () => {
    const { eventId } = await notifiedOf('rfq.opened', rfq.id);
    const tema = await activityItem(temaAdmin, 'rfq.opened', eventId);
    expect(tema.description).toBe(`${BUYER} invited you to quote on ${rfq.number}`);
    expect(tema.organisations.map((o) => o.name).sort()).toEqual([BUYER, TEMA]);
    expect(tema.refs.supplierIds).toEqual([org[TEMA]]);
    expect(JSON.stringify(tema)).not.toMatch(
      new RegExp(`${org[MEDILINK]}|${org[ASHANTI]}|${MEDILINK}|${ASHANTI}`),
    );
    // The buyer's own trail, as the platform reads it, counts them.
    const buyer = await activityItem(platform, 'rfq.opened', eventId, org[BUYER]);
    expect(buyer.description).toBe(`Ama Mensah sent ${rfq.number} to 3 suppliers`);
  });

  it('a quote on a sealed request notifies the buyer of nothing and its trail names no supplier', async () => {
    await quote(rfq.id, temaStock, 11);
    const { eventId, sent } = await notifiedOf('rfq.response_received', rfq.id);
    expect(sent).toEqual([]);
    const item = await activityItem(platform, 'rfq.response_received', eventId, org[BUYER]);
    expect(item.description).toBe(`A supplier quoted on ${rfq.number}`);
    expect(item.organisations.map((o) => o.name)).toEqual([BUYER]);
    expect(item.refs.supplierId).toBeUndefined();
    expect(JSON.stringify(item)).not.toMatch(new RegExp(`${TEMA}|${org[TEMA]}`));
    // The supplier's own trail says who of its people quoted.
    const own = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int from events where type = 'rfq.responded' and refs ->> 'rfqId' = ${rfq.id}
          order by id desc limit 1`,
    );
    const responded = await activityItem(temaAdmin, 'rfq.responded', own[0]!.id);
    expect(responded.description).toMatch(new RegExp(` quoted on ${rfq.number}$`));
    expect(responded.description).not.toMatch(/^A former user/);
  });

  it('closing tells the buyer how many quoted and declined', async () => {
    await quote(rfq.id, medilink, 12);
    const declined = await call('POST', `/api/rfqs/${rfq.id}/decline`, ashanti, { reason: 'Out of stock' });
    expect(declined.statusCode, declined.body).toBe(200);
    const closed = await call('POST', `/api/rfqs/${rfq.id}/close`, ama);
    expect(closed.statusCode, closed.body).toBe(200);
    const { sent } = await notifiedOf('rfq.closed', rfq.id);
    // Ama closed it; AccraCare's other buyer hears.
    expect(sent.map((s) => s.email)).toEqual(['procurement@accracare.demo']);
    expect(sent[0]).toMatchObject({
      title: `Quotes on ${rfq.number} are open: 2 quotes, 1 declined`,
      link: `/customer/rfqs/${rfq.id}`,
    });
  });

  it('the award tells the winner its orders, the loser only that it lost, and the decliner nothing', async () => {
    const open = await detail(rfq.id, ama);
    const temaLine = open.quotes!.find((q) => q.supplier.id === org[TEMA])!.lines[0]!;
    const awarded = await call('POST', `/api/rfqs/${rfq.id}/award`, ama, {
      awards: [{ quoteLineId: temaLine.id, quantity: 40 }],
    });
    expect(awarded.statusCode, awarded.body).toBe(201);
    const [order] = (awarded.json() as { orders: { number: string }[] }).orders;
    const { eventId, sent } = await notifiedOf('rfq.awarded', rfq.id);
    expect(sent.map((s) => s.email)).toEqual(['admin@accra-medilink.demo', ...TEMA_HEARS]);
    const won = sent.find((s) => s.email === 'stock@tema-pharma.demo')!;
    expect(won.title).toBe(`${BUYER} awarded you ${rfq.number}`);
    expect(won.body).toContain(`order ${order!.number} (40 units of ${product.name}, GH₵440.00)`);
    expect(won.body).toContain("awaits the buyer's approval");
    const lost = sent.find((s) => s.email === 'admin@accra-medilink.demo')!;
    expect(lost.title).toBe(`${rfq.number} was awarded to other suppliers`);
    expect(`${lost.title} ${lost.body}`).not.toMatch(new RegExp(`${TEMA}|GH₵|440|${order!.number}`));

    // The trail: the winner reads its order, the loser only that others won.
    expect((await activityItem(temaAdmin, 'rfq.awarded', eventId)).description).toBe(
      `${BUYER} awarded you ${rfq.number}: order ${order!.number} drafted`,
    );
    const loser = await activityItem(medilink, 'rfq.awarded', eventId);
    expect(loser.description).toBe(`${BUYER} awarded ${rfq.number} to other suppliers`);
    expect(JSON.stringify(loser)).not.toMatch(new RegExp(`${TEMA}|${org[TEMA]}|${order!.number}`));
    expect((await activityItem(platform, 'rfq.awarded', eventId, org[BUYER])).description).toBe(
      `Ama Mensah awarded ${rfq.number}: 1 order drafted`,
    );
  });
});

describe('an unsealed request', () => {
  it('tells the buyer who quoted, as it happens', async () => {
    const product = await newProduct();
    const rfq = await sendRfq(product.id, [TEMA], { sealed: false });
    await quote(rfq.id, temaStock, 10);
    const { eventId, sent } = await notifiedOf('rfq.response_received', rfq.id);
    expect(sent.map((s) => s.email)).toEqual(['buyer@accracare.demo', 'procurement@accracare.demo']);
    expect(sent[0]).toMatchObject({
      title: `${TEMA} quoted on ${rfq.number}`,
      link: `/customer/rfqs/${rfq.id}`,
    });
    const item = await activityItem(platform, 'rfq.response_received', eventId, org[BUYER]);
    expect(item.description).toBe(`${TEMA} quoted on ${rfq.number}`);
    // A revision says so.
    await quote(rfq.id, temaStock, 9.5);
    const revised = await notifiedOf('rfq.response_received', rfq.id);
    expect(revised.sent[0]!.title).toBe(`${TEMA} revised its quote on ${rfq.number}`);
  });
});

describe('reminders and cancellations', () => {
  it('reminds the invited suppliers that have not declined, saying whether they have quoted', async () => {
    const product = await newProduct();
    const rfq = await sendRfq(product.id, [TEMA, MEDILINK, ASHANTI], { sealed: true });
    // Sent three days ago and due in five hours: the deadline job's sweep reminds now (a request sent
    // less than a day before its deadline gets no reminder).
    await t.database.db.execute(
      sql`update rfqs set created_at = now() - interval '3 days', response_deadline = now() + interval '5 hours'
          where id = ${rfq.id}`,
    );
    await quote(rfq.id, temaStock, 10);
    const declined = await call('POST', `/api/rfqs/${rfq.id}/decline`, ashanti, {});
    expect(declined.statusCode, declined.body).toBe(200);
    await sweepRfqDeadlines(t.app.db);
    const { sent } = await notifiedOf('rfq.deadline_near', rfq.id);
    expect(sent.map((s) => s.email)).toEqual(['admin@accra-medilink.demo', ...TEMA_HEARS]);
    for (const s of sent) expect(s.title).toBe(`Quotes on ${rfq.number} are due within 24 hours`);
    expect(sent.find((s) => s.email === 'admin@tema-pharma.demo')!.body).toContain('you may revise');
    expect(sent.find((s) => s.email === 'admin@accra-medilink.demo')!.body).toContain(
      'You have not quoted yet',
    );
  });

  it('tells every invited supplier of a cancellation, with the reason', async () => {
    const product = await newProduct();
    const rfq = await sendRfq(product.id, [TEMA, MEDILINK], { sealed: true });
    const cancelled = await call('POST', `/api/rfqs/${rfq.id}/cancel`, ama, { reason: 'Bought elsewhere.' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { sent } = await notifiedOf('rfq.cancelled', rfq.id);
    expect(sent.map((s) => s.email)).toEqual(['admin@accra-medilink.demo', ...TEMA_HEARS]);
    expect(sent[0]).toMatchObject({
      title: `${BUYER} cancelled ${rfq.number}`,
      body: `${BUYER} cancelled request for quotation ${rfq.number}; no orders will be drafted from it. Reason: Bought elsewhere.`,
    });
  });
});
