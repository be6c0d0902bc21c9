import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '@aduro/shared/activity';
import { CATALOGUE_MESSAGES, productSchema, type Product } from '@aduro/shared/catalogue';
import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import type { FeedEvent } from '@aduro/shared/events';
import type { InventoryRow } from '@aduro/shared/inventory';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { marketplaceTagsOf, productTag, supplierTag } from '../suppliers/marketplace-tags.ts';

let t: TestApp;
let stock: string;
let temaAdmin: string;
let accraAdmin: string;
let customer: string;
let platform: string;
let temaId: string;
beforeAll(async () => {
  t = await createTestApp();
  stock = await t.login('stock@tema-pharma.demo', 'supplier');
  temaAdmin = await t.login('admin@tema-pharma.demo', 'supplier');
  accraAdmin = await t.login('admin@accra-medilink.demo', 'supplier');
  customer = await t.login('buyer@accracare.demo', 'customer');
  platform = await t.login('admin@aduro.demo', 'platform');
  temaId = (await t.organisationIds())['Tema Pharma Distributors']!;
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

let seq = 0;
/** SPEC's payload for a product no other test adds, with any extra fields. */
const spec = (extra: Record<string, unknown> = {}) => ({
  name: `Legal status test ${++seq}0 mg tablets ${Date.now().toString(36)}`,
  brandName: 'Test Generics',
  category: 'Tests',
  unitOfMeasure: 'Box',
  itemsPerUnit: '10 x 10 tablets',
  ...extra,
});

const create = (payload: unknown, authorization = stock) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization },
    payload: payload as object,
  });
/** As a platform administrator unless told otherwise; '' for no session. */
const patch = (id: string, payload: unknown, authorization = platform) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: authorization ? { authorization } : {},
    payload: payload as object,
  });
