import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryRowSchema, inventoryTotalsSchema, type InventoryRow } from '@aduro/shared/inventory';
import { sumCedis } from '@aduro/shared/money';
import { INVENTORY_CSV_COLUMNS, inventoryPageSchema } from '@aduro/shared/inventory-list';
import type { Page } from '@aduro/shared/pagination';
import { queryRows } from '../../db/client.ts';
import { CSV_BOM, toCsvLine } from '../../lib/csv.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { walkPages } from '../../test/pages.ts';

// Issue 17, "Paginated, searchable lists": GET /api/inventory by keyset, with its filters, and the
// whole filtered stock as CSV (GET /api/inventory.csv).

let t: TestApp;
let tema: string;
let stock: string;
let medilink: string;
let northstar: string;
const org: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [tema, stock, medilink, northstar] = await Promise.all([
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@northstar.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });

async function all(query: string, authorization = tema): Promise<InventoryRow[]> {
  const res = await get(`/api/inventory${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return inventoryRowSchema.array().parse(res.json());
}

async function page(query: string, authorization = tema): Promise<Page<InventoryRow>> {
  const res = await get(`/api/inventory/page${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return inventoryPageSchema.parse(res.json());
}

/** Every page of `filters` (a query string without ?), `limit` at a time. */
const walk = (filters: string, limit: number, authorization = tema, between?: (n: number) => Promise<void>) =>
  walkPages(
    (cursor) =>
      page(
        `?${filters}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        authorization,
      ),
    limit,
    between,
  );

const ids = (rows: InventoryRow[]) => rows.map((r) => r.id);
const TEST_BRAND = 'Paging Pharma';
/** A lot of the demo data rather than of a product these tests made. */
const demo = (r: InventoryRow) => r.product.brandName !== TEST_BRAND;

let seq = 0;
/** A fresh catalogue product named `name`, so a test knows exactly which lots it has. */
async function product(name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: tema },
    payload: {
      name: `${name} ${Date.now().toString(36)}${++seq}`,
      brandName: TEST_BRAND,
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '100 tablets',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function sync(
  productId: string,
  lot: { batchNumber?: string | null; expiryDate?: string | null },
  authorization = stock,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization },
    payload: { productId, quantity: 5, unitPrice: 3, ...lot },
  });
  expect(res.statusCode, res.body).toBe(200);
  return inventoryRowSchema.parse(res.json());
}

/** The CSV body's records: the byte order mark checked and dropped, CRLF line ends, last one empty. */
function csvLines(body: string): string[] {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  const lines = body.slice(CSV_BOM.length).split('\r\n');
  expect(lines.at(-1)).toBe('');
  return lines.slice(0, -1);
}

/** A lot as the web app's export writes it (apps/web/src/features/inventory/utils/inventory-csv.ts). */
const webCsvLine = (r: InventoryRow) =>
  toCsvLine([
    r.product.name,
    r.quantity,
    r.unitPrice.toFixed(2),
    r.expiryDate,
    r.expiryStatus,
    r.daysUntilExpiry,
    r.batchNumber,
    r.recall?.number ?? null,
  ]).slice(0, -2);

describe('GET /api/inventory, a page at a time', () => {
  it('answers the whole list as an array without paging parameters, as SPEC expects', async () => {
    const res = await get('/api/inventory', tema);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it("walks a supplier's lots in the list's order, each exactly once, with the total on every page", async () => {
    const whole = await all('');
    expect(whole.length).toBeGreaterThan(20);
    const { items, pages } = await walk('', 7);
    expect(ids(items)).toEqual(ids(whole));
    expect(new Set(pages.map((p) => p.total))).toEqual(new Set([whole.length]));
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('pages 50 at a time when only a cursor is given', async () => {
    const first = await page('?limit=1');
    const rest = await page(`?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.items.length).toBe(Math.min(50, first.total - 1));
  });

  it('orders lots of one product by expiry then batch, undated and unbatched last, one page per lot', async () => {
    const id = await product('Keyset lots');
    for (const lot of [
      { batchNumber: null, expiryDate: null },
      { batchNumber: 'B2', expiryDate: '2031-01-01' },
      { batchNumber: null, expiryDate: '2031-01-01' },
      { batchNumber: 'A1', expiryDate: null },
      { batchNumber: 'A1', expiryDate: '2031-01-01' },
      { batchNumber: 'A1', expiryDate: '2030-06-30' },
      { batchNumber: null, expiryDate: '2030-06-30' },
    ])
      await sync(id, lot);
    const whole = (await all('?product=keyset%20lots')).filter((r) => r.product.id === id);
    expect(whole.map((r) => `${r.expiryDate ?? '-'} ${r.batchNumber ?? '-'}`)).toEqual([
      '2030-06-30 A1',
      '2030-06-30 -',
      '2031-01-01 A1',
      '2031-01-01 B2',
      '2031-01-01 -',
      '- A1',
      '- -',
    ]);
    const { items } = await walk(`product=${encodeURIComponent(whole[0]!.product.name)}`, 1);
    expect(ids(items)).toEqual(ids(whole));
  });

  it('neither repeats nor skips a lot while stock is synced between pages, before and after the reader', async () => {
    const before = await all('');
    const early = await product('AAAA early lots');
    const late = await product('zzzz late lots');
    const middle = before[Math.floor(before.length / 2)]!.product.id;
    let synced = 0;
    const { items } = await walk('', 6, tema, async (n) => {
      await sync(early, { batchNumber: `E${n}`, expiryDate: '2031-03-01' });
      await sync(late, { batchNumber: null, expiryDate: `2031-03-${String(n).padStart(2, '0')}` });
      await sync(middle, { batchNumber: `M${n}`, expiryDate: null });
      synced += 3;
    });
    expect(synced).toBeGreaterThan(6);
    expect(new Set(ids(items)).size).toBe(items.length);
    // Every lot there before the walk began is met once, in the list's order.
    expect(ids(items).filter((id) => ids(before).includes(id))).toEqual(ids(before));
    // Lots synced after the reader's position are met too; those before it wait for a fresh first page.
    expect(items.filter((r) => r.product.id === late).length).toBeGreaterThan(0);
    expect(items.filter((r) => r.product.id === early)).toEqual([]);
  });
});

