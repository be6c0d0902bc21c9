import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_MESSAGES, productSchema, type Product } from '@aduro/shared/catalogue';
import { GTIN_MESSAGE } from '@aduro/shared/gtin';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let stock: string;
let medilink: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  [stock, medilink, customer] = await Promise.all([
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('buyer@accracare.demo', 'customer'),
  ]);
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const create = (payload: object, authorization = stock) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: { authorization }, payload });
const search = async (q: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products?q=${encodeURIComponent(q)}`,
    headers: { authorization: customer },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Product[];
};

let seq = 0;
/** A product no other test adds, so only the GTIN can clash. */
const newProduct = (gtin?: unknown) => ({
  name: `Oral rehydration salts ${++seq} sachets`,
  brandName: 'Test Generics',
  category: 'Gastrointestinal',
  unitOfMeasure: 'box',
  itemsPerUnit: '50 sachets',
  ...(gtin === undefined ? {} : { gtin }),
});

describe('a product’s GTIN', () => {
  it('is stored in its 14-digit form, spaces dropped, and null when not given or blank', async () => {
    const withGtin = await create(newProduct(' 4006381 333931 '));
    expect(withGtin.statusCode, withGtin.body).toBe(201);
    const product = withGtin.json() as Product;
    expect(productSchema.strict().parse(product)).toEqual(product);
    expect(product.gtin).toBe('04006381333931');
    const [row] = await queryRows<{ gtin: string }>(
      t.database.db,
      sql`select gtin from products where id = ${product.id}`,
    );
    expect(row).toEqual({ gtin: '04006381333931' });

    for (const gtin of [undefined, null, '', '   ']) {
      const res = await create(newProduct(gtin));
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as Product).gtin).toBeNull();
    }
  });

  it('answers 400 with a field error for a wrong check digit, letters or a wrong length', async () => {
    for (const gtin of ['09506000134353', '40063813339A1', '1234567', 96385074]) {
      const res = await create(newProduct(gtin));
      expect(res.statusCode, String(gtin)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fieldErrors).toEqual({ gtin: [GTIN_MESSAGE] });
    }
  });

  it('answers 409 naming the product that already has the GTIN, whatever length it is typed in', async () => {
    const first = await create(newProduct('036000291452'));
    expect(first.statusCode, first.body).toBe(201);
    const existing = first.json() as Product;
    const again = await create(newProduct('00036000291452'), medilink);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: CATALOGUE_MESSAGES.gtinTaken('00036000291452', existing.name, existing.brandName),
      code: 'PRODUCT_GTIN_TAKEN',
      kind: 'conflict',
    });
    expect(again.json().message).toBe(
      `GTIN 00036000291452 is already in the catalogue as ${existing.name} (Test Generics)`,
    );
  });

  it('finds a product by its exact GTIN, in any length and with spaces, and not by part of it', async () => {
    const res = await create(newProduct('09506000134352'));
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json() as Product;
    for (const q of ['09506000134352', '9506000134352', '9506 0001 3435 2']) {
      expect(await search(q), q).toEqual([product]);
    }
    expect(await search('950600013435')).toEqual([]);
  });

  it('finds a demo product by its seeded GTIN', async () => {
    const [demo] = await queryRows<{ id: string; gtin: string }>(
      t.database.db,
      sql`select id, gtin from products where gtin is not null order by name limit 1`,
    );
    expect((await search(demo!.gtin)).map((p) => p.id)).toEqual([demo!.id]);
  });
});

// Two inserts racing on the unique index need real concurrent connections: PostgreSQL only.
describe.skipIf(testDriver() !== 'postgres')('one GTIN added twice at once (PostgreSQL)', () => {
  it('gives one 201 and one 409 naming the winner, never a 500', async () => {
    const gtin = '00000096385074';
    const [a, b] = [newProduct(gtin), newProduct(gtin)];
    let racing: Promise<Awaited<ReturnType<typeof create>>[]> | undefined;
    // An uncommitted row holding the GTIN lets both requests pass the GTIN check and queue on the
    // unique index; rolling it back lets them go together, so the loser meets the unique violation.
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into products (name, brand_name, category, unit_of_measure, items_per_unit, dedupe_key, gtin)
              values ('GTIN holder', 'Test', 'Test', 'box', '1', 'gtin-holder', ${gtin})`,
        );
        racing = Promise.all([create(a), create(b, medilink)]);
        await vi.waitFor(
          async () => {
            const [waiting] = await queryRows<{ n: number }>(
              tx,
              sql`select count(*)::int as n from pg_stat_activity
                  where wait_event_type = 'Lock' and datname = current_database()`,
            );
            expect(waiting!.n).toBe(2);
          },
          { timeout: 30_000, interval: 50 },
        );
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
      });
    const answers = await racing!;
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((r) => r.statusCode === 201)!.json() as Product;
    const loser = answers.find((r) => r.statusCode === 409)!.json();
    expect(loser).toEqual({
      message: CATALOGUE_MESSAGES.gtinTaken(gtin, winner.name, winner.brandName),
      code: 'PRODUCT_GTIN_TAKEN',
      kind: 'conflict',
    });
    expect(await search(gtin)).toEqual([winner]);
  });
});
