import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLIANCE_MESSAGES,
  type ControlledKind,
  type EligibilityCode,
  type MedicineClass,
} from '@aduro/shared/compliance';
import { cartSchema } from '@aduro/shared/cart';
import { supplierCatalogueItemSchema, supplierMatchSchema } from '@aduro/shared/marketplace';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  approveRequest,
  day,
  draft,
  draftRequest,
  newBuyer,
  newProduct,
  setLegalStatus,
  stockOf,
  TEMA,
  writtenBy,
  type LicenceRow,
  type TestBuyer,
  type TestProduct,
} from './eligibility.testing.ts';

// "Who may buy what" (docs/domain.md): each refusal at approval with its message, nothing written on a
// refusal, the allowed combinations released, the marks of matches, catalogue and cart agreeing with
// approval, and a lapsed registration refused at drafting and carting too and absent from what buyers
// are offered. Buyers and products are the tests' own (eligibility.testing.ts), not the demo's.

let t: TestApp;
let temaStock: string;
let platform: string;
let temaId: string;

type ProductKey = 'classC' | 'classB' | 'classA' | 'unclassed' | 'controlledC' | 'controlledA';
const PRODUCTS: Record<
  ProductKey,
  { label: string; medicineClass: MedicineClass | null; controlled: ControlledKind | null }
> = {
  classC: { label: 'Paracetamol (class C)', medicineClass: 'C', controlled: null },
  classB: { label: 'Chlorphenamine (class B)', medicineClass: 'B', controlled: null },
  classA: { label: 'Amoxicillin (class A)', medicineClass: 'A', controlled: null },
  unclassed: { label: 'Unclassed tincture', medicineClass: null, controlled: null },
  controlledC: { label: 'Codeine linctus (controlled C)', medicineClass: 'C', controlled: 'psychotropic' },
  controlledA: { label: 'Morphine (controlled A)', medicineClass: 'A', controlled: 'narcotic' },
};

type BuyerKey =
  | 'none'
  | 'pending'
  | 'rejected'
  | 'expired'
  | 'otc'
  | 'retail'
  | 'unverifiedAuthorisation'
  | 'expiredAuthorisation'
  | 'hospitalAuthorised'
  | 'wholesale';
const BUYERS: Record<BuyerKey, { label: string; licence: LicenceRow | null }> = {
  none: { label: 'a buyer without a licence', licence: null },
  pending: { label: 'a pharmacy whose licence awaits review', licence: { status: 'pending' } },
  rejected: { label: 'a pharmacy whose licence was rejected', licence: { status: 'rejected' } },
  expired: { label: 'a pharmacy whose verified licence expired', licence: { expiresOn: day(-1) } },
  otc: { label: 'a verified OTC medicine seller', licence: { kind: 'otc_medicine_seller' } },
  retail: { label: 'a verified retail pharmacy without authorisation', licence: {} },
  unverifiedAuthorisation: {
    label: 'a verified pharmacy whose authorisation is not verified',
    licence: { authorisation: { expiresOn: day(200), authorised: false } },
  },
  expiredAuthorisation: {
    label: 'a verified pharmacy whose verified authorisation expired',
    licence: { authorisation: { expiresOn: day(-1), authorised: true } },
  },
  hospitalAuthorised: {
    label: 'a verified hospital pharmacy with a verified authorisation',
    licence: {
      kind: 'hospital_pharmacy',
      authorisation: { expiresOn: day(200), authorised: true },
    },
  },
  wholesale: { label: 'a verified wholesale pharmacy', licence: { kind: 'wholesale_pharmacy' } },
};

/** docs/domain.md's table: the refusal each buyer meets for each product, null when it may buy. */
function expectedCode(buyer: BuyerKey, product: ProductKey): EligibilityCode | null {
  if (['none', 'pending', 'rejected', 'expired'].includes(buyer)) return 'LICENCE_REQUIRED';
  const p = PRODUCTS[product];
  if (buyer === 'otc') return p.medicineClass === 'C' && !p.controlled ? null : 'LICENCE_CLASS_NOT_ALLOWED';
  if (p.controlled && buyer !== 'hospitalAuthorised') return 'CONTROLLED_NOT_AUTHORISED';
  return null;
}