describe('GET /api/inventory filters', () => {
  /** The filtered list, paged and whole, equals the whole list filtered by `keep`, and narrows it. */
  async function expectFilter(filters: string, keep: (r: InventoryRow) => boolean) {
    const whole = await all('');
    const expected = ids(whole.filter(keep));
    expect(expected.length, `the demo data has lots for ${filters}`).toBeGreaterThan(0);
    expect(expected.length, `the demo data has lots beside ${filters}`).toBeLessThan(whole.length);
    expect(ids(await all(`?${filters}`))).toEqual(expected);
    const { items, pages } = await walk(filters, 4);
    expect(ids(items)).toEqual(expected);
    expect(pages[0]!.total).toBe(expected.length);
  }

  it("narrows by text in the product's name or brand, in any case", async () => {
    const whole = (await all('')).filter(demo);
    const word = whole[0]!.product.name.split(' ')[0]!;
    const has = (r: InventoryRow, text: string) =>
      r.product.name.toLowerCase().includes(text) || r.product.brandName.toLowerCase().includes(text);
    await expectFilter(`product=${encodeURIComponent(word.toUpperCase())}`, (r) =>
      has(r, word.toLowerCase()),
    );
    const brand = whole.at(-1)!.product.brandName;
    await expectFilter(`product=${encodeURIComponent(brand)}`, (r) => has(r, brand.toLowerCase()));
  });

  it('narrows by expiry status, one or several', async () => {
    await expectFilter('status=expired', (r) => r.expiryStatus === 'expired');
    await expectFilter('status=healthy', (r) => r.expiryStatus === 'healthy');
    await expectFilter(
      'status=expired,expiring_soon',
      (r) => r.expiryStatus === 'expired' || r.expiryStatus === 'expiring_soon',
    );
  });

  it('narrows by text in the batch number, in any case', async () => {
    const batch = (await all('')).filter(demo)[3]!.batchNumber!;
    await expectFilter(`batch=${encodeURIComponent(batch.toLowerCase())}`, (r) =>
      (r.batchNumber ?? '').includes(batch),
    );
  });

  it('combines filters', async () => {
    const word = (await all('')).filter(demo)[0]!.product.name.split(' ')[0]!.toLowerCase();
    await expectFilter(
      `product=${encodeURIComponent(word)}&status=healthy,expiring_soon`,
      (r) =>
        (r.product.name.toLowerCase().includes(word) || r.product.brandName.toLowerCase().includes(word)) &&
        (r.expiryStatus === 'healthy' || r.expiryStatus === 'expiring_soon'),
    );
  });

  it('answers 400 naming the field for a bad cursor, limit, status or search', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const forged = (position: unknown[]) => Buffer.from(JSON.stringify(position)).toString('base64url');
    for (const [query, field] of [
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${forged(['a', 'A', id, '2026-02-30', null, id])}`, 'cursor'],
      [`?cursor=${forged(['a', 'A', id, null, "x'; drop", id])}`, 'cursor'],
      [`?cursor=${forged(['a', 'A', 'not-an-id', null, null, id])}`, 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?status=valid', 'status'],
      ['?status=expired,gone', 'status'],
      [`?product=${'x'.repeat(101)}`, 'product'],
      [`?batch=${'x'.repeat(101)}`, 'batch'],
    ] as const) {
      const res = await get(`/api/inventory/page${query}`, tema);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
      const csv = await get(`/api/inventory.csv${query}`, tema);
      if (field !== 'cursor' && field !== 'limit') expect(csv.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/inventory pages and tenancy', () => {
  it('keeps a supplier to its own lots in every page, whatever the filters', async () => {
    const mine = await all('', medilink);
    const { items } = await walk('product=a', 5, medilink);
    expect(items.length).toBeGreaterThan(0);
    expect(ids(items).every((id) => ids(mine).includes(id))).toBe(true);
    const temaIds = new Set(ids(await all('')));
    expect(items.some((r) => temaIds.has(r.id))).toBe(false);
  });

  it("does not let a cursor from another supplier's list reveal that list", async () => {
    const temaFirst = await page('?limit=2');
    const theirs = await page(`?limit=200&cursor=${encodeURIComponent(temaFirst.nextCursor!)}`, medilink);
    const mine = new Set(ids(await all('', medilink)));
    expect(theirs.items.every((r) => mine.has(r.id))).toBe(true);
  });
});

describe('GET /api/inventory/totals', () => {
  async function totals(authorization = tema) {
    const res = await get('/api/inventory/totals', authorization);
    expect(res.statusCode, res.body).toBe(200);
    return inventoryTotalsSchema.parse(res.json());
  }
  /** SPEC §2's totals worked out from the whole list, as the inventory tab did before this endpoint. */
  const fromList = (rows: InventoryRow[]) => ({
    lots: rows.length,
    unitsOnHand: rows.reduce((sum, r) => sum + r.quantity, 0),
    value: sumCedis(rows.map((r) => r.quantity * r.unitPrice)),
    lotsAtRisk: rows.filter((r) => r.expiryStatus === 'expired' || r.expiryStatus === 'expiring_soon').length,
  });

  it("sums every one of the supplier's own lots as the whole list would, each supplier its own", async () => {
    for (const who of [tema, medilink]) expect(await totals(who)).toEqual(fromList(await all('', who)));
    expect(await totals(medilink)).not.toEqual(await totals(tema));
  });

  it('follows a stock sync, counting a lot that expires within 90 days as one to act on', async () => {
    const before = await totals();
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await sync(await product('Totals soon'), { batchNumber: 'TOT-1', expiryDate: soon });
    await sync(await product('Totals later'), { batchNumber: 'TOT-2', expiryDate: '2099-01-31' });
    expect(await totals()).toEqual({
      lots: before.lots + 2,
      unitsOnHand: before.unitsOnHand + 10,
      value: sumCedis([before.value, 15, 15]),
      lotsAtRisk: before.lotsAtRisk + 1,
    });
    expect(await totals()).toEqual(fromList(await all('')));
  });

  it('is refused to a buyer, like the rest of the inventory', async () => {
    const buyer = await t.login('buyer@accracare.demo', 'customer');
    expect((await get('/api/inventory/totals', buyer)).statusCode).toBe(403);
  });
});

describe('GET /api/inventory.csv', () => {
  it("writes the web app's export of every lot, in the list's order, as a UTF-8 attachment", async () => {
    const res = await get('/api/inventory.csv', tema);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="inventory_export.csv"');
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(INVENTORY_CSV_COLUMNS.join(','));
    const whole = await all('');
    expect(lines.slice(1)).toEqual(whole.map(webCsvLine));
  });

  it('applies the filters: as many rows as the filtered total', async () => {
    const { total } = await page('?status=expired&limit=1');
    const lines = csvLines((await get('/api/inventory.csv?status=expired', tema)).body);
    expect(lines.length - 1).toBe(total);
    expect(lines.slice(1).every((line) => line.split(',')[4] === 'expired')).toBe(true);
    expect(total).toBeLessThan((await all('')).length);
  });

  it('streams a stock longer than one batch of 500 whole, each lot once', async () => {
    const id = await product('Bulk csv');
    await sync(id, { batchNumber: 'BULK0', expiryDate: '2031-01-01' }, northstar);
    await queryRows(
      t.database.db,
      sql`insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
          select ${org['Northstar Medical Imports']}, ${id}, case when g % 7 = 0 then null else 'BULK' || g end,
                 case when g % 5 = 0 and g % 7 <> 0 then null else date '2031-01-01' + g end, g
          from generate_series(1, 1100) g`,
    );
    const whole = await all('', northstar);
    expect(whole.length).toBeGreaterThan(1100);
    const lines = csvLines((await get('/api/inventory.csv', northstar)).body);
    expect(lines.slice(1)).toEqual(whole.map(webCsvLine));
  });

  it('answers 401 without a token and 403 to a customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inventory.csv' })).statusCode).toBe(401);
    const customer = await t.login('buyer@accracare.demo', 'customer');
    expect((await get('/api/inventory.csv', customer)).statusCode).toBe(403);
  });
});
