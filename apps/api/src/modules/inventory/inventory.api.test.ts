import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  daysUntil,
  expiryStatusFor,
  INVENTORY_MESSAGES,
  inventoryRowSchema,
  todayUtc,
  type InventoryRow,
} from '@aduro/shared/inventory';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

let t: TestApp;
let tema: string;
let stock: string;
let dispatch: string;
let accra: string;
let customer: string;
let platform: string;
beforeAll(async () => {
  t = await createTestApp();
  tema = await t.login('admin@tema-pharma.demo', 'supplier');
  stock = await t.login('stock@tema-pharma.demo', 'supplier');
  dispatch = await t.login('dispatch@tema-pharma.demo', 'supplier');
  accra = await t.login('admin@accra-medilink.demo', 'supplier');
  customer = await t.login('buyer@accracare.demo', 'customer');
  platform = await t.login('admin@aduro.demo', 'platform');
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const inventory = async (authorization: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/inventory', headers: { authorization } });
  expect(res.statusCode).toBe(200);
  return res.json() as InventoryRow[];
};
const sync = (payload: unknown, authorization = stock) =>
  t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization },
    payload: payload as object,
  });

let seq = 0;
/** A fresh catalogue product, so each test starts without lots or offers. */
async function freshProduct(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: tema },
    payload: {
      name: `Inventory test product ${++seq}`,
      brandName: 'Test Pharma',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '100 tablets',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function lotCount(orgName: string) {
  const rows = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from inventory_lots l join organizations o on o.id = l.supplier_id
        where o.name = ${orgName}`,
  );
  return rows[0]!.n;
}

describe('GET /api/inventory', () => {
  it("lists every lot of the caller's organisation and none of another supplier's", async () => {
    const temaRows = await inventory(tema);
    const accraRows = await inventory(accra);
    expect(temaRows).toHaveLength(await lotCount('Tema Pharma Distributors'));
    expect(accraRows).toHaveLength(await lotCount('Accra Medilink Importers'));
    expect(temaRows.length).toBeGreaterThan(0);
    expect(accraRows.length).toBeGreaterThan(0);
    const temaIds = new Set(temaRows.map((r) => r.id));
    expect(accraRows.some((r) => temaIds.has(r.id))).toBe(false);
    // The InventoryManager sees the same organisation's lots as its Admin.
    expect((await inventory(stock)).map((r) => r.id)).toEqual(temaRows.map((r) => r.id));
  });

  it('orders lots by product name, then expiry with undated lots last', async () => {
    const product = await freshProduct();
    for (const expiryDate of [inDays(300), null, inDays(30)]) {
      expect((await sync({ productId: product, quantity: 5, unitPrice: 2, expiryDate })).statusCode).toBe(
        200,
      );
    }
    const rows = await inventory(tema);
    const mine = rows.filter((r) => r.product.id === product).map((r) => r.expiryDate);
    expect(mine).toEqual([inDays(30), inDays(300), null]);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const [na, nb] = [a.product.name.toLowerCase(), b.product.name.toLowerCase()];
      expect(na <= nb, `${na} before ${nb}`).toBe(true);
      if (a.product.id === b.product.id && b.expiryDate !== null) {
        expect(a.expiryDate !== null && a.expiryDate <= b.expiryDate).toBe(true);
      }
    }
    // Each product's lots are contiguous.
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (i > 0 && rows[i - 1]!.product.id === r.product.id) return;
      expect(seen.has(r.product.id)).toBe(false);
      seen.add(r.product.id);
    });
  });

  it('gives every row its offer price, moq and expiry status as of today (UTC)', async () => {
    const today = todayUtc();
    for (const row of await inventory(tema)) {
      expect(inventoryRowSchema.strict().parse(row)).toEqual(row);
      expect(row.unitPrice).toBeGreaterThan(0);
      expect(row.moq).toBeGreaterThanOrEqual(1);
      expect(row.expiryStatus).toBe(expiryStatusFor(row.expiryDate, today));
      expect(row.daysUntilExpiry).toBe(row.expiryDate ? daysUntil(row.expiryDate, today) : null);
      expect(new Date(row.updatedAt).toISOString()).toBe(row.updatedAt);
    }
  });

  it('shows the expiry status at the day boundaries', async () => {
    const product = await freshProduct();
    const cases = [
      { expiryDate: inDays(-1), status: 'expired', days: -1 },
      { expiryDate: inDays(0), status: 'expiring_soon', days: 0 },
      { expiryDate: inDays(90), status: 'expiring_soon', days: 90 },
      { expiryDate: inDays(91), status: 'healthy', days: 91 },
      { expiryDate: null, status: 'not_applicable', days: null },
    ] as const;
    for (const c of cases) {
      const res = await sync({
        productId: product,
        quantity: 10,
        unitPrice: 4.5,
        expiryDate: c.expiryDate,
        confirmExpired: c.status === 'expired',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json(), String(c.expiryDate)).toMatchObject({
        expiryDate: c.expiryDate,
        expiryStatus: c.status,
        daysUntilExpiry: c.days,
      });
    }
    const listed = (await inventory(tema)).filter((r) => r.product.id === product);
    expect(listed.map((r) => [r.expiryDate, r.expiryStatus, r.daysUntilExpiry])).toEqual(
      cases.map((c) => [c.expiryDate, c.status, c.days]),
    );
  });

  it('answers 401 without a token and 403 to staff without manage_inventory and to other user types', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/inventory' });
    expect(anonymous.statusCode).toBe(401);
    for (const who of [dispatch, customer, platform]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/inventory',
        headers: { authorization: who },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('POST /api/inventory', () => {
  it('creates a lot, then a second sync of the same lot replaces its quantity and updates the price', async () => {
    const product = await freshProduct();
    const expiryDate = inDays(200);
    const first = await sync({ productId: product, quantity: 100, unitPrice: 12.5, expiryDate });
    expect(first.statusCode).toBe(200);
    const created = first.json() as InventoryRow;
    expect(inventoryRowSchema.strict().parse(created)).toEqual(created);
    expect(created).toMatchObject({
      product: {
        id: product,
        name: expect.stringMatching(/^Inventory test product/),
        brandName: 'Test Pharma',
      },
      quantity: 100,
      unitPrice: 12.5,
      moq: 1,
      expiryDate,
      expiryStatus: 'healthy',
      daysUntilExpiry: 200,
    });

    expect(Math.abs(Date.parse(created.updatedAt) - Date.now())).toBeLessThan(60_000);
    const second = await sync({ productId: product, quantity: 40, unitPrice: 13.05, expiryDate });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: created.id, quantity: 40, unitPrice: 13.05 });

    const lots = (await inventory(tema)).filter((r) => r.product.id === product);
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ id: created.id, quantity: 40, unitPrice: 13.05 });
  });

  it('keeps one undated lot however the missing expiry is sent, and prices all lots of the product', async () => {
    const product = await freshProduct();
    const undated = await sync({ productId: product, quantity: 7, unitPrice: 3 });
    expect(undated.statusCode).toBe(200);
    expect(undated.json()).toMatchObject({
      expiryDate: null,
      expiryStatus: 'not_applicable',
      daysUntilExpiry: null,
    });
    const id = undated.json().id as string;
    for (const expiryDate of [null, '', '  ']) {
      const again = await sync({ productId: product, quantity: 9, unitPrice: 3, expiryDate });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id, quantity: 9, expiryDate: null });
    }
    const dated = await sync({ productId: product, quantity: 2, unitPrice: 3.25, expiryDate: inDays(400) });
    expect(dated.json().id).not.toBe(id);
    const lots = (await inventory(tema)).filter((r) => r.product.id === product);
    expect(lots.map((r) => [r.expiryDate, r.quantity, r.unitPrice])).toEqual([
      [inDays(400), 2, 3.25],
      [null, 9, 3.25],
    ]);
  });

  it('never answers 500 when the same new lot is synced several times at once: one lot, one offer', async () => {
    const product = await freshProduct();
    const expiryDate = inDays(120);
    const answers = await Promise.all(
      [11, 12, 13, 14, 15].map((quantity) =>
        sync({ productId: product, quantity, unitPrice: quantity, expiryDate }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const lots = (await inventory(tema)).filter((r) => r.product.id === product);
    expect(lots).toHaveLength(1);
    // The last sync to commit wins both figures: the lot and the offer move together.
    expect(lots[0]!.unitPrice).toBe(lots[0]!.quantity);
  });

  it('accepts a count of 0 (the lot is emptied, not removed)', async () => {
    const product = await freshProduct();
    const first = await sync({ productId: product, quantity: 30, unitPrice: 1 });
    const zero = await sync({ productId: product, quantity: 0, unitPrice: 1 });
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toMatchObject({ id: first.json().id, quantity: 0 });
  });

  it('starts a new offer at moq 1, sets it when given and keeps it when omitted', async () => {
    const product = await freshProduct();
    expect((await sync({ productId: product, quantity: 5, unitPrice: 8 })).json().moq).toBe(1);
    expect((await sync({ productId: product, quantity: 5, unitPrice: 8, moq: 12 })).json().moq).toBe(12);
    expect((await sync({ productId: product, quantity: 6, unitPrice: 8.5 })).json()).toMatchObject({
      moq: 12,
      unitPrice: 8.5,
    });
    expect((await sync({ productId: product, quantity: 6, unitPrice: 8.5, moq: null })).json().moq).toBe(12);
    const other = await freshProduct();
    expect((await sync({ productId: other, quantity: 1, unitPrice: 2, moq: 24 })).json().moq).toBe(24);
  });

  it("writes the caller's own lot and offer only, whoever else holds the product", async () => {
    const product = await freshProduct();
    const temaLot = (await sync({ productId: product, quantity: 50, unitPrice: 10 }, tema)).json();
    const accraLot = (await sync({ productId: product, quantity: 70, unitPrice: 9 }, accra)).json();
    expect(accraLot.id).not.toBe(temaLot.id);
    expect((await inventory(tema)).filter((r) => r.product.id === product)).toEqual([temaLot]);
    expect((await inventory(accra)).filter((r) => r.product.id === product)).toEqual([accraLot]);
    expect(accraLot).toMatchObject({ quantity: 70, unitPrice: 9 });
  });

  it('lets a supplier still pending review prepare its inventory', async () => {
    const pending = await t.login('admin@northstar.demo', 'supplier');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: pending },
    });
    expect(me.json().organizationActive).toBe(false);
    const product = await freshProduct();
    const res = await sync({ productId: product, quantity: 12, unitPrice: 6 }, pending);
    expect(res.statusCode).toBe(200);
    expect((await inventory(pending)).map((r) => r.id)).toContain(res.json().id);
  });

  it('answers 404 with a field error for a product not in the catalogue, and writes nothing', async () => {
    const before = await lotCount('Tema Pharma Distributors');
    const res = await sync({ productId: '00000000-0000-4000-8000-000000000000', quantity: 1, unitPrice: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: INVENTORY_MESSAGES.unknownProduct,
      code: 'PRODUCT_NOT_FOUND',
      kind: 'not_found',
      fieldErrors: { productId: [INVENTORY_MESSAGES.unknownProduct] },
    });
    expect(await lotCount('Tema Pharma Distributors')).toBe(before);
  });

  it('asks for a product identifier, a quantity and a unit price', async () => {
    const product = await freshProduct();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ quantity: 1, unitPrice: 1 }, 'productId', INVENTORY_MESSAGES.productRequired],
      [{ productId: '', quantity: 1, unitPrice: 1 }, 'productId', INVENTORY_MESSAGES.productRequired],
      [{ productId: '   ', quantity: 1, unitPrice: 1 }, 'productId', INVENTORY_MESSAGES.productRequired],
      [{ productId: product, unitPrice: 1 }, 'quantity', INVENTORY_MESSAGES.quantityAndPrice],
      [{ productId: product, quantity: null, unitPrice: 1 }, 'quantity', INVENTORY_MESSAGES.quantityAndPrice],
      [{ productId: product, quantity: '5', unitPrice: 1 }, 'quantity', INVENTORY_MESSAGES.quantityAndPrice],
      [{ productId: product, quantity: 1 }, 'unitPrice', INVENTORY_MESSAGES.quantityAndPrice],
      [
        { productId: product, quantity: 1, unitPrice: null },
        'unitPrice',
        INVENTORY_MESSAGES.quantityAndPrice,
      ],
      [
        { productId: 'not-a-uuid', quantity: 1, unitPrice: 1 },
        'productId',
        INVENTORY_MESSAGES.unknownProduct,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await sync(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    }
  });

  it('rejects negative and fractional quantities, prices of 0 or below or with 3 decimals, and a bad moq', async () => {
    const product = await freshProduct();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ quantity: -1 }, 'quantity', INVENTORY_MESSAGES.quantityWhole],
      [{ quantity: 1.5 }, 'quantity', INVENTORY_MESSAGES.quantityWhole],
      [{ unitPrice: 0 }, 'unitPrice', INVENTORY_MESSAGES.pricePositive],
      [{ unitPrice: -2.5 }, 'unitPrice', INVENTORY_MESSAGES.pricePositive],
      [{ unitPrice: 12.345 }, 'unitPrice', INVENTORY_MESSAGES.priceCents],
      [{ moq: 0 }, 'moq', INVENTORY_MESSAGES.moq],
      [{ moq: 2.5 }, 'moq', INVENTORY_MESSAGES.moq],
    ];
    for (const [override, field, message] of cases) {
      const res = await sync({ productId: product, quantity: 10, unitPrice: 5, ...override });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    }
    // Two decimals are fine, and nothing was written by the rejected calls.
    expect((await inventory(tema)).some((r) => r.product.id === product)).toBe(false);
    const ok = await sync({ productId: product, quantity: 10, unitPrice: 12.35 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().unitPrice).toBe(12.35);
  });

  it('rejects an expiry date that is not a real YYYY-MM-DD date', async () => {
    const product = await freshProduct();
    for (const expiryDate of ['2026-02-30', '31/12/2026', 'tomorrow', '2026-13-01', '2026-1-5']) {
      const res = await sync({ productId: product, quantity: 1, unitPrice: 1, expiryDate });
      expect(res.statusCode, expiryDate).toBe(400);
      expect(res.json().message).toBe(INVENTORY_MESSAGES.expiryDate);
      expect(res.json().fieldErrors.expiryDate).toEqual([INVENTORY_MESSAGES.expiryDate]);
    }
  });

  it('asks for confirmation of an expiry date already past, and writes nothing without it', async () => {
    const product = await freshProduct();
    const expiryDate = inDays(-1);
    for (const confirm of [{}, { confirmExpired: false }]) {
      const res = await sync({ productId: product, quantity: 12, unitPrice: 3, expiryDate, ...confirm });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'EXPIRY_PASSED',
        message: INVENTORY_MESSAGES.expiryPassed,
        fieldErrors: { expiryDate: [INVENTORY_MESSAGES.expiryPassed] },
      });
    }
    expect((await inventory(tema)).filter((r) => r.product.id === product)).toEqual([]);

    // Confirmed, the lot is recorded as expired; a lot expiring today is still usable and needs no confirmation.
    const confirmed = await sync({
      productId: product,
      quantity: 12,
      unitPrice: 3,
      expiryDate,
      confirmExpired: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      quantity: 12,
      expiryDate,
      expiryStatus: 'expired',
      daysUntilExpiry: -1,
    });
    expect(
      (await sync({ productId: product, quantity: 5, unitPrice: 3, expiryDate: inDays(0) })).statusCode,
    ).toBe(200);
    // A non-boolean confirmation is not one.
    const odd = await sync({
      productId: product,
      quantity: 1,
      unitPrice: 3,
      expiryDate,
      confirmExpired: 'yes',
    });
    expect(odd.statusCode).toBe(400);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: { authorization: stock, 'content-type': 'application/json' },
      payload: '{"productId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('is for supplier staff who manage inventory: 401 without a token, 403 for a ShippingClerk or a customer', async () => {
    const product = await freshProduct();
    const body = { productId: product, quantity: 3, unitPrice: 2 };
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/inventory', payload: body });
    expect(anonymous.statusCode).toBe(401);
    for (const who of [dispatch, customer, platform]) {
      const res = await sync(body, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/permission/);
    }
    expect((await inventory(tema)).some((r) => r.product.id === product)).toBe(false);
  });
});

describe('expired stock recorded by a sync', () => {
  it('is never sold: not offered, not matched, refused in the cart and skipped by approval', async () => {
    const org = await t.organisationIds();
    const temaId = org['Tema Pharma Distributors']!;
    const product = await freshProduct();
    const expired = await sync({
      productId: product,
      quantity: 500,
      unitPrice: 6,
      expiryDate: inDays(-3),
      confirmExpired: true,
    });
    expect(expired.json()).toMatchObject({ expiryStatus: 'expired', quantity: 500 });

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: customer }, ...(payload ? { payload } : {}) });
    const matched = async () =>
      ((await call('GET', `/api/products/${product}/suppliers`)).json() as { id: string }[]).map((m) => m.id);
    expect(await matched()).not.toContain(temaId);
    const cart = await call('POST', '/api/cart/items', {
      productId: product,
      supplierId: temaId,
      quantity: 5,
    });
    expect(cart.statusCode).toBe(409);
    expect(cart.json().code).toBe('NOT_OFFERED');

    // With 30 unexpired units beside it, the product is offered, and approval takes only those units.
    await sync({ productId: product, quantity: 30, unitPrice: 6, expiryDate: inDays(200) });
    expect(await matched()).toContain(temaId);
    const order = (quantity: number) =>
      call('POST', '/api/orders', {
        sellerId: temaId,
        productId: product,
        paymentTermMethod: 'mobile_money',
        drops: [
          {
            addressName: 'Main branch',
            address: '12 Ring Road, Accra',
            contactName: 'Ama Mensah',
            contactPhone: '+233 20 000 0000',
            quantity,
          },
        ],
      });
    const first = await order(20);
    expect(first.statusCode, first.body).toBe(201);
    expect((await call('POST', `/api/orders/${first.json().id}/approve`)).statusCode).toBe(200);
    const lots = async () =>
      (await inventory(tema))
        .filter((r) => r.product.id === product)
        .map((r) => [r.expiryStatus, r.quantity]);
    expect(await lots()).toEqual([
      ['expired', 500],
      ['healthy', 10],
    ]);
    // 20 more than the 10 unexpired units left: refused, however many expired units are on hand.
    const second = await order(20);
    expect(second.statusCode, second.body).toBe(201);
    const refused = await call('POST', `/api/orders/${second.json().id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('STOCK_SHORTFALL');
    expect(await lots()).toEqual([
      ['expired', 500],
      ['healthy', 10],
    ]);
  });
});