/** The refusal's words, naming the product and what is missing. */
function expectedMessage(code: EligibilityCode, product: ProductKey, name: string): string {
  const p = PRODUCTS[product];
  const classLabel = { A: 'POM', B: 'P', C: 'OTC' }[p.medicineClass ?? 'A'];
  switch (code) {
    case 'LICENCE_REQUIRED':
      return COMPLIANCE_MESSAGES.licenceRequired(name);
    case 'LICENCE_CLASS_NOT_ALLOWED':
      return COMPLIANCE_MESSAGES.classNotAllowed(
        name,
        p.controlled ? `a controlled drug (${classLabel})` : classLabel,
      );
    case 'CONTROLLED_NOT_AUTHORISED':
      return COMPLIANCE_MESSAGES.controlledNotAuthorised(
        name,
        { narcotic: 'Narcotic', psychotropic: 'Psychotropic', precursor: 'Precursor' }[p.controlled!],
      );
    case 'REGISTRATION_LAPSED':
      throw new Error('lapsed products are tested on their own');
  }
}

const products = {} as Record<ProductKey, TestProduct>;
const buyers = {} as Record<BuyerKey, TestBuyer>;

beforeAll(async () => {
  t = await createTestApp();
  [temaStock, platform] = await Promise.all([
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  temaId = (await t.organisationIds())[TEMA]!;
  for (const [key, p] of Object.entries(PRODUCTS) as [ProductKey, (typeof PRODUCTS)[ProductKey]][])
    products[key] = await newProduct(t, temaStock, p.label, {
      medicineClass: p.medicineClass,
      controlled: p.controlled,
      fdaRegistrationExpiresOn: day(300),
    });
  for (const [key, b] of Object.entries(BUYERS) as [BuyerKey, (typeof BUYERS)[BuyerKey]][])
    buyers[key] = await newBuyer(t, key, b.licence);
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });

/** What the buyer sees of the products: their matches' marks, Tema's catalogue items, its cart lines. */
async function marksOf(buyer: TestBuyer, productIds: string[]) {
  const [catalogue, cart, ...matches] = await Promise.all([
    get(`/api/suppliers/${temaId}/products`, buyer.authorization),
    get('/api/cart', buyer.authorization),
    ...productIds.map((id) => get(`/api/products/${id}/suppliers`, buyer.authorization)),
  ]);
  expect(catalogue.statusCode, catalogue.body).toBe(200);
  const items = z.array(supplierCatalogueItemSchema).parse(catalogue.json());
  const lines = cartSchema.parse(cart.json()).items;
  return productIds.map((productId, i) => {
    expect(matches[i]!.statusCode, matches[i]!.body).toBe(200);
    const match = z
      .array(supplierMatchSchema)
      .parse(matches[i]!.json())
      .find((m) => m.id === temaId);
    return {
      match: match?.eligibility,
      item: items.find((it) => it.productId === productId),
      line: lines.find((l) => l.productId === productId),
    };
  });
}

async function addToCart(buyer: TestBuyer, productId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { authorization: buyer.authorization },
    payload: { productId, supplierId: temaId, quantity: 3 },
  });
}

/** Each buyer of the table with what it meets for each product, in words for the test's name. */
const cases = (Object.keys(BUYERS) as BuyerKey[]).map((buyer) => {
  const outcomes = (Object.keys(PRODUCTS) as ProductKey[]).map((product) => ({
    product,
    code: expectedCode(buyer, product),
  }));
  const allowed = outcomes.filter((o) => o.code === null).map((o) => PRODUCTS[o.product].label);
  return {
    buyer,
    outcomes,
    who: BUYERS[buyer].label,
    what: allowed.length ? `releases only ${allowed.join(', ')}` : 'releases nothing',
  };
});