const searchProduct = async (name: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products?q=${encodeURIComponent(name)}`,
    headers: { authorization: customer },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Product[]).find((p) => p.name === name);
};
async function newProduct(extra: Record<string, unknown> = {}): Promise<Product> {
  const res = await create(spec(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Product;
}
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('POST /api/products: the legal status is optional', () => {
  it("accepts SPEC's payload without it and answers the four fields as null", async () => {
    const product = await newProduct();
    expect(productSchema.strict().parse(product)).toEqual(product);
    expect(product).toMatchObject({
      medicineClass: null,
      controlled: null,
      fdaRegistrationNumber: null,
      fdaRegistrationExpiresOn: null,
    });
  });

  it('stores the class, controlled status and registration given, and every product answer carries them', async () => {
    const product = await newProduct({
      medicineClass: 'A',
      controlled: 'psychotropic',
      fdaRegistrationNumber: ' FDA/SD/24-0123 ',
      fdaRegistrationExpiresOn: '2029-03-31',
    });
    const legal = {
      medicineClass: 'A',
      controlled: 'psychotropic',
      fdaRegistrationNumber: 'FDA/SD/24-0123',
      fdaRegistrationExpiresOn: '2029-03-31',
    };
    expect(product).toMatchObject(legal);
    expect(await searchProduct(product.name)).toMatchObject(legal);
  });

  it('takes empty texts as not recorded', async () => {
    const product = await newProduct({
      medicineClass: null,
      controlled: null,
      fdaRegistrationNumber: '',
      fdaRegistrationExpiresOn: '',
    });
    expect(product).toMatchObject({ fdaRegistrationNumber: null, fdaRegistrationExpiresOn: null });
  });

  it('refuses a bad class, controlled kind, registration number or expiry with a message per field', async () => {
    const res = await create(
      spec({
        medicineClass: 'D',
        controlled: 'opioid',
        fdaRegistrationNumber: 'X'.repeat(41),
        fdaRegistrationExpiresOn: '2029-02-30',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      medicineClass: [COMPLIANCE_MESSAGES.medicineClass],
      controlled: [COMPLIANCE_MESSAGES.controlled],
      fdaRegistrationNumber: [COMPLIANCE_MESSAGES.fdaRegistrationNumber],
      fdaRegistrationExpiresOn: [COMPLIANCE_MESSAGES.fdaRegistrationExpiresOn],
    });
  });

  it('refuses a registration number without its expiry, and an expiry without its number', async () => {
    const noExpiry = await create(spec({ fdaRegistrationNumber: 'FDA/SD/24-0999' }));
    expect(noExpiry.statusCode).toBe(400);
    expect(noExpiry.json().fieldErrors).toEqual({
      fdaRegistrationExpiresOn: [COMPLIANCE_MESSAGES.fdaRegistrationIncomplete],
    });
    const noNumber = await create(spec({ fdaRegistrationExpiresOn: '2029-01-01' }));
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().fieldErrors).toEqual({
      fdaRegistrationNumber: [COMPLIANCE_MESSAGES.fdaRegistrationIncomplete],
    });
  });
});

describe('PATCH /api/admin/products/{id}', () => {
  it('sets the legal status, answers the product and leaves the fields not named as they were', async () => {
    const product = await newProduct({ medicineClass: 'B' });
    const res = await patch(product.id, {
      controlled: 'narcotic',
      fdaRegistrationNumber: 'FDA/SD/25-0042',
      fdaRegistrationExpiresOn: '2030-06-30',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Product;
    expect(productSchema.strict().parse(updated)).toEqual(updated);
    const expected = {
      ...product,
      medicineClass: 'B',
      controlled: 'narcotic',
      fdaRegistrationNumber: 'FDA/SD/25-0042',
      fdaRegistrationExpiresOn: '2030-06-30',
    };
    expect(updated).toEqual(expected);
    expect(await searchProduct(product.name)).toEqual(expected);
  });

  it('clears a field given null or an empty text', async () => {
    const product = await newProduct({
      medicineClass: 'A',
      controlled: 'precursor',
      fdaRegistrationNumber: 'FDA/SD/25-0100',
      fdaRegistrationExpiresOn: '2030-01-31',
    });
    const res = await patch(product.id, {
      controlled: null,
      fdaRegistrationNumber: '',
      fdaRegistrationExpiresOn: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      medicineClass: 'A',
      controlled: null,
      fdaRegistrationNumber: null,
      fdaRegistrationExpiresOn: null,
    });
  });

  it('refuses a product left with a registration number but no expiry (or the reverse), changing nothing', async () => {
    const product = await newProduct({
      fdaRegistrationNumber: 'FDA/SD/25-0200',
      fdaRegistrationExpiresOn: '2030-01-31',
    });
    const res = await patch(product.id, { fdaRegistrationExpiresOn: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: COMPLIANCE_MESSAGES.fdaRegistrationIncomplete,
      fieldErrors: { fdaRegistrationExpiresOn: [COMPLIANCE_MESSAGES.fdaRegistrationIncomplete] },
    });
    const bare = await newProduct();
    const numberOnly = await patch(bare.id, { fdaRegistrationNumber: 'FDA/SD/25-0201' });
    expect(numberOnly.statusCode).toBe(400);
    expect(numberOnly.json().fieldErrors).toEqual({
      fdaRegistrationExpiresOn: [COMPLIANCE_MESSAGES.fdaRegistrationIncomplete],
    });
    // The refused correction changed nothing.
    expect((await searchProduct(product.name))?.fdaRegistrationExpiresOn).toBe('2030-01-31');
  });

  it('refuses an empty patch and bad values with a message per field', async () => {
    const product = await newProduct();
    const empty = await patch(product.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ medicineClass: [COMPLIANCE_MESSAGES.nothingToChange] });
    const bad = await patch(product.id, { medicineClass: 'POM', fdaRegistrationExpiresOn: '31/12/2029' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      medicineClass: [COMPLIANCE_MESSAGES.medicineClass],
      fdaRegistrationExpiresOn: [COMPLIANCE_MESSAGES.fdaRegistrationExpiresOn],
    });
    const badId = await patch('not-a-uuid', { medicineClass: 'A' });
    expect(badId.statusCode).toBe(400);
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product', async () => {
    const res = await patch('00000000-0000-4000-8000-000000000000', { medicineClass: 'C' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      message: CATALOGUE_MESSAGES.productNotFound,
    });
  });

  it('is for platform administrators only: 401 without a session, 403 for suppliers and buyers, nothing changed', async () => {
    const product = await newProduct();
    expect((await patch(product.id, { medicineClass: 'C' }, '')).statusCode).toBe(401);
    for (const who of [stock, temaAdmin, customer]) {
      expect((await patch(product.id, { medicineClass: 'C' }, who)).statusCode).toBe(403);
    }
    expect((await searchProduct(product.name))?.medicineClass).toBeNull();
  });

  it('records who changed what, before and after, in the activity trail of the platform and of the suppliers offering it', async () => {
    const product = await newProduct({
      fdaRegistrationNumber: 'FDA/SD/25-0300',
      fdaRegistrationExpiresOn: '2027-05-31',
    });
    // Tema offers it; Accra Medilink does not.
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: { authorization: stock },
      payload: { productId: product.id, quantity: 10, unitPrice: 12.5 },
    });
    expect(sync.statusCode, sync.body).toBe(200);

    const res = await patch(product.id, {
      medicineClass: 'A',
      controlled: 'narcotic',
      fdaRegistrationExpiresOn: '2028-05-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sentence =
      `Efua Asante changed the legal status of ${product.name}: class not classed → A (POM); ` +
      'controlled status not controlled → Narcotic; FDA registration expiry 2027-05-31 → 2028-05-31';

    const trailOf = async (authorization: string) => {
      const trail = await t.app.inject({
        method: 'GET',
        url: '/api/activity?type=product.legal_status_changed&limit=50',
        headers: { authorization },
      });
      expect(trail.statusCode, trail.body).toBe(200);
      return (trail.json() as ActivityPage).items.filter((i) => i.refs.productIds?.includes(product.id));
    };
    const [seen] = await trailOf(platform);
    expect(seen).toMatchObject({
      type: 'product.legal_status_changed',
      actorName: 'Efua Asante',
      description: sentence,
      refs: {
        productIds: [product.id],
        legalStatusChanges: [
          { field: 'medicineClass', from: null, to: 'A' },
          { field: 'controlled', from: null, to: 'narcotic' },
          { field: 'fdaRegistrationExpiresOn', from: '2027-05-31', to: '2028-05-31' },
        ],
      },
    });
    expect((await trailOf(temaAdmin)).map((i) => i.description)).toEqual([sentence]);
    expect(await trailOf(accraAdmin)).toEqual([]);

    // A patch that changes nothing records nothing.
    expect((await patch(product.id, { medicineClass: 'A' })).statusCode).toBe(200);
    expect(await trailOf(platform)).toHaveLength(1);
  });

  it('drops the cached marketplace reads of the product and of every supplier offering it', async () => {
    const product = await newProduct();
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: { authorization: stock },
      payload: { productId: product.id, quantity: 5, unitPrice: 3 },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    expect((await patch(product.id, { medicineClass: 'C' })).statusCode).toBe(200);
    const [event] = await queryRows<FeedEvent>(
      t.database.db,
      sql`select id::int, type, org_ids as "orgIds", audience, refs, actor_user_id as "actorUserId",
                 created_at::text as at
          from events where type = 'product.legal_status_changed' and refs -> 'productIds' ? ${product.id}`,
    );
    expect(event).toMatchObject({ orgIds: [temaId], audience: ['platform', 'customer'] });
    expect(marketplaceTagsOf(event!)).toEqual(
      expect.arrayContaining([productTag(product.id), supplierTag(temaId)]),
    );
  });
});

describe('GET /api/inventory: the supplier sees why buyers are not offered a product', () => {
  const rowOf = async (productId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/inventory',
      headers: { authorization: stock },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as InventoryRow[]).find((r) => r.product.id === productId)!.product;
  };
  const syncOf = async (productId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: { authorization: stock },
      payload: { productId, quantity: 20, unitPrice: 4.5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as InventoryRow).product;
  };

  it('marks a product whose FDA registration lapsed before today (UTC), and no longer once it is renewed', async () => {
    const product = await newProduct({
      medicineClass: 'B',
      controlled: 'psychotropic',
      fdaRegistrationNumber: 'FDA/SD/20-0001',
      fdaRegistrationExpiresOn: day(-1),
    });
    const lapsed = {
      medicineClass: 'B',
      controlled: 'psychotropic',
      fdaRegistrationExpiresOn: day(-1),
      registrationLapsed: true,
    };
    expect(await syncOf(product.id)).toMatchObject(lapsed);
    expect(await rowOf(product.id)).toMatchObject(lapsed);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/page?limit=5&product=${encodeURIComponent(product.name)}`,
      headers: { authorization: stock },
    });
    expect(page.statusCode).toBe(200);
    expect((page.json() as { items: InventoryRow[] }).items[0]!.product).toMatchObject(lapsed);

    expect((await patch(product.id, { fdaRegistrationExpiresOn: day(365) })).statusCode).toBe(200);
    expect(await rowOf(product.id)).toMatchObject({
      fdaRegistrationExpiresOn: day(365),
      registrationLapsed: false,
    });
  });

  it('does not mark a registration expiring today, nor a product with none recorded', async () => {
    const today = await newProduct({
      fdaRegistrationNumber: 'FDA/SD/20-0002',
      fdaRegistrationExpiresOn: day(0),
    });
    const none = await newProduct();
    expect(await syncOf(today.id)).toMatchObject({ registrationLapsed: false });
    expect(await syncOf(none.id)).toMatchObject({
      medicineClass: null,
      controlled: null,
      fdaRegistrationExpiresOn: null,
      registrationLapsed: false,
    });
  });
});
