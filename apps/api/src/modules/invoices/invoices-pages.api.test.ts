import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema, invoicesPageSchema, type Invoice } from '@aduro/shared/invoices';
import { orderSchema } from '@aduro/shared/orders';
import type { Page } from '@aduro/shared/pagination';
import { todayUtc } from '@aduro/shared/inventory';
import { queryRows } from '../../db/client.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { walkPages } from '../../test/pages.ts';

// Issue 17, "Paginated, searchable lists": GET /api/invoices by keyset, with its filters.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaCredit: string;
let medilinkAdmin: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const ACCRACARE = 'AccraCare Pharmacy';
const KEJETIA = 'Kejetia Health Pharmacy';

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, temaCredit, medilinkAdmin] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });

async function all(query: string, authorization: string): Promise<Invoice[]> {
  const res = await get(`/api/invoices${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return invoiceSchema.array().parse(res.json());
}

async function page(query: string, authorization: string): Promise<Page<Invoice>> {
  const res = await get(`/api/invoices/page${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return invoicesPageSchema.parse(res.json());
}

/** Every page of `filters` (a query string without ?), `limit` at a time. */
const walk = (
  filters: string,
  authorization: string,
  limit: number,
  between?: (n: number) => Promise<void>,
) =>
  walkPages(
    (cursor) =>
      page(
        `?${filters}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        authorization,
      ),
    limit,
    between,
  );

const ids = (invoices: Invoice[]) => invoices.map((i) => i.id);

/** 0 overdue (unpaid, due before today, UTC), 1 unpaid not yet due, 2 paid or void. */
const rank = (i: Invoice) => (i.status !== 'unpaid' ? 2 : i.dueDate < todayUtc() ? 0 : 1);

/**
 * The list is the most pressing first (docs/domain.md): ranks never go back; overdue and unpaid ones by
 * due date then number ascending, paid and void ones by due date then number descending. Numbers share
 * one INV-year-sequence form, so comparing them as strings is their order.
 */
function expectPressingFirst(list: Invoice[]) {
  for (const [n, b] of list.entries()) {
    const a = list[n - 1];
    expect(b.overdue, b.number).toBe(rank(b) === 0);
    if (a === undefined) continue;
    const where = `${a.number} (${a.status} ${a.dueDate}) then ${b.number} (${b.status} ${b.dueDate})`;
    expect(rank(a), where).toBeLessThanOrEqual(rank(b));
    if (rank(a) !== rank(b)) continue;
    const [first, second] = rank(a) === 2 ? [b, a] : [a, b];
    const ascending =
      first.dueDate < second.dueDate || (first.dueDate === second.dueDate && first.number < second.number);
    expect(ascending, where).toBe(true);
  }
}

/** A product of Tema's own with plenty of stock, so orders of it never run short. */
async function temaProduct(): Promise<string> {
  const temaStock = await t.login('stock@tema-pharma.demo', 'supplier');
  const product = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: temaStock },
    payload: {
      name: `Invoice paging product ${Date.now().toString(36)}`,
      brandName: 'Pager',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '10 tablets',
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  const synced = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization: temaStock },
    payload: {
      productId: product.json().id,
      quantity: 10_000,
      unitPrice: 4,
      moq: 1,
      expiryDate: '2030-01-31',
    },
  });
  expect(synced.statusCode, synced.body).toBe(200);
  return product.json().id;
}

/** Drafts and approves an order of AccraCare's from Tema, which issues its invoice; answers the order's id. */
async function invoiced(productId: string): Promise<string> {
  const drafted = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: ama },
    payload: {
      sellerId: org[TEMA],
      productId,
      paymentTermMethod: 'mobile_money',
      drops: [{ addressName: 'Osu branch', address: '12 Oxford Street, Osu', quantity: 2 }],
    },
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const order = orderSchema.parse(drafted.json());
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/approve`,
    headers: { authorization: ama },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return order.id;
}

describe('GET /api/invoices, a page at a time', () => {
  it('answers the whole list as an array without paging parameters, as SPEC expects', async () => {
    const res = await get('/api/invoices', ama);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('orders overdue first (oldest due first), then unpaid by due date, then paid and void (latest due first), whole and paged', async () => {
    // Demo invoices of AccraCare's from Tema, re-dated (approving orders here would queue e-mail jobs
    // the test does not need): a and b overdue on the same day (the number decides), c overdue since
    // later, d not yet due, e paid though its due date is older than all of them.
    const demo = (status: string, count: number) =>
      queryRows<{ id: string; number: string }>(
        t.database.db,
        sql`select id, number from invoices
            where buyer_org_id = ${org[ACCRACARE]} and seller_org_id = ${org[TEMA]} and status = ${status}
            order by number limit ${count}`,
      );
    const unpaid = await demo('unpaid', 4);
    const settled = await demo('paid', 1);
    expect(unpaid.length, 'the demo data has 4 unpaid invoices of AccraCare from Tema').toBe(4);
    expect(settled.length, 'and a paid one').toBe(1);
    const [a, b, c, d] = unpaid;
    const [e] = settled;
    for (const [invoice, due] of [
      [a!, -10],
      [b!, -10],
      [c!, -2],
      [d!, 5],
      [e!, -20],
    ] as const) {
      await t.database.db.execute(
        sql`update invoices set due_date = ${inDays(due)}::date where id = ${invoice.id}`,
      );
    }
    const issued = [a!, b!, c!, d!, e!];

    const whole = await all('', ama);
    expectPressingFirst(whole);
    expect(new Set(whole.map(rank))).toEqual(new Set([0, 1, 2]));
    const [x, y] = [a!, b!].sort((p, q) => (p.number < q.number ? -1 : 1));
    const mine = new Set(issued.map((i) => i.id));
    expect(ids(whole).filter((id) => mine.has(id))).toEqual([x!.id, y!.id, c!.id, d!.id, e!.id]);
    for (const [filters, who] of [
      ['', ama],
      ['', temaCredit],
      ['status=unpaid', ama],
      ['counterparty=accracare', temaCredit],
    ] as const) {
      const list = await all(filters ? `?${filters}` : '', who);
      expectPressingFirst(list);
      // Small pages, so many cross from one rank to the next.
      expect(ids((await walk(filters, who, 2)).items), filters).toEqual(ids(list));
    }
  });

  it("walks a supplier's invoices the most pressing first, each exactly once, in the array's order, with the total on every page", async () => {
    const whole = await all('', temaCredit);
    expect(whole.length).toBeGreaterThan(7);
    expectPressingFirst(whole);
    const { items, pages } = await walk('', temaCredit, 4);
    expect(ids(items)).toEqual(ids(whole));
    expect(new Set(pages.map((p) => p.total))).toEqual(new Set([whole.length]));
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('pages 50 at a time when only a cursor is given, and answers the last page with nextCursor null', async () => {
    const first = await page('?limit=1', temaCredit);
    const rest = await page(`?cursor=${encodeURIComponent(first.nextCursor!)}`, temaCredit);
    expect(rest.items.length).toBe(Math.min(50, first.total - 1));
    const everything = await page('?limit=200', ama);
    expect(everything.nextCursor).toBeNull();
    expect(ids(everything.items)).toEqual(ids(await all('', ama)));
  });

  it('neither repeats nor skips an invoice while orders are approved (invoices issued) between pages', async () => {
    const productId = await temaProduct();
    const before = await all('', ama);
    let issued = 0;
    const { items } = await walk('', ama, 5, async () => {
      await invoiced(productId);
      issued += 1;
    });
    expect(issued).toBeGreaterThan(2);
    expect(new Set(ids(items)).size).toBe(items.length);
    // Every invoice there before the walk began is met once, in the list's order.
    expect(ids(items).filter((id) => ids(before).includes(id))).toEqual(ids(before));
    expect((await all('', ama)).length).toBe(before.length + issued);
  });
});

describe('GET /api/invoices filters', () => {
  /** The filtered list, paged and whole, equals `who`'s whole list filtered by `keep`, and narrows it. */
  async function expectFilter(filters: string, keep: (i: Invoice) => boolean, who = temaCredit) {
    const whole = await all('', who);
    const expected = ids(whole.filter(keep));
    expect(expected.length, `the demo data has invoices for ${filters}`).toBeGreaterThan(0);
    expect(expected.length, `the demo data has invoices beside ${filters}`).toBeLessThan(whole.length);
    expect(ids(await all(`?${filters}`, who))).toEqual(expected);
    const { items, pages } = await walk(filters, who, 3);
    expect(ids(items)).toEqual(expected);
    expect(pages[0]!.total).toBe(expected.length);
  }

  it('narrows by status, as before', async () => {
    await expectFilter('status=paid', (i) => i.status === 'paid');
    await expectFilter('status=unpaid', (i) => i.status === 'unpaid');
    await expectFilter('status=overdue', (i) => i.overdue);
  });

  it('narrows to overdue invoices, or to the others', async () => {
    await expectFilter('overdue=true', (i) => i.overdue);
    await expectFilter('overdue=false', (i) => !i.overdue);
    await expectFilter('status=unpaid&overdue=false', (i) => i.status === 'unpaid' && !i.overdue);
  });

  it("narrows by text in the other party's name, in any case: the buyer's for a supplier, the seller's for a buyer", async () => {
    await expectFilter('counterparty=accracare', (i) => i.buyer.name === ACCRACARE);
    await expectFilter('counterparty=TEMA%20pharma', (i) => i.seller.name === TEMA, ama);
    // A buyer's own name is not the other party's.
    expect(await all('?counterparty=accracare', ama)).toEqual([]);
  });

  it('narrows by the days the invoice was issued, both ends inclusive', async () => {
    const whole = await all('', temaCredit);
    const days = [...new Set(whole.map((i) => i.issuedAt.slice(0, 10)))].sort();
    expect(days.length, 'demo invoices are spread over several days').toBeGreaterThan(2);
    const [from, to] = [days[1]!, days.at(-2)!];
    await expectFilter(
      `from=${from}&to=${to}`,
      (i) => i.issuedAt.slice(0, 10) >= from && i.issuedAt.slice(0, 10) <= to,
    );
    await expectFilter(`to=${days[0]}`, (i) => i.issuedAt.slice(0, 10) <= days[0]!);
  });

  it('combines filters', async () => {
    await expectFilter(
      'status=paid&counterparty=accracare',
      (i) => i.status === 'paid' && i.buyer.name === ACCRACARE,
    );
  });

  it('answers 400 naming the field for a bad cursor, limit, flag, date, range or status', async () => {
    const cursor = (position: unknown) => Buffer.from(JSON.stringify(position)).toString('base64url');
    for (const [query, field] of [
      ['?cursor=not-a-cursor', 'cursor'],
      // Not a real day, a rank the list has not, the rank as text, the old [dueDate, number] form.
      [`?cursor=${cursor([0, '2026-02-30', 'INV-2026-000001'])}`, 'cursor'],
      [`?cursor=${cursor([3, '2026-01-01', 'INV-2026-000001'])}`, 'cursor'],
      [`?cursor=${cursor(['1', '2026-01-01', 'INV-2026-000001'])}`, 'cursor'],
      [`?cursor=${cursor(['2026-01-01', 'INV-2026-000001'])}`, 'cursor'],
      [`?cursor=${cursor([1, '2026-01-01'])}`, 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?overdue=yes', 'overdue'],
      ['?from=2026-13-01', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-11-20&to=2026-11-01', 'from'],
      ['?status=late', 'status'],
      [`?counterparty=${'x'.repeat(101)}`, 'counterparty'],
    ] as const) {
      const res = await get(`/api/invoices/page${query}`, temaCredit);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });
});

describe('GET /api/invoices pages and tenancy', () => {
  it('keeps a supplier to the invoices it issued and a buyer to its own in every page, whatever the filters', async () => {
    const seller = await walk('counterparty=a', medilinkAdmin, 3);
    expect(seller.items.length).toBeGreaterThan(0);
    expect(seller.items.every((i) => i.seller.id === org['Accra Medilink Importers'])).toBe(true);
    const buyer = await walk('counterparty=a', kejetia, 3);
    expect(buyer.items.length).toBeGreaterThan(0);
    expect(buyer.items.every((i) => i.buyer.id === org[KEJETIA])).toBe(true);
    expect((await get(`/api/invoices/page?buyerId=${org[ACCRACARE]}&limit=5`, kejetia)).statusCode).toBe(403);
    expect((await get(`/api/invoices/page?sellerId=${org[TEMA]}&limit=5`, medilinkAdmin)).statusCode).toBe(
      403,
    );
  });

  it("does not let a cursor from another organisation's list reveal that list", async () => {
    const temaFirst = await page('?limit=2', temaCredit);
    const theirs = await page(
      `?limit=200&cursor=${encodeURIComponent(temaFirst.nextCursor!)}`,
      medilinkAdmin,
    );
    expect(theirs.items.every((i) => i.seller.id === org['Accra Medilink Importers'])).toBe(true);
    const amaFirst = await page('?limit=2', ama);
    const kejetiaNext = await page(`?limit=200&cursor=${encodeURIComponent(amaFirst.nextCursor!)}`, kejetia);
    expect(kejetiaNext.items.every((i) => i.buyer.id === org[KEJETIA])).toBe(true);
  });
});