describe('approval decides who may buy what', () => {
  it.each(cases)(
    '$who: approval $what, refusing the rest with the reason; matches, catalogue and cart agree',
    async ({ buyer: buyerKey, outcomes }) => {
      const buyer = buyers[buyerKey];
      // Carting and drafting stay open whatever the licence.
      for (const { product } of outcomes) {
        const added = await addToCart(buyer, products[product].id);
        expect(added.statusCode, added.body).toBe(201);
      }
      const marks = await marksOf(
        buyer,
        outcomes.map((o) => products[o.product].id),
      );
      for (const [i, { product: productKey, code }] of outcomes.entries()) {
        const product = products[productKey];
        const legal = {
          medicineClass: PRODUCTS[productKey].medicineClass,
          controlled: PRODUCTS[productKey].controlled,
        };
        const reason = code && expectedMessage(code, productKey, product.name);
        const mark = { allowed: code === null, code, reason };
        const seen = marks[i]!;
        expect(seen.match, `${productKey} in matches`).toEqual(mark);
        expect(seen.item?.eligibility, `${productKey} in the catalogue`).toEqual(mark);
        expect(seen.item, `${productKey} in the catalogue`).toMatchObject(legal);
        expect(seen.line?.eligibility, `${productKey} in the cart`).toEqual(mark);
        expect(seen.line?.product, `${productKey} in the cart`).toMatchObject(legal);

        const order = await draft(t, buyer, temaId, product.id);
        const stock = await stockOf(t, product.id);
        const before = await writtenBy(t, order.id);
        const res = await approveRequest(t, buyer, order.id);
        if (code === null) {
          expect(res.statusCode, `${productKey}: ${res.body}`).toBe(200);
          expect(res.json().status).toBe('RELEASED');
          expect(await stockOf(t, product.id)).toBe(stock - 5);
          continue;
        }
        expect(res.statusCode, `${productKey}: ${res.body}`).toBe(409);
        expect(res.json()).toMatchObject({ code, message: reason });
        // Refused before anything was written: no release, history, invoice, allocation or event.
        expect(await writtenBy(t, order.id)).toEqual(before);
        expect(before).toMatchObject({
          status: 'AWAITING_CUSTOMER_APPROVAL',
          approvedAt: null,
          invoices: 0,
          allocated: 0,
          released: 0,
        });
        expect(await stockOf(t, product.id)).toBe(stock);
      }
    },
  );

  it('names the refusal in words a buyer can act on', () => {
    // A spot check of the texts the cases above compare with, so a change to them is seen here.
    const name = products.classA.name;
    expect(expectedMessage('LICENCE_CLASS_NOT_ALLOWED', 'classA', name)).toBe(
      `${name} is POM: an OTC medicine seller may buy only over-the-counter (class C) medicines that are not controlled.`,
    );
    expect(expectedMessage('CONTROLLED_NOT_AUTHORISED', 'controlledA', products.controlledA.name)).toContain(
      'controlled drug (narcotic)',
    );
  });
});

describe('a lapsed FDA registration', () => {
  let buyer: TestBuyer;
  beforeAll(async () => {
    buyer = await newBuyer(t, 'lapsed', { authorisation: { expiresOn: day(200), authorised: true } });
  });

  const lapse = (productId: string) =>
    setLegalStatus(t, productId, { medicineClass: 'C', fdaRegistrationExpiresOn: day(-1) });
  const lapsedMessage = (name: string) => COMPLIANCE_MESSAGES.registrationLapsed(name, day(-1));

  it('is absent from matches, supplier catalogues and the cheapest of price history', async () => {
    const product = await newProduct(t, temaStock, 'Lapsed on arrival', {
      medicineClass: 'C',
      fdaRegistrationExpiresOn: day(-1),
    });
    const matches = await get(`/api/products/${product.id}/suppliers`, buyer.authorization);
    expect(matches.statusCode, matches.body).toBe(200);
    expect(matches.json()).toEqual([]);
    const catalogue = await get(`/api/suppliers/${temaId}/products`, buyer.authorization);
    expect(catalogue.json().map((i: { productId: string }) => i.productId)).not.toContain(product.id);
    const history = await get(`/api/products/${product.id}/price-history`, buyer.authorization);
    expect(history.json()).toMatchObject({ suppliers: [], cheapest: null });
    // Its supplier still sees its own offer, never as one a buyer can order.
    const own = await get(`/api/products/${product.id}/price-history`, temaStock);
    expect(own.json().suppliers.map((s: { supplierId: string }) => s.supplierId)).toEqual([temaId]);
    expect(own.json().cheapest).toBeNull();
    // A product registered until today is still offered: it lapses the day after.
    const today = await newProduct(t, temaStock, 'Registered until today', {
      medicineClass: 'C',
      fdaRegistrationExpiresOn: day(0),
    });
    const offered = await get(`/api/products/${today.id}/suppliers`, buyer.authorization);
    expect(offered.json()).toHaveLength(1);
    expect(offered.json()[0].eligibility).toEqual({ allowed: true, code: null, reason: null });
  });

  it('cannot be drafted, and nothing is written', async () => {
    const product = await newProduct(t, temaStock, 'Lapsed draft', {
      medicineClass: 'C',
      fdaRegistrationExpiresOn: day(-1),
    });
    const res = await draftRequest(t, buyer, temaId, product.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REGISTRATION_LAPSED', message: lapsedMessage(product.name) });
    const [orders] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where product_id = ${product.id}`,
    );
    expect(orders!.n).toBe(0);
  });

  it('cannot be put in a cart, nor a line edited onto it', async () => {
    const product = await newProduct(t, temaStock, 'Lapsed cart', {
      medicineClass: 'C',
      fdaRegistrationExpiresOn: day(-1),
    });
    const before = cartSchema.parse((await get('/api/cart', buyer.authorization)).json());
    const res = await addToCart(buyer, product.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REGISTRATION_LAPSED', message: lapsedMessage(product.name) });
    expect(cartSchema.parse((await get('/api/cart', buyer.authorization)).json())).toEqual(before);

    // A line added while registered is marked once it lapses, and cannot be edited or checked out.
    const later = await newProduct(t, temaStock, 'Lapses in the cart', {
      medicineClass: 'C',
      fdaRegistrationExpiresOn: day(30),
    });
    expect((await addToCart(buyer, later.id)).statusCode).toBe(201);
    await lapse(later.id);
    const cart = cartSchema.parse((await get('/api/cart', buyer.authorization)).json());
    const line = cart.items.find((i) => i.productId === later.id)!;
    expect(line.eligibility).toEqual({
      allowed: false,
      code: 'REGISTRATION_LAPSED',
      reason: lapsedMessage(later.name),
    });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/items/${line.id}`,
      headers: { authorization: buyer.authorization },
      payload: { quantity: 4 },
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().code).toBe('REGISTRATION_LAPSED');
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { authorization: buyer.authorization },
    });
    expect(checkout.statusCode, checkout.body).toBe(409);
    expect(checkout.json()).toMatchObject({
      code: 'REGISTRATION_LAPSED',
      message: lapsedMessage(later.name),
    });
    // The refused checkout left the cart as it was.
    expect(cartSchema.parse((await get('/api/cart', buyer.authorization)).json())).toEqual(cart);
  });

  it.each([
    ['a buyer allowed everything', () => buyer],
    ['a buyer without a licence (the lapse is named first)', () => buyers.none],
  ])('refuses approval of an order drafted before it lapsed, for %s', async (_, who) => {
    const product = await newProduct(t, temaStock, 'Lapses awaiting approval', {
      medicineClass: 'C',
      fdaRegistrationExpiresOn: day(30),
    });
    const order = await draft(t, who(), temaId, product.id);
    await lapse(product.id);
    const before = await writtenBy(t, order.id);
    const res = await approveRequest(t, who(), order.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REGISTRATION_LAPSED', message: lapsedMessage(product.name) });
    expect(await writtenBy(t, order.id)).toEqual(before);
  });
});

