import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@aduro/shared/pagination';
import { orderSchema, ordersPageSchema, type Order } from '@aduro/shared/orders';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { walkPages } from '../../test/pages.ts';

// Issue 17, "Paginated, searchable lists": GET /api/orders by keyset, with its filters.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaDispatch: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const ACCRACARE = 'AccraCare Pharmacy';

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, temaDispatch] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });

async function all(query: string, authorization: string): Promise<Order[]> {
  const res = await get(`/api/orders${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.array().parse(res.json());
}

async function page(query: string, authorization: string): Promise<Page<Order>> {
  const res = await get(`/api/orders/page${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return ordersPageSchema.parse(res.json());
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

const ids = (orders: Order[]) => orders.map((o) => o.id);

/** A product of Tema's own with plenty of stock, so drafts of it never run short. */
async function temaProduct(): Promise<string> {
  const temaStock = await t.login('stock@tema-pharma.demo', 'supplier');
  const product = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: temaStock },
    payload: {
      name: `Paging product ${Date.now().toString(36)}`,
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

async function draft(productId: string): Promise<Order> {
  const res = await t.app.inject({
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
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

describe('GET /api/orders, a page at a time', () => {
  it('answers the whole list as an array without paging parameters, as SPEC expects', async () => {
    const res = await get('/api/orders', ama);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it("walks a supplier's orders newest first, each exactly once, in the array's order, with the total on every page", async () => {
    const whole = await all(`?sellerId=${org[TEMA]}`, temaDispatch);
    expect(whole.length).toBeGreaterThan(7);
    const { items, pages } = await walk(`sellerId=${org[TEMA]}`, temaDispatch, 3);
    expect(ids(items)).toEqual(ids(whole));
    expect(new Set(pages.map((p) => p.total))).toEqual(new Set([whole.length]));
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('pages 50 at a time when only a cursor is given, and answers the last page with nextCursor null', async () => {
    const first = await page('?limit=1', ama);
    const rest = await page(`?cursor=${encodeURIComponent(first.nextCursor!)}`, ama);
    expect(rest.items.length).toBe(Math.min(50, first.total - 1));
    const everything = await page('?limit=200', ama);
    expect(everything.nextCursor).toBeNull();
    expect(everything.items).toHaveLength(first.total);
  });

  it('neither repeats nor skips an order while the buyer places others between pages', async () => {
    const productId = await temaProduct();
    const before = await all('', ama);
    const placed: string[] = [];
    const { items } = await walk('', ama, 4, async () => {
      placed.push((await draft(productId)).id);
    });
    expect(placed.length).toBeGreaterThan(2);
    // Every order there before the walk began is met once; nothing is met twice.
    expect(new Set(ids(items)).size).toBe(items.length);
    expect(ids(items).filter((id) => ids(before).includes(id))).toEqual(ids(before));
    // The new ones are newer than the first page's start, so a reader meets them on a fresh first page.
    const fresh = await page('?limit=200', ama);
    expect(ids(fresh.items).slice(0, placed.length)).toEqual([...placed].reverse());
  });
});

describe('GET /api/orders filters', () => {
  let whole: Order[];
  beforeAll(async () => {
    whole = await all('', ama);
  });

  /** The filtered list, paged and whole, equals the whole list filtered by `keep`. */
  async function expectFilter(filters: string, keep: (o: Order) => boolean) {
    const expected = ids(whole.filter(keep));
    expect(expected.length, `the demo data has orders for ${filters}`).toBeGreaterThan(0);
    expect(expected.length, `the demo data has orders beside ${filters}`).toBeLessThan(whole.length);
    expect(ids(await all(`?${filters}`, ama))).toEqual(expected);
    const { items, pages } = await walk(filters, ama, 2);
    expect(ids(items)).toEqual(expected);
    expect(pages[0]!.total).toBe(expected.length);
  }

  it('narrows by status', async () => {
    await expectFilter('status=RELEASED', (o) => o.status === 'RELEASED');
    await expectFilter('status=AWAITING_CUSTOMER_APPROVAL', (o) => o.status === 'AWAITING_CUSTOMER_APPROVAL');
    await expectFilter('status=RELEASED,SHIPPED', (o) => o.status === 'RELEASED' || o.status === 'SHIPPED');
  });

  it("narrows by text in the counterparty's name, in any case", async () => {
    await expectFilter('counterparty=tema%20PHARMA', (o) => o.seller.name === TEMA);
  });

  it("narrows by text in the product's name or brand, or by the order number", async () => {
    const name = whole[0]!.product.name;
    const word = name.split(' ')[0]!;
    await expectFilter(`product=${encodeURIComponent(word.toLowerCase())}`, (o) =>
      // The order carries no brand; in the demo data this word is in no other product's brand.
      o.product.name.toLowerCase().includes(word.toLowerCase()),
    );
    const one = whole[3]!;
    expect(ids(await all(`?product=${one.number}`, ama))).toEqual([one.id]);
  });

  it('narrows by the days the order was placed, both ends inclusive', async () => {
    const days = [...new Set(whole.map((o) => o.createdAt.slice(0, 10)))].sort();
    expect(days.length, 'demo orders are spread over several days').toBeGreaterThan(2);
    const [from, to] = [days[1]!, days.at(-2)!];
    await expectFilter(
      `from=${from}&to=${to}`,
      (o) => o.createdAt.slice(0, 10) >= from && o.createdAt.slice(0, 10) <= to,
    );
    await expectFilter(`from=${days.at(-1)}`, (o) => o.createdAt.slice(0, 10) >= days.at(-1)!);
  });

  it('combines filters', async () => {
    await expectFilter(
      'status=RELEASED&counterparty=tema',
      (o) => o.status === 'RELEASED' && o.seller.name === TEMA,
    );
  });

  it('answers 400 naming the field for a bad cursor, limit, date, range or status', async () => {
    const forged = Buffer.from(JSON.stringify(['2026-02-30T00:00:00.000000Z', 'PO-2026-000001'])).toString(
      'base64url',
    );
    for (const [query, field] of [
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${forged}`, 'cursor'],
      [`?cursor=${Buffer.from('{"at":1}').toString('base64url')}`, 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
      ['?from=2026-13-01', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-11-20&to=2026-11-01', 'from'],
      ['?status=LOST', 'status'],
      ['?status=RELEASED,LOST', 'status'],
    ] as const) {
      const res = await get(`/api/orders/page${query}`, ama);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });
});

describe('GET /api/orders pages and tenancy', () => {
  it('keeps each organisation to its own orders in every page, whatever the filters', async () => {
    const { items } = await walk('counterparty=a', kejetia, 5);
    expect(items.every((o) => o.buyer.id === org['Kejetia Health Pharmacy'])).toBe(true);
    expect(items.some((o) => o.buyer.name === ACCRACARE)).toBe(false);
    const theirs = await get(`/api/orders/page?buyerId=${org[ACCRACARE]}&limit=5`, kejetia);
    expect(theirs.statusCode).toBe(403);
  });

  it("does not let a cursor from another organisation's list reveal that list", async () => {
    const amaFirst = await page('?limit=2', ama);
    const kejetiaNext = await page(`?limit=50&cursor=${encodeURIComponent(amaFirst.nextCursor!)}`, kejetia);
    expect(kejetiaNext.items.every((o) => o.buyer.id === org['Kejetia Health Pharmacy'])).toBe(true);
  });
});
