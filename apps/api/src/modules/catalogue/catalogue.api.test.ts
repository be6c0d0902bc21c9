import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES, productSchema, type Product } from '@aduro/shared/catalogue';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let supplier: string;
let stock: string;
let dispatch: string;
let customer: string;
let platform: string;
beforeAll(async () => {
  t = await createTestApp();
  supplier = await t.login('admin@tema-pharma.demo', 'supplier');
  stock = await t.login('stock@tema-pharma.demo', 'supplier');
  dispatch = await t.login('dispatch@tema-pharma.demo', 'supplier');
  customer = await t.login('buyer@accracare.demo', 'customer');
  platform = await t.login('admin@aduro.demo', 'platform');
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const list = (query = '', authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/products${query}`,
    headers: authorization ? { authorization } : {},
  });
const create = (payload: unknown, authorization = stock) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization },
    payload: payload as object,
  });

let seq = 0;
/** A product no other test adds, so tests never trip over each other's duplicates. */
const newProduct = (overrides: Record<string, unknown> = {}) => ({
  name: `Zinc sulfate ${++seq}0 mg dispersible tablets`,
  brandName: 'Test Generics',
  category: 'Supplements',
  unitOfMeasure: 'Box',
  itemsPerUnit: '10 x 10 tablets',
  description: 'For the catalogue tests',
  ...overrides,
});

describe('GET /api/products', () => {
  it('lists the whole catalogue by name to every kind of signed-in user', async () => {
    for (const who of [customer, supplier, dispatch, platform]) {
      const res = await list('', who);
      expect(res.statusCode).toBe(200);
      const products = res.json() as Product[];
      expect(products.length).toBeGreaterThan(50);
      const names = products.map((p) => p.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      for (const p of products) expect(productSchema.strict().parse(p)).toEqual(p);
    }
  });

  it('searches name and brand case-insensitively', async () => {
    const byName = (await list('?q=AMOXI', customer)).json() as Product[];
    expect(byName.length).toBeGreaterThan(0);
    // Every product containing the text comes before the ones only alike to it (typos).
    const contains = byName.map((p) => /amoxi/i.test(p.name) || /amoxi/i.test(p.brandName));
    expect(contains.indexOf(false) === -1 || !contains.slice(contains.indexOf(false)).includes(true)).toBe(
      true,
    );
    expect(contains.filter(Boolean).length).toBeGreaterThanOrEqual(3);

    const all = (await list('', customer)).json() as Product[];
    const brand = all[0]!.brandName;
    const byBrand = (
      await list(`?q=${encodeURIComponent(brand.toUpperCase())}`, customer)
    ).json() as Product[];
    expect(byBrand.map((p) => p.id)).toContain(all[0]!.id);
  });

  it('treats % and _ in a search as plain characters, and caps a search at 50 unless a limit is given', async () => {
    expect((await list('?q=%25%25', customer)).json()).toEqual([]);
    expect((await list('?q=_', customer)).json()).toEqual([]);
    const all = (await list('', customer)).json() as Product[];
    const broad = (await list('?q=e', customer)).json() as Product[];
    expect(all.filter((p) => /e/i.test(p.name) || /e/i.test(p.brandName)).length).toBeGreaterThan(50);
    expect(broad).toHaveLength(50);
    expect((await list('?q=e&limit=3', customer)).json()).toHaveLength(3);
    expect((await list('?limit=5', customer)).json()).toEqual(all.slice(0, 5));
  });

  it('rejects a bad limit and an anonymous caller', async () => {
    expect((await list('?limit=0', customer)).statusCode).toBe(400);
    expect((await list('?limit=abc', customer)).statusCode).toBe(400);
    const anonymous = await list();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Please sign in to continue.');
  });
});

describe('GET /api/products?q= forgives typing', () => {
  const search = async (q: string) => {
    const res = await list(`?q=${encodeURIComponent(q)}`, customer);
    expect(res.statusCode).toBe(200);
    return res.json() as Product[];
  };

  it('finds Paracetamol for "paracetmol" and Amoxicillin for "amoxcilin", the intended product first', async () => {
    const paracetamol = await search('paracetmol');
    expect(paracetamol.length).toBeGreaterThan(0);
    expect(paracetamol[0]!.name).toMatch(/^Paracetamol /);
    expect(paracetamol.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Paracetamol 500 mg tablets', 'Paracetamol 120 mg/5 mL syrup']),
    );

    const amoxicillin = await search('amoxcilin');
    expect(amoxicillin.slice(0, 3).map((p) => p.name)).toEqual(
      expect.arrayContaining(['Amoxicillin 500 mg capsules', 'Amoxicillin 125 mg/5 mL oral suspension']),
    );
    expect(amoxicillin.every((p) => !/ampicillin|flucloxacillin/i.test(p.name))).toBe(true);

    // A typo with the strength typed too still puts that product first.
    expect((await search('amoxcilin 500'))[0]!.name).toBe('Amoxicillin 500 mg capsules');
  });

  it('matches the brand and the category, with or without a typo', async () => {
    const byCategory = await search('analgesics');
    expect(byCategory.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Paracetamol 500 mg tablets', 'Ibuprofen 400 mg tablets']),
    );
    expect(byCategory.every((p) => p.category === 'Analgesics')).toBe(true);
    const typo = await search('antibiotcs');
    expect(typo.length).toBeGreaterThan(0);
    expect(typo.every((p) => p.category === 'Antibiotics')).toBe(true);

    const byBrand = await search('Ernest Chemist');
    expect(byBrand.map((p) => p.name)).toContain('Amoxicillin 500 mg capsules');
    expect(await search('Ernst Chemists')).toEqual(expect.arrayContaining(byBrand.slice(0, 1)));
  });

  it('ranks an exact match, then a prefix, then a contains match above a fuzzy one', async () => {
    const brandName = 'Ranking Test Labs';
    const added = async (name: string) => {
      const res = await create(newProduct({ name, brandName, category: 'Antimalarials' }));
      expect(res.statusCode).toBe(201);
    };
    // Added fuzzy-first, so the order found is not the order written.
    await added('Quinnine sulphate 200 mg tablets');
    await added('Artequinine 50 mg tablets');
    await added('Quinine 300 mg tablets');
    await added('Quinine');
    // Products only alike to it (amodiaquine, piperaquine) may follow.
    const names = (await search('quinine')).map((p) => p.name);
    expect(names.slice(0, 4)).toEqual([
      'Quinine',
      'Quinine 300 mg tablets',
      'Artequinine 50 mg tablets',
      'Quinnine sulphate 200 mg tablets',
    ]);
  });

  it('finds nothing for a text resembling no product', async () => {
    expect(await search('xylophone')).toEqual([]);
  });

  it('reads the trigram index for both the contains and the typo match', async () => {
    const { productSearchText, products } = await import('../../db/schema/index.ts');
    const text = productSearchText(products);
    const plan = await t.database.db.transaction(async (tx) => {
      // The demo catalogue is small enough that the planner would scan it; forbidding the scan shows
      // the index serves the search's very expression and operators.
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select ${products.id} from ${products}
            where ${text} ilike ${'%paracet%'} or ${'paracetmol'} <% ${text}`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('products_search_trgm_idx');
  });
});

