import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES, priceHistorySchema, type PriceHistory } from '@aduro/shared/catalogue';
import { todayUtc } from '@aduro/shared/inventory';
import { queryRows } from '../../db/client.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { monthsBefore } from './catalogue.service.ts';

let t: TestApp;
let accracare: string;
let kejetia: string;
let tema: string;
let temaStock: string;
let temaDispatch: string;
let medilink: string;
let harbour: string;
let northstar: string;
let platform: string;
let org: Record<string, string>;

const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';
const HARBOUR = 'Harbour Surgical Imports';
const NORTHSTAR = 'Northstar Medical Imports';

beforeAll(async () => {
  t = await createTestApp();
  [accracare, kejetia, tema, temaStock, temaDispatch, medilink, harbour, northstar, platform] =
    await Promise.all([
      t.login('buyer@accracare.demo', 'customer'),
      t.login('buyer@kejetia-health.demo', 'customer'),
      t.login('admin@tema-pharma.demo', 'supplier'),
      t.login('stock@tema-pharma.demo', 'supplier'),
      t.login('dispatch@tema-pharma.demo', 'supplier'),
      t.login('admin@accra-medilink.demo', 'supplier'),
      t.login('admin@harbour-surgical.demo', 'supplier'),
      t.login('admin@northstar.demo', 'supplier'),
      t.login('admin@aduro.demo', 'platform'),
    ]);
  org = await t.organisationIds();
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const history = (productId: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/products/${productId}/price-history`,
    headers: authorization ? { authorization } : {},
  });

async function historyOf(productId: string, authorization: string): Promise<PriceHistory> {
  const res = await history(productId, authorization);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as PriceHistory;
  expect(priceHistorySchema.strict().parse(body)).toEqual(body);
  return body;
}

let seq = 0;
/** A product of its own per test, so no test sees another's offers or the demo's. */
async function newProduct(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: temaStock },
    payload: {
      name: `Price history cream ${++seq} ${Date.now().toString(36)}`,
      brandName: 'Test Generics',
      category: 'Dermatology',
      unitOfMeasure: 'Tube',
      itemsPerUnit: '30 g',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** A stock count: the lot of `productId` expiring in a year, at `unitPrice`. */
async function sync(authorization: string, productId: string, unitPrice: number, quantity = 100) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization },
    payload: { productId, quantity, unitPrice, expiryDate: inDays(365) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function priceRows(productId: string) {
  return queryRows<{ supplierId: string; unitPrice: number; day: string }>(
    t.database.db,
    sql`select supplier_id as "supplierId", unit_price as "unitPrice",
               to_char(effective_at at time zone 'UTC', 'YYYY-MM-DD') as day
        from offer_prices where product_id = ${productId} order by effective_at, id`,
  );
}

/** Replaces a supplier's kept prices of a product with these, each `daysAgo` before now. */
async function setPrices(productId: string, supplierId: string, prices: [daysAgo: number, price: number][]) {
  await t.database.db.execute(
    sql`delete from offer_prices where product_id = ${productId} and supplier_id = ${supplierId}`,
  );
  for (const [daysAgo, price] of prices) {
    await t.database.db.execute(
      sql`insert into offer_prices (supplier_id, product_id, unit_price, effective_at)
          values (${supplierId}, ${productId}, ${price}, now() - ${daysAgo} * interval '1 day')`,
    );
  }
}

const lineOf = (body: PriceHistory, supplier: string) =>
  body.suppliers.find((s) => s.supplierId === org[supplier]);

describe('recording offer prices', () => {
  it('keeps a new offer’s first price and every change through POST /api/inventory, and adds a point per day', async () => {
    const product = await newProduct();
    await sync(temaStock, product, 12.5);
    expect(await priceRows(product)).toEqual([{ supplierId: org[TEMA], unitPrice: 12.5, day: todayUtc() }]);

    // Move the first price back 40 days, as if the offer were older; a change today then adds a point.
    await t.database.db.execute(
      sql`update offer_prices set effective_at = now() - interval '40 days' where product_id = ${product}`,
    );
    await sync(temaStock, product, 13.1);
    const body = await historyOf(product, accracare);
    expect(lineOf(body, TEMA)).toEqual({
      supplierId: org[TEMA],
      supplierName: TEMA,
      currentPrice: 13.1,
      points: [
        { at: inDays(-40), unitPrice: 12.5 },
        { at: todayUtc(), unitPrice: 13.1 },
      ],
    });
    expect((await priceRows(product)).map((r) => r.unitPrice)).toEqual([12.5, 13.1]);
  });

  it('adds nothing for a sync that keeps the price, to the pesewa, whatever else it changes', async () => {
    const product = await newProduct();
    await sync(temaStock, product, 0.3);
    await sync(temaStock, product, 0.3, 250);
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point: still 30 pesewas, the same price.
    await sync(temaStock, product, 0.1 + 0.2, 40);
    const rows = await priceRows(product);
    expect(rows.map((r) => r.unitPrice)).toEqual([0.3]);
    expect(lineOf(await historyOf(product, accracare), TEMA)?.points).toEqual([
      { at: todayUtc(), unitPrice: 0.3 },
    ]);
  });

  it('keeps the history true to the offer when syncs of one offer race each other', async () => {
    const product = await newProduct();
    await sync(temaStock, product, 14);
    // Each sync waits for the one before it and compares with the price that one left, not with the
    // price its own snapshot began with: otherwise a change back to 14 would go unrecorded.
    await Promise.all(Array.from({ length: 12 }, (_, i) => sync(temaStock, product, i % 2 === 0 ? 15 : 14)));
    const rows = await priceRows(product);
    const [offer] = await queryRows<{ unitPrice: number }>(
      t.database.db,
      sql`select unit_price as "unitPrice" from offers where product_id = ${product}`,
    );
    expect(rows.at(-1)?.unitPrice).toBe(offer!.unitPrice);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.unitPrice).not.toBe(rows[i - 1]!.unitPrice);
  });

  it('shows the price a day closed at, once, when it changed several times that day', async () => {
    const product = await newProduct();
    await sync(temaStock, product, 20);
    await setPrices(product, org[TEMA]!, [[30, 20]]);
    await sync(temaStock, product, 21);
    await sync(temaStock, product, 22.5);
    await sync(temaStock, product, 21.75);
    expect((await priceRows(product)).map((r) => r.unitPrice)).toEqual([20, 21, 22.5, 21.75]);
    expect(lineOf(await historyOf(product, accracare), TEMA)?.points).toEqual([
      { at: inDays(-30), unitPrice: 20 },
      { at: todayUtc(), unitPrice: 21.75 },
    ]);
  });
});

describe('GET /api/products/{id}/price-history', () => {
  it('covers the last 12 months, each line starting with the price in force when they began', async () => {
    const product = await newProduct();
    await sync(temaStock, product, 12.5);
    await sync(medilink, product, 15);
    await setPrices(product, org[TEMA]!, [
      [500, 10],
      [400, 11],
      [200, 12],
      [10, 12.5],
    ]);
    // Medilink's offer is younger than the window: its line starts when it was made.
    await setPrices(product, org[MEDILINK]!, [[90, 15]]);

    const body = await historyOf(product, accracare);
    const from = monthsBefore(todayUtc(), 12);
    expect(body).toMatchObject({ productId: product, from, to: todayUtc() });
    expect(lineOf(body, TEMA)?.points).toEqual([
      { at: from, unitPrice: 11 },
      { at: inDays(-200), unitPrice: 12 },
      { at: inDays(-10), unitPrice: 12.5 },
    ]);
    expect(lineOf(body, MEDILINK)?.points).toEqual([{ at: inDays(-90), unitPrice: 15 }]);
  });

  it('counts 12 calendar months back, kept inside the month', () => {
    expect(monthsBefore('2026-11-24', 12)).toBe('2025-11-24');
    expect(monthsBefore('2028-02-29', 12)).toBe('2027-02-28');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 12)).toBe('2025-01-15');
  });

  it('names the cheapest offer a buyer can order now, and lists lines cheapest first', async () => {
    const product = await newProduct();
    await sync(temaStock, product, 14);
    await sync(medilink, product, 12);
    let body = await historyOf(product, accracare);
    expect(body.suppliers.map((s) => [s.supplierName, s.currentPrice])).toEqual([
      [MEDILINK, 12],
      [TEMA, 14],
    ]);
    expect(body.cheapest).toEqual({ supplierId: org[MEDILINK], supplierName: MEDILINK, unitPrice: 12 });

    // Medilink sold out: its offer is no longer published, so the cheapest is Tema's.
    await sync(medilink, product, 12, 0);
    body = await historyOf(product, accracare);
    expect(body.suppliers.map((s) => s.supplierName)).toEqual([TEMA]);
    expect(body.cheapest).toEqual({ supplierId: org[TEMA], supplierName: TEMA, unitPrice: 14 });
  });

  it('leaves out inactive suppliers, however cheap, except to their own users', async () => {
    const product = await newProduct();
    await sync(temaStock, product, 14);
    // A deactivated supplier and one still awaiting licence review may count stock, but publish none.
    await sync(harbour, product, 9);
    await sync(northstar, product, 8.5);

    for (const who of [accracare, kejetia, platform, tema, medilink]) {
      const body = await historyOf(product, who);
      expect(body.suppliers.map((s) => s.supplierName)).toEqual([TEMA]);
      expect(body.cheapest?.supplierName).toBe(TEMA);
    }
    const own = await historyOf(product, harbour);
    expect(own.suppliers.map((s) => [s.supplierName, s.currentPrice])).toEqual([
      [HARBOUR, 9],
      [TEMA, 14],
    ]);
    // The cheapest is what buyers can order: Harbour's own price is not on the market.
    expect(own.cheapest?.supplierName).toBe(TEMA);
    expect((await historyOf(product, northstar)).suppliers.map((s) => s.supplierName)).toEqual([
      NORTHSTAR,
      TEMA,
    ]);
  });

  it('answers a product nobody offers with no lines and no cheapest', async () => {
    const product = await newProduct();
    expect(await historyOf(product, accracare)).toEqual({
      productId: product,
      from: monthsBefore(todayUtc(), 12),
      to: todayUtc(),
      suppliers: [],
      cheapest: null,
    });
  });

  it('answers 404 for an unknown product and 400 for an id that is no UUID', async () => {
    const missing = await history('00000000-0000-4000-8000-000000000000', accracare);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      kind: 'not_found',
      message: CATALOGUE_MESSAGES.productNotFound,
    });
    const bad = await history('not-a-uuid', accracare);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('who sees which lines', () => {
  let product: string;
  beforeAll(async () => {
    product = await newProduct();
    await sync(temaStock, product, 14);
    await sync(medilink, product, 12);
    // Medilink's offer with no stock: off the market.
    await sync(medilink, product, 12, 0);
    await sync(harbour, product, 9);
  });

  it('refuses an anonymous caller with 401, before anything about the product', async () => {
    expect((await history(product)).statusCode).toBe(401);
    expect((await history('not-a-uuid')).statusCode).toBe(401);
    expect((await history(product, 'Bearer not-a-token')).statusCode).toBe(401);
  });

  it('shows customers the published offers only, the same to every buyer', async () => {
    const first = await historyOf(product, accracare);
    expect(first.suppliers.map((s) => s.supplierName)).toEqual([TEMA]);
    expect(await historyOf(product, kejetia)).toEqual(first);
  });

  it('shows platform administrators what customers see', async () => {
    expect(await historyOf(product, platform)).toEqual(await historyOf(product, accracare));
  });

  it('shows a supplier the published offers and its own, whatever its role, and never another’s unpublished one', async () => {
    for (const who of [tema, temaDispatch]) {
      expect((await historyOf(product, who)).suppliers.map((s) => s.supplierName)).toEqual([TEMA]);
    }
    const own = await historyOf(product, medilink);
    expect(own.suppliers.map((s) => s.supplierName)).toEqual([MEDILINK, TEMA]);
    expect(own.cheapest?.supplierName).toBe(TEMA);
    expect((await historyOf(product, harbour)).suppliers.map((s) => s.supplierName)).toEqual([HARBOUR, TEMA]);
  });
});