describe('marks follow the writes that change them, through the read cache', () => {
  it("a licence review re-marks the buyer's cached matches and catalogue at once", async () => {
    const buyer = await newBuyer(t, 'reviewed', { status: 'pending' });
    const product = products.classB;
    const before = (await marksOf(buyer, [product.id]))[0]!;
    expect(before.match?.code).toBe('LICENCE_REQUIRED');
    expect(before.item?.eligibility.code).toBe('LICENCE_REQUIRED');

    const review = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/entities/${buyer.orgId}/licence-record`,
        headers: { authorization: platform },
        payload: body,
      });
    const verified = await review({ status: 'verified' });
    expect(verified.statusCode, verified.body).toBe(200);
    const allowed = (await marksOf(buyer, [product.id]))[0]!;
    expect(allowed.match).toEqual({ allowed: true, code: null, reason: null });
    expect(allowed.item?.eligibility).toEqual({ allowed: true, code: null, reason: null });

    const revoked = await review({ status: 'rejected', reason: 'The licence was suspended' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = (await marksOf(buyer, [product.id]))[0]!;
    expect(refused.match?.code).toBe('LICENCE_REQUIRED');
    expect(refused.item?.eligibility.code).toBe('LICENCE_REQUIRED');
  });

  it("a product's legal-status change re-marks cached offers, and a lapse takes them away", async () => {
    const otc = buyers.otc;
    const product = await newProduct(t, temaStock, 'Reclassed', {
      medicineClass: 'C',
      fdaRegistrationExpiresOn: day(300),
    });
    const before = (await marksOf(otc, [product.id]))[0]!;
    expect(before.match).toEqual({ allowed: true, code: null, reason: null });
    expect(before.item?.eligibility).toEqual({ allowed: true, code: null, reason: null });

    const patch = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${product.id}`,
        headers: { authorization: platform },
        payload: body,
      });
    const reclassed = await patch({ medicineClass: 'A' });
    expect(reclassed.statusCode, reclassed.body).toBe(200);
    const after = (await marksOf(otc, [product.id]))[0]!;
    expect(after.match?.code).toBe('LICENCE_CLASS_NOT_ALLOWED');
    expect(after.item).toMatchObject({
      medicineClass: 'A',
      eligibility: { code: 'LICENCE_CLASS_NOT_ALLOWED' },
    });

    const lapsed = await patch({ fdaRegistrationNumber: 'FDA/TEST/1', fdaRegistrationExpiresOn: day(-1) });
    expect(lapsed.statusCode, lapsed.body).toBe(200);
    const gone = (await marksOf(otc, [product.id]))[0]!;
    expect(gone.match).toBeUndefined();
    expect(gone.item).toBeUndefined();
  });
});
