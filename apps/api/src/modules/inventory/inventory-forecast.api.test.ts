import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastSchema, INVENTORY_MESSAGES, todayUtc, type Forecast } from '@aduro/shared/inventory';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { chooseModel, MIN_HOLT_WEEKS } from './holt.ts';
import { isoWeek, nextIsoWeeks, startOfIsoWeek } from './iso-weeks.ts';

let t: TestApp;
let tema: string;
let stock: string;
let accra: string;
beforeAll(async () => {
  t = await createTestApp();
  tema = await t.login('admin@tema-pharma.demo', 'supplier');
  stock = await t.login('stock@tema-pharma.demo', 'supplier');
  accra = await t.login('admin@accra-medilink.demo', 'supplier');
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const forecastOf = (productId: string, authorization = stock) =>
  t.app.inject({ method: 'GET', url: `/api/inventory/forecast/${productId}`, headers: { authorization } });

const WEEK_MS = 7 * 86_400_000;
/** Monday of the first of the 26 history weeks, the current week being the last. */
const windowStart = () => new Date(startOfIsoWeek(new Date()).getTime() - 25 * WEEK_MS);

/** Released, not cancelled units of a seller's product, read row by row and bucketed here, not in SQL. */
async function releasedUnitsByWeek(seller: string, productId: string) {
  const rows = await queryRows<{ approved_at: string | Date; quantity: number }>(
    t.database.db,
    sql`select o.approved_at, d.quantity
        from orders o
        join order_drops d on d.order_id = o.id
        join organizations s on s.id = o.seller_org_id
        where s.name = ${seller} and o.product_id = ${productId}
          and o.status in ('RELEASED', 'SHIPPED', 'DELIVERED') and d.status <> 'Cancelled'`,
  );
  const weeks = new Map<string, number>();
  for (const row of rows) {
    const at = new Date(row.approved_at);
    if (at < windowStart()) continue;
    weeks.set(isoWeek(at), (weeks.get(isoWeek(at)) ?? 0) + row.quantity);
  }
  return weeks;
}

/** The products a seller released the most units of within the history window, best first. */
async function bestSellers(seller: string) {
  return queryRows<{ id: string; units: number }>(
    t.database.db,
    sql`select o.product_id as id, sum(d.quantity)::int as units
        from orders o
        join order_drops d on d.order_id = o.id
        join organizations s on s.id = o.seller_org_id
        where s.name = ${seller} and o.status in ('RELEASED', 'SHIPPED', 'DELIVERED')
          and d.status <> 'Cancelled' and o.approved_at >= ${windowStart().toISOString()}::timestamptz
        group by o.product_id
        order by units desc, o.product_id`,
  );
}

async function freshProduct(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: tema },
    payload: {
      name: `Forecast test product ${Math.random().toString(36).slice(2)}`,
      brandName: 'Test Pharma',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '20 tablets',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

function expectShape(body: Forecast, productId: string) {
  expect(forecastSchema.strict().parse(body)).toEqual(body);
  expect(body.productId).toBe(productId);
  expect(body.history).toHaveLength(26);
  const current = startOfIsoWeek(new Date()).getTime();
  expect(body.history.map((h) => h.period)).toEqual(
    Array.from({ length: 26 }, (_, i) => isoWeek(new Date(current - (25 - i) * WEEK_MS))),
  );
  expect(body.points).toHaveLength(8);
  expect(body.points.map((p) => p.period)).toEqual(nextIsoWeeks(new Date(), 8));
  for (const p of [...body.points, ...body.history]) expect(p.period).toMatch(/^\d{4}-W\d{2}$/);
  for (const p of body.points) expect(p.projected).toBeGreaterThanOrEqual(0);
  expect(typeof body.commentary).toBe('string');
  expect(body.commentary!.length).toBeGreaterThan(0);
  // The periods stay ISO weeks for programs; the commentary is for a pharmacist: weeks as dates, and no
  // model parameters (docs/domain.md "Forecast").
  expect(body.commentary).not.toMatch(/\d{4}-W\d{2}|\bW\d{2}\b|α|β|alpha|beta|MAPE|SSE|Holt/i);
}

describe('GET /api/inventory/forecast/:productId', () => {
  it('projects a product Tema sells from its own released units per ISO week, zero-filled', async () => {
    const [top] = await bestSellers('Tema Pharma Distributors');
    expect(top).toBeDefined();
    const res = await forecastOf(top!.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Forecast;
    expectShape(body, top!.id);

    const expected = await releasedUnitsByWeek('Tema Pharma Distributors', top!.id);
    expect(body.history.map((h) => h.units)).toEqual(body.history.map((h) => expected.get(h.period) ?? 0));
    expect(body.history.reduce((s, h) => s + h.units, 0)).toBe(top!.units);
    // Baseline: mean weekly units of the last 8 weeks (DOMAIN.md).
    const last8 = body.history.slice(-8).reduce((s, h) => s + h.units, 0) / 8;
    const weeksSold = 26 - body.history.findIndex((h) => h.units > 0);
    if (weeksSold >= 8) expect(body.baseline).toBeCloseTo(last8, 1);
    // From four weeks of history Holt's model is tried, and kept unless the recent average did better on
    // the held-out weeks (forecast.test.ts pins that choice). Which way it goes depends on the demo's
    // orders in the window, which move with the day the test runs, so the choice is the model's own on
    // the complete weeks the route answered, and an irregular history says so.
    const complete = body.history.slice(26 - weeksSold, 25).map((h) => h.units);
    const choice = weeksSold >= MIN_HOLT_WEEKS ? chooseModel(complete) : null;
    expect(body.model.method).toBe(choice?.fit ? 'holt' : 'baseline');
    if (choice && !choice.fit)
      expect(body.commentary).toMatch(/^Demand has been too irregular to project a trend/);
  });

  it("counts only the caller's own sales, even of a product another supplier sells", async () => {
    const temaSold = new Set((await bestSellers('Tema Pharma Distributors')).map((p) => p.id));
    const accraOnly = (await bestSellers('Accra Medilink Importers')).find((p) => !temaSold.has(p.id));
    expect(accraOnly).toBeDefined();
    const asAccra = (await forecastOf(accraOnly!.id, accra)).json() as Forecast;
    expect(asAccra.history.reduce((s, h) => s + h.units, 0)).toBe(accraOnly!.units);
    const asTema = await forecastOf(accraOnly!.id, tema);
    expect(asTema.statusCode).toBe(200);
    expectShape(asTema.json(), accraOnly!.id);
    expect((asTema.json() as Forecast).history.every((h) => h.units === 0)).toBe(true);
  });

  it('answers zeros with a commentary for a product never sold, and counts its unexpired stock only', async () => {
    const product = await freshProduct();
    const lots = [
      { expiryDate: null, quantity: 5 },
      { expiryDate: todayUtc(), quantity: 20 }, // usable on its expiry day
      { expiryDate: '2000-01-01', quantity: 1000, confirmExpired: true }, // expired
    ];
    for (const lot of [...lots, { expiryDate: '2099-12-31', quantity: 0 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inventory',
        headers: { authorization: stock },
        payload: { productId: product, unitPrice: 4, ...lot },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await forecastOf(product);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Forecast;
    expectShape(body, product);
    expect(body.history.every((h) => h.units === 0)).toBe(true);
    expect(body.points.every((p) => p.projected === 0)).toBe(true);
    expect(body.baseline).toBe(0);
    expect(body.model).toEqual({ method: 'baseline', alpha: null, beta: null, sse: null });
    expect(body.unexpiredStock).toBe(25);
    // With no demand the lot expiring today cannot sell; the undated lot never expires.
    expect(body.unitsAtRiskOfExpiry).toBe(20);
  });

  it('answers 404 for an unknown product and 400 for an id that is not a uuid', async () => {
    const unknown = await forecastOf('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVENTORY_MESSAGES.unknownProduct);
    const bad = await forecastOf('not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(INVENTORY_MESSAGES.unknownProduct);
  });

  it('answers 401 without a token and 403 to staff without manage_inventory and to customers', async () => {
    const [top] = await bestSellers('Tema Pharma Distributors');
    const url = `/api/inventory/forecast/${top!.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const dispatch = await t.login('dispatch@tema-pharma.demo', 'supplier');
    const customer = await t.login('buyer@accracare.demo', 'customer');
    for (const who of [dispatch, customer]) {
      expect((await forecastOf(top!.id, who)).statusCode).toBe(403);
    }
  });
});