describe('POST /api/products', () => {
  it('adds a product with trimmed fields, which then appears in the catalogue', async () => {
    const input = newProduct();
    const res = await create({ ...input, name: `  ${input.name}  `, description: '  ' });
    expect(res.statusCode).toBe(201);
    const product = res.json() as Product;
    expect(product).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: input.name,
      brandName: input.brandName,
      category: input.category,
      description: null,
      unitOfMeasure: input.unitOfMeasure,
      itemsPerUnit: input.itemsPerUnit,
      isService: false,
      gtin: null,
      // No legal status given (SPEC's payload): none recorded, so the product counts as class A.
      medicineClass: null,
      controlled: null,
      fdaRegistrationNumber: null,
      fdaRegistrationExpiresOn: null,
    });
    const found = (await list(`?q=${encodeURIComponent(input.name)}`, customer)).json() as Product[];
    // Its exact name comes first; products alike in name (other strengths) may follow.
    expect(found[0]).toEqual(product);
  });

  it("records the adding supplier's organisation", async () => {
    const res = await create(newProduct(), supplier);
    expect(res.statusCode).toBe(201);
    const rows = await queryRows<{ org: string }>(
      t.database.db,
      sql`select o.name as org from products p join organizations o on o.id = p.created_by_org_id
          where p.id = ${res.json().id as string}`,
    );
    expect(rows).toEqual([{ org: 'Tema Pharma Distributors' }]);
  });

  it('answers 409 naming the existing product for the same product typed with other case and spacing', async () => {
    const first = await create(
      newProduct({ name: 'Vitamin B complex tablets', itemsPerUnit: '1000 tablets' }),
    );
    expect(first.statusCode).toBe(201);
    const existing = first.json() as Product;
    const again = await create(
      newProduct({
        name: '  VITAMIN  b Complex\ttablets',
        brandName: 'test generics',
        unitOfMeasure: 'BOX',
        itemsPerUnit: '1000tablets',
        category: 'Another category',
      }),
      supplier,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: CATALOGUE_MESSAGES.duplicate(existing.name, existing.id),
      code: 'PRODUCT_EXISTS',
      kind: 'conflict',
    });
    expect(again.json().message).toContain(existing.id);
  });

  it('never answers 500 when the same product is added several times at once', async () => {
    const input = newProduct({ name: 'Folic acid 5 mg tablets (race)' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(input)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    const id = answers.find((r) => r.statusCode === 201)!.json().id as string;
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().message).toContain(id);
  });

  it('asks for every required field, blank or whitespace alike', async () => {
    for (const field of ['name', 'brandName', 'category', 'unitOfMeasure', 'itemsPerUnit']) {
      for (const value of [undefined, '', '   ']) {
        const res = await create(newProduct({ [field]: value }));
        expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(res.json().message).toBe(CATALOGUE_MESSAGES.requiredFields);
        expect(res.json().fieldErrors[field]).toEqual([CATALOGUE_MESSAGES.requiredFields]);
      }
    }
    const empty = await create({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CATALOGUE_MESSAGES.requiredFields);
    expect(Object.keys(empty.json().fieldErrors).sort()).toEqual(
      ['brandName', 'category', 'itemsPerUnit', 'name', 'unitOfMeasure'].sort(),
    );
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization: stock, 'content-type': 'application/json' },
      payload: '{"name": "Paracetamol",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('is for supplier staff who manage inventory only', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/products', payload: newProduct() });
    expect(anonymous.statusCode).toBe(401);
    for (const who of [customer, platform, dispatch]) {
      const res = await create(newProduct(), who);
      expect(res.statusCode).toBe(403);
    }
  });
});
