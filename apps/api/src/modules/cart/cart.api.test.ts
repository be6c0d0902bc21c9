import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, cartSchema, type Cart } from '@aduro/shared/cart';
import { DRAFT_MESSAGES, MARKETPLACE_MESSAGES } from '@aduro/shared/marketplace';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

let t: TestApp;
let ama: string;
let yaw: string;
let kejetia: string;
let tema: string;
let temaStock: string;
let platform: string;
const org: Record<string, string> = {};
const product: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [ama, yaw, kejetia, tema, temaStock, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('procurement@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
  for (const r of await queryRows<{ id: string; name: string }>(
    t.database.db,
    sql`select id, name from products`,
  )) {
    product[r.name] = r.id;
  }
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, authorization?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
async function cart(authorization: string): Promise<Cart> {
  const res = await call('GET', '/api/cart', authorization);
  expect(res.statusCode, res.body).toBe(200);
  return cartSchema.parse(res.json());
}
const add = (payload: Record<string, unknown>, authorization = ama) =>
  call('POST', '/api/cart/items', authorization, payload);

const AMOXICILLIN = 'Amoxicillin 500 mg capsules';
const TEMA = 'Tema Pharma Distributors';
/** A line Tema Pharma can always fill: amoxicillin is one of its core lines. */
const temaLine = (over: Record<string, unknown> = {}) => ({
  productId: product[AMOXICILLIN],
  supplierId: org[TEMA],
  quantity: 25,
  ...over,
});

async function offerPrice(supplier: string, productName: string) {
  const [row] = await queryRows<{ price: string }>(
    t.database.db,
    sql`select unit_price::text as price from offers
        where supplier_id = ${org[supplier]} and product_id = ${product[productName]}`,
  );
  return Number(row!.price);
}

describe('GET /api/cart', () => {
  it("shows Ama Mensah's seeded lines newest first, each priced at her price or the supplier's quote", async () => {
    const c = await cart(ama);
    expect(c.items).toHaveLength(3);
    const created = c.items.map((i) => i.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    for (const item of c.items) {
      const quote = await offerPrice(item.supplier.name, item.product.name);
      expect(item.quotedUnitPrice).toBe(quote);
      const price = item.unitPrice ?? quote;
      expect(item.lineTotal).toBe((Math.round(price * 100) * item.quantity) / 100);
    }
    // One line leaves the price to the supplier's quote.
    expect(c.items.some((i) => i.unitPrice === null && i.lineTotal !== null)).toBe(true);
    expect(c.totals).toEqual({
      lineItems: 3,
      totalQuantity: c.items.reduce((s, i) => s + i.quantity, 0),
      estimatedValue: c.items.reduce((s, i) => s + Math.round(i.lineTotal! * 100), 0) / 100,
    });
    const tema = c.items.find((i) => i.supplier.name === TEMA)!;
    expect(tema).toMatchObject({
      product: { name: AMOXICILLIN, category: 'Antibiotics' },
      supplier: { supplierCategory: 'distributor', location: 'Tema' },
      contactName: 'Ama Mensah',
    });
  });

  it('belongs to the user: a colleague in the same organisation has their own, empty cart', async () => {
    expect(await cart(yaw)).toEqual({
      items: [],
      totals: { lineItems: 0, totalQuantity: 0, estimatedValue: 0 },
    });
  });

  it('is for customer users only', async () => {
    for (const who of [tema, platform]) {
      for (const [method, url, payload] of [
        ['GET', '/api/cart', undefined],
        ['POST', '/api/cart/items', { quantity: 0 }],
        ['DELETE', '/api/cart/items/00000000-0000-4000-8000-000000000000', undefined],
        ['DELETE', '/api/cart', undefined],
        ['POST', '/api/cart/checkout', undefined],
      ] as const) {
        const res = await call(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(CART_MESSAGES.needCustomer);
      }
    }
    expect((await call('GET', '/api/cart')).statusCode).toBe(401);
    expect((await call('POST', '/api/cart/items', undefined, temaLine())).statusCode).toBe(401);
  });
});

describe('POST /api/cart/items', () => {
  it('adds a line at the top of the cart and answers 201 with the cart', async () => {
    const before = await cart(kejetia);
    const res = await add(
      temaLine({
        unitPrice: 99.5,
        deliveryLocation: '  Kejetia Health Adum  ',
        preferredDropDate: inDays(6),
        contactName: ' Afua Agyeman ',
        contactPhone: '+233 24 119 5503',
        notes: '   ',
      }),
      kejetia,
    );
    expect(res.statusCode, res.body).toBe(201);
    const after = cartSchema.parse(res.json());
    expect(after.items).toHaveLength(before.items.length + 1);
    expect(after.items[0]).toMatchObject({
      productId: product[AMOXICILLIN],
      supplierId: org[TEMA],
      quantity: 25,
      unitPrice: 99.5,
      quotedUnitPrice: await offerPrice(TEMA, AMOXICILLIN),
      lineTotal: 2487.5,
      deliveryLocation: 'Kejetia Health Adum',
      preferredDropDate: inDays(6),
      contactName: 'Afua Agyeman',
      notes: null,
    });
    const [row] = await queryRows<{ buyer: string }>(
      t.database.db,
      sql`select buyer_org_id as buyer from cart_items where id = ${after.items[0]!.id}`,
    );
    expect(row!.buyer).toBe(org['Kejetia Health Pharmacy']);
  });

  it('stores a blank, 0 or negative unit price as null, so the quote applies (SPEC §5)', async () => {
    const quote = await offerPrice(TEMA, AMOXICILLIN);
    for (const unitPrice of [0, -5, '', null, undefined]) {
      const res = await add(temaLine({ unitPrice, quantity: 2 }), yaw);
      expect(res.statusCode, `${String(unitPrice)}: ${res.body}`).toBe(201);
      const line = cartSchema.parse(res.json()).items[0]!;
      expect(line.unitPrice).toBeNull();
      expect(line.lineTotal).toBe((Math.round(quote * 100) * 2) / 100);
    }
  });

  it('asks for a quantity above 0 (SPEC §5)', async () => {
    for (const quantity of [0, -1, undefined, 'ten']) {
      const res = await add(temaLine({ quantity }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CART_MESSAGES.quantity);
      expect(res.json().fieldErrors.quantity).toEqual([CART_MESSAGES.quantity]);
    }
    const fractional = await add(temaLine({ quantity: 1.5 }));
    expect(fractional.statusCode).toBe(400);
    const badDate = await add(temaLine({ preferredDropDate: '2026-02-30' }));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe(CART_MESSAGES.preferredDropDate);
  });

  it('answers 404 for an unknown product, an unknown supplier, or an organisation that is not a supplier', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const noProduct = await add(temaLine({ productId: unknown }));
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json().message).toBe(MARKETPLACE_MESSAGES.productNotFound);
    for (const supplierId of [unknown, org['Kejetia Health Pharmacy'], org['Aduro Platform']]) {
      const res = await add(temaLine({ supplierId }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MARKETPLACE_MESSAGES.supplierNotFound);
    }
  });

  it('refuses an inactive supplier with 409 naming it', async () => {
    for (const supplier of ['Northstar Medical Imports', 'Harbour Surgical Imports']) {
      const [offer] = await queryRows<{ productId: string }>(
        t.database.db,
        sql`select product_id as "productId" from offers where supplier_id = ${org[supplier]} limit 1`,
      );
      const res = await add({ productId: offer!.productId, supplierId: org[supplier], quantity: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CART_MESSAGES.inactiveSupplier(supplier));
    }
  });

  it('refuses a product the supplier does not offer, or holds only expired or no stock of', async () => {
    const [notOffered] = await queryRows<{ id: string; name: string }>(
      t.database.db,
      sql`select p.id, p.name from products p
          where not exists (select 1 from offers f where f.product_id = p.id and f.supplier_id = ${org[TEMA]})
          order by p.name limit 1`,
    );
    const res = await add(temaLine({ productId: notOffered!.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CART_MESSAGES.notOffered(TEMA, notOffered!.name));

    const created = await call('POST', '/api/products', temaStock, {
      name: 'Cart test vaccine carrier',
      brandName: 'Test',
      category: 'Consumables',
      unitOfMeasure: 'Unit',
      itemsPerUnit: '1 carrier',
    });
    const id = created.json().id as string;
    const sync = (payload: Record<string, unknown>) =>
      call('POST', '/api/inventory', temaStock, { productId: id, unitPrice: 40, ...payload });
    expect((await sync({ quantity: 30, expiryDate: inDays(-3) })).statusCode).toBe(200);
    const expired = await add(temaLine({ productId: id }));
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(CART_MESSAGES.notOffered(TEMA, 'Cart test vaccine carrier'));
    expect((await sync({ quantity: 0, expiryDate: null })).statusCode).toBe(200);
    expect((await add(temaLine({ productId: id }))).statusCode).toBe(409);
    expect((await sync({ quantity: 1, expiryDate: null })).statusCode).toBe(200);
    expect((await add(temaLine({ productId: id }))).statusCode).toBe(201);
  });

  it('refuses a buyer whose organisation is inactive, naming it', async () => {
    const toggle = (active: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/entities/${org['Kejetia Health Pharmacy']}/toggle`,
        headers: { authorization: platform },
        payload: { active },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      const before = await cart(kejetia);
      const res = await add(temaLine(), kejetia);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(DRAFT_MESSAGES.inactiveBuyer('Kejetia Health Pharmacy'));
      expect(await cart(kejetia)).toEqual(before);
    } finally {
      expect((await toggle(true)).statusCode).toBe(200);
    }
  });
});

describe('DELETE /api/cart/items/:id and DELETE /api/cart', () => {
  it("removes the user's own line and answers the cart without it", async () => {
    const added = cartSchema.parse((await add(temaLine({ quantity: 3 }))).json());
    const line = added.items[0]!;
    const res = await call('DELETE', `/api/cart/items/${line.id}`, ama);
    expect(res.statusCode).toBe(200);
    const after = cartSchema.parse(res.json());
    expect(after.items.map((i) => i.id)).toEqual(added.items.slice(1).map((i) => i.id));
    const again = await call('DELETE', `/api/cart/items/${line.id}`, ama);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CART_MESSAGES.lineNotFound);
  });

  it("answers 404 for another user's line and leaves it in place", async () => {
    const amaLine = (await cart(ama)).items[0]!;
    for (const who of [yaw, kejetia]) {
      const res = await call('DELETE', `/api/cart/items/${amaLine.id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CART_MESSAGES.lineNotFound);
    }
    expect((await cart(ama)).items.map((i) => i.id)).toContain(amaLine.id);
    expect((await call('DELETE', '/api/cart/items/not-a-uuid', ama)).statusCode).toBe(400);
  });

  it("clears only the caller's cart", async () => {
    expect((await cart(yaw)).items.length).toBeGreaterThan(0);
    const amaBefore = await cart(ama);
    const res = await call('DELETE', '/api/cart', yaw);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], totals: { lineItems: 0, totalQuantity: 0, estimatedValue: 0 } });
    expect(await cart(yaw)).toEqual(res.json());
    expect(await cart(ama)).toEqual(amaBefore);
  });
});
