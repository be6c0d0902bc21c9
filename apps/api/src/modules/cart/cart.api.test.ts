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

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  authorization?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(authorization ? { authorization } : {}), ...headers },
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

let seq = 0;
/** A fresh product only Tema Pharma stocks, at a known price: its lines meet no other test's. */
async function temaProduct(unitPrice: number) {
  const name = `Cart line test product ${++seq}`;
  const res = await call('POST', '/api/products', temaStock, {
    name,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '10 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await stockTema(id, { quantity: 500, unitPrice });
  return { id, name };
}
/** A stock count of Tema's one lot of the product: sets its units on hand and its offer price. */
async function stockTema(productId: string, body: { quantity: number; unitPrice: number }) {
  const res = await call('POST', '/api/inventory', temaStock, {
    productId,
    expiryDate: inDays(365),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
}
const linesOf = (c: Cart, productId: string) => c.items.filter((i) => i.productId === productId);
const pesewas = (cedis: number) => Math.round(cedis * 100);
async function addOk(payload: Record<string, unknown>, authorization = kejetia) {
  const res = await add(payload, authorization);
  expect(res.statusCode, res.body).toBe(201);
  return cartSchema.parse(res.json());
}
const patch = (id: string, payload: unknown, authorization = kejetia) =>
  call('PATCH', `/api/cart/items/${id}`, authorization, payload);

async function offerPrice(supplier: string, productName: string) {
  const [row] = await queryRows<{ price: string }>(
    t.database.db,
    sql`select unit_price::text as price from offers
        where supplier_id = ${org[supplier]} and product_id = ${product[productName]}`,
  );
  return Number(row!.price);
}

describe('GET /api/cart', () => {
  it("shows Ama Mensah's seeded lines newest first, each priced at the supplier's current offer", async () => {
    const c = await cart(ama);
    expect(c.items).toHaveLength(3);
    const created = c.items.map((i) => i.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    for (const item of c.items) {
      const quote = await offerPrice(item.supplier.name, item.product.name);
      expect(item.quotedUnitPrice).toBe(quote);
      expect(item.lineTotal).toBe((Math.round(quote * 100) * item.quantity) / 100);
    }
    // One line leaves the target price blank.
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
    const quote = await offerPrice(TEMA, AMOXICILLIN);
    expect(after.items[0]).toMatchObject({
      productId: product[AMOXICILLIN],
      supplierId: org[TEMA],
      quantity: 25,
      unitPrice: 99.5,
      quotedUnitPrice: quote,
      lineTotal: (Math.round(quote * 100) * 25) / 100,
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
      // Notes of its own, so each is a line of its own rather than units added to the last one.
      const res = await add(temaLine({ unitPrice, quantity: 2, notes: `price ${String(unitPrice)}` }), yaw);
      expect(res.statusCode, `${String(unitPrice)}: ${res.body}`).toBe(201);
      const line = cartSchema.parse(res.json()).items[0]!;
      expect(line).toMatchObject({ quantity: 2, unitPrice: null });
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
    expect((await sync({ quantity: 30, expiryDate: inDays(-3), confirmExpired: true })).statusCode).toBe(200);
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
        payload: { active, reason: 'Cart test' },
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

describe('What a line costs', () => {
  it("prices a line at the supplier's current offer and keeps the buyer's target price beside it", async () => {
    const p = await temaProduct(40);
    const added = await addOk({ productId: p.id, supplierId: org[TEMA], quantity: 12, unitPrice: 35.5 });
    const [line] = linesOf(added, p.id);
    expect(line).toMatchObject({ quantity: 12, unitPrice: 35.5, quotedUnitPrice: 40, lineTotal: 480 });
    const c = await cart(kejetia);
    expect(linesOf(c, p.id)).toEqual([line]);
    expect(pesewas(c.totals.estimatedValue)).toBe(
      c.items.reduce((sum, i) => sum + (i.lineTotal === null ? 0 : pesewas(i.lineTotal)), 0),
    );
  });

  it('follows a price change since the line was added, and the estimated value with it', async () => {
    const p = await temaProduct(40);
    await addOk({ productId: p.id, supplierId: org[TEMA], quantity: 10, unitPrice: 40 });
    const before = await cart(kejetia);
    expect(linesOf(before, p.id)[0]!.lineTotal).toBe(400);

    await stockTema(p.id, { quantity: 500, unitPrice: 43.25 });
    const after = await cart(kejetia);
    expect(linesOf(after, p.id)[0]).toMatchObject({
      unitPrice: 40,
      quotedUnitPrice: 43.25,
      lineTotal: 432.5,
    });
    expect(pesewas(after.totals.estimatedValue)).toBe(pesewas(before.totals.estimatedValue) + 3250);
  });

  it('shows a line whose offer is gone without a price, left out of the estimate, never at an old figure', async () => {
    const p = await temaProduct(20);
    await addOk({ productId: p.id, supplierId: org[TEMA], quantity: 5, unitPrice: 20 });
    const priced = await cart(kejetia);

    await stockTema(p.id, { quantity: 0, unitPrice: 20 });
    const soldOut = await cart(kejetia);
    expect(linesOf(soldOut, p.id)[0]).toMatchObject({
      unitPrice: 20,
      quotedUnitPrice: null,
      lineTotal: null,
    });
    expect(pesewas(soldOut.totals.estimatedValue)).toBe(pesewas(priced.totals.estimatedValue) - 10000);

    await stockTema(p.id, { quantity: 50, unitPrice: 20 });
    const toggle = (active: boolean) =>
      call('PATCH', `/api/admin/entities/${org[TEMA]}/toggle`, platform, { active, reason: 'Cart test' });
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      const inactive = await cart(kejetia);
      expect(linesOf(inactive, p.id)[0]).toMatchObject({ quotedUnitPrice: null, lineTotal: null });
    } finally {
      expect((await toggle(true)).statusCode).toBe(200);
    }
    expect(linesOf(await cart(kejetia), p.id)[0]).toMatchObject({ quotedUnitPrice: 20, lineTotal: 100 });
  });
});

describe('Adding what the cart already holds', () => {
  const details = {
    deliveryLocation: 'Kejetia Health Adum',
    preferredDropDate: inDays(4),
    contactName: 'Afua Agyeman',
    contactPhone: '+233 24 119 5503',
    notes: 'Use the back door',
  };

  it('adds the units to the line with the same delivery details, whatever their case and spacing', async () => {
    const p = await temaProduct(10);
    const line = { productId: p.id, supplierId: org[TEMA] };
    const first = linesOf(await addOk({ ...line, quantity: 10, unitPrice: 9, ...details }), p.id);
    expect(first).toHaveLength(1);

    const again = await addOk({
      ...line,
      quantity: 5,
      unitPrice: null,
      deliveryLocation: '  kejetia  health ADUM ',
      preferredDropDate: details.preferredDropDate,
      contactName: 'AFUA agyeman',
      contactPhone: '+233-24-119-5503',
      notes: 'use the back  door',
    });
    // The line keeps its place, its spelling and, as nothing new was typed, its target price.
    expect(linesOf(again, p.id)).toEqual([{ ...first[0]!, quantity: 15, lineTotal: 150 }]);

    const retargeted = await addOk({ ...line, quantity: 1, unitPrice: 8.5, ...details });
    expect(linesOf(retargeted, p.id)).toEqual([
      { ...first[0]!, quantity: 16, unitPrice: 8.5, lineTotal: 160 },
    ]);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from cart_items where product_id = ${p.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('keeps a line of its own when any delivery detail differs, blank included', async () => {
    const p = await temaProduct(10);
    const line = { productId: p.id, supplierId: org[TEMA], quantity: 2 };
    await addOk({ ...line, ...details });
    const variants = [
      { deliveryLocation: 'Kejetia Health Suame' },
      { deliveryLocation: null },
      { preferredDropDate: inDays(5) },
      { preferredDropDate: null },
      { contactName: 'Kojo Boateng' },
      { contactPhone: '+233 20 000 0000' },
      { notes: 'Front door' },
      { notes: null },
    ];
    for (const variant of variants) await addOk({ ...line, ...details, ...variant });
    const lines = linesOf(await cart(kejetia), p.id);
    expect(lines).toHaveLength(variants.length + 1);
    expect(lines.every((l) => l.quantity === 2)).toBe(true);
  });

  it('refuses to fill a line past 1,000,000 units, naming the quantity field, and leaves it as it was', async () => {
    const p = await temaProduct(1);
    const line = { productId: p.id, supplierId: org[TEMA] };
    await addOk({ ...line, quantity: 999_999 });
    const res = await add({ ...line, quantity: 2 }, kejetia);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CART_MESSAGES.lineTooLarge(1_000_001));
    expect(res.json().fieldErrors).toEqual({ quantity: [CART_MESSAGES.lineTooLarge(1_000_001)] });
    expect(linesOf(await cart(kejetia), p.id).map((l) => l.quantity)).toEqual([999_999]);
  });

  it('adds the units of two identical adds at once to one line', async () => {
    const p = await temaProduct(3);
    const body = { productId: p.id, supplierId: org[TEMA], quantity: 3, ...details };
    const answers = await Promise.all([add(body, kejetia), add(body, kejetia)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(linesOf(await cart(kejetia), p.id).map((l) => l.quantity)).toEqual([6]);
  });

  it('gives a repeated add with the same Idempotency-Key the first answer, adding the units once', async () => {
    const p = await temaProduct(3);
    const body = { productId: p.id, supplierId: org[TEMA], quantity: 4 };
    const headers = { 'idempotency-key': `cart-add-${p.id}` };
    const first = await call('POST', '/api/cart/items', kejetia, body, headers);
    const repeat = await call('POST', '/api/cart/items', kejetia, body, headers);
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 201]);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(linesOf(await cart(kejetia), p.id).map((l) => l.quantity)).toEqual([4]);
  });
});

describe('PATCH /api/cart/items/:id', () => {
  async function lineFor(productId: string, payload: Record<string, unknown> = {}) {
    const c = await addOk({ productId, supplierId: org[TEMA], quantity: 10, unitPrice: 9, ...payload });
    return linesOf(c, productId)[0]!;
  }

  it('replaces the quantity, target price and delivery details, trimmed, and keeps the line in its place', async () => {
    const p = await temaProduct(10);
    const line = await lineFor(p.id, { deliveryLocation: 'Adum', notes: 'Back door' });
    // A newer line, so the edited one is not simply the first.
    await lineFor((await temaProduct(2)).id);
    const place = (await cart(kejetia)).items.findIndex((i) => i.id === line.id);

    const res = await patch(line.id, {
      quantity: 30,
      unitPrice: 11.5,
      deliveryLocation: '  Kejetia Health Suame  ',
      preferredDropDate: inDays(9),
      contactName: ' Kojo Boateng ',
      contactPhone: '+233 20 555 0101',
      notes: '   ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = cartSchema.parse(res.json());
    expect(edited.items.findIndex((i) => i.id === line.id)).toBe(place);
    expect(linesOf(edited, p.id)).toEqual([
      {
        ...line,
        quantity: 30,
        unitPrice: 11.5,
        quotedUnitPrice: 10,
        lineTotal: 300,
        deliveryLocation: 'Kejetia Health Suame',
        preferredDropDate: inDays(9),
        contactName: 'Kojo Boateng',
        contactPhone: '+233 20 555 0101',
        notes: null,
      },
    ]);
    expect(await cart(kejetia)).toEqual(edited);

    // The body is the whole line: what it leaves out is cleared, as Add to cart would.
    const bare = await patch(line.id, { quantity: 4 });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(linesOf(cartSchema.parse(bare.json()), p.id)[0]).toMatchObject({
      quantity: 4,
      unitPrice: null,
      deliveryLocation: null,
      preferredDropDate: null,
      contactName: null,
      contactPhone: null,
      notes: null,
      lineTotal: 40,
    });
  });

  it("validates by Add to cart's rules, with field errors, and leaves the line as it was", async () => {
    const line = await lineFor((await temaProduct(10)).id);
    const before = await cart(kejetia);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantity: 0 }, 'quantity', CART_MESSAGES.quantity],
      [{}, 'quantity', CART_MESSAGES.quantity],
      [{ quantity: 'ten' }, 'quantity', CART_MESSAGES.quantity],
      [{ quantity: 2.5 }, 'quantity', 'Quantity must be a whole number of units'],
      [{ quantity: 1_000_001 }, 'quantity', CART_MESSAGES.quantityTooLarge],
      [{ quantity: 5, unitPrice: 1.234 }, 'unitPrice', 'Unit price can have at most 2 decimals'],
      [
        { quantity: 5, preferredDropDate: '2026-02-30' },
        'preferredDropDate',
        CART_MESSAGES.preferredDropDate,
      ],
      [{ quantity: 5, notes: 'x'.repeat(1001) }, 'notes', 'Keep this under 1000 characters'],
      [{ quantity: 5, contactPhone: '1'.repeat(41) }, 'contactPhone', 'Keep this under 40 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await patch(line.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    }
    expect(await cart(kejetia)).toEqual(before);
  });

  it("answers 404 for another buyer's line, a colleague's, or an unknown one, and changes nothing", async () => {
    const line = await lineFor((await temaProduct(10)).id);
    const before = await cart(kejetia);
    for (const [id, who] of [
      [line.id, ama],
      [line.id, yaw],
      ['00000000-0000-4000-8000-000000000000', kejetia],
    ] as const) {
      const res = await patch(id, { quantity: 99 }, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CART_MESSAGES.lineNotFound);
    }
    expect((await patch('not-a-uuid', { quantity: 99 })).statusCode).toBe(400);
    expect(await cart(kejetia)).toEqual(before);
  });

  it('combines the line with the one whose details it takes, so the cart holds one line per drop', async () => {
    const p = await temaProduct(10);
    const adum = await lineFor(p.id, { deliveryLocation: 'Adum' });
    const suame = await lineFor(p.id, { deliveryLocation: 'Suame', quantity: 4, unitPrice: 7 });
    const res = await patch(adum.id, { quantity: 6, deliveryLocation: 'SUAME' });
    expect(res.statusCode, res.body).toBe(200);
    const lines = linesOf(cartSchema.parse(res.json()), p.id);
    // The edited line stays, as edited, with the other's units; the other goes.
    expect(lines).toEqual([
      { ...adum, quantity: 10, unitPrice: null, deliveryLocation: 'SUAME', lineTotal: 100 },
    ]);
    expect(lines.map((l) => l.id)).not.toContain(suame.id);
  });

  it("records cart.changed for the buyer, so the user's other tabs follow, and nothing when refused", async () => {
    const line = await lineFor((await temaProduct(10)).id);
    const lastId = async () =>
      (
        await queryRows<{ id: string }>(
          t.database.db,
          sql`select coalesce(max(id), 0)::text as id from events`,
        )
      )[0]!.id;
    const since = async (mark: string) =>
      queryRows<{ type: string; refs: unknown }>(
        t.database.db,
        sql`select type, refs from events where id > ${mark}::bigint and type <> 'notifications.added' order by id`,
      );
    let mark = await lastId();
    expect((await patch(line.id, { quantity: 12 })).statusCode).toBe(200);
    expect(await since(mark)).toEqual([
      { type: 'cart.changed', refs: { buyerId: org['Kejetia Health Pharmacy'] } },
    ]);
    mark = await lastId();
    expect((await patch(line.id, { quantity: 0 })).statusCode).toBe(400);
    expect((await patch(line.id, { quantity: 3 }, ama)).statusCode).toBe(404);
    expect(await since(mark)).toEqual([]);
  });

  it('refuses with 409 to edit a line its supplier no longer offers', async () => {
    const p = await temaProduct(10);
    const line = await lineFor(p.id);
    await stockTema(p.id, { quantity: 0, unitPrice: 10 });
    const res = await patch(line.id, { quantity: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CART_MESSAGES.notOffered(TEMA, p.name));
    expect(linesOf(await cart(kejetia), p.id)[0]!.quantity).toBe(10);
  });
});
