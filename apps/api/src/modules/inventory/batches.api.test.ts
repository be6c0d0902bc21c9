import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES, inventoryRowSchema, type InventoryRow } from '@aduro/shared/inventory';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

// docs/domain.md "Batches": a lot is (supplier, product, batch or none, expiry or none).

let t: TestApp;
let stock: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  stock = await t.login('stock@tema-pharma.demo', 'supplier');
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const sync = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/inventory', headers: { authorization: stock }, payload });

async function synced(payload: Record<string, unknown>): Promise<InventoryRow> {
  const res = await sync(payload);
  expect(res.statusCode, res.body).toBe(200);
  return inventoryRowSchema.strict().parse(res.json());
}

async function inventoryOf(productId: string): Promise<InventoryRow[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/inventory', headers: { authorization: stock } });
  expect(res.statusCode).toBe(200);
  return (res.json() as InventoryRow[]).filter((r) => r.product.id === productId);
}

async function lotsOf(productId: string) {
  return queryRows<{ batch: string | null; expiry: string | null; quantity: number }>(
    t.database.db,
    sql`select batch_number as batch, to_char(expiry_date, 'YYYY-MM-DD') as expiry, quantity
        from inventory_lots where product_id = ${productId}
        order by expiry_date asc nulls last, batch_number asc nulls last`,
  );
}

let seq = 0;
/** A fresh catalogue product, so each test starts without lots or offers. */
async function freshProduct(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: stock },
    payload: {
      name: `Batch test product ${++seq}`,
      brandName: 'Test Pharma',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '100 tablets',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Quarantines a lot under a new recall as the recalls workflow would, straight in SQL. */
async function recallLot(lotId: string, productId: string, number: string) {
  const [recall] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into recalls (number, product_id, supplier_id, batch_numbers, reason, severity,
                             declared_by_org_id, declared_by_name)
        select ${number}, ${productId}, ${org[TEMA]}, array[batch_number], 'Out of specification', 'class_2',
               ${org[TEMA]}, 'Test'
        from inventory_lots where id = ${lotId}
        returning id`,
  );
  await t.database.db.execute(sql`
    insert into recall_lots (recall_id, lot_id, units_held)
    select ${recall!.id}, id, quantity from inventory_lots where id = ${lotId}`);
  await t.database.db.execute(sql`update inventory_lots set quarantined_at = now() where id = ${lotId}`);
  return recall!.id;
}

describe('POST /api/inventory with a batch number', () => {
  it('keeps a batch apart from the same product and expiry without a batch or with another batch', async () => {
    const product = await freshProduct();
    const expiryDate = inDays(300);
    const plain = await synced({ productId: product, quantity: 10, unitPrice: 5, expiryDate });
    const first = await synced({
      productId: product,
      quantity: 20,
      unitPrice: 5,
      expiryDate,
      batchNumber: 'AMX2406B',
    });
    const second = await synced({
      productId: product,
      quantity: 30,
      unitPrice: 5,
      expiryDate,
      batchNumber: 'AMX2407A',
    });

    expect(new Set([plain.id, first.id, second.id]).size).toBe(3);
    expect([plain.batchNumber, first.batchNumber, second.batchNumber]).toEqual([
      null,
      'AMX2406B',
      'AMX2407A',
    ]);
    expect(await lotsOf(product)).toEqual([
      { batch: 'AMX2406B', expiry: expiryDate, quantity: 20 },
      { batch: 'AMX2407A', expiry: expiryDate, quantity: 30 },
      { batch: null, expiry: expiryDate, quantity: 10 },
    ]);
  });

  it('stores a lower-case batch in capitals, as the same lot as its capitals', async () => {
    const product = await freshProduct();
    const expiryDate = inDays(200);
    const typed = await synced({
      productId: product,
      quantity: 7,
      unitPrice: 5,
      expiryDate,
      batchNumber: ' pcm25117 ',
    });
    expect(typed.batchNumber).toBe('PCM25117');
    const scanned = await synced({
      productId: product,
      quantity: 9,
      unitPrice: 5,
      expiryDate,
      batchNumber: 'PCM25117',
    });
    expect(scanned.id).toBe(typed.id);
    expect(scanned.quantity).toBe(9);
    expect(await lotsOf(product)).toEqual([{ batch: 'PCM25117', expiry: expiryDate, quantity: 9 }]);
  });

  it('sets the lot without a batch, as before batches, when the sync names none', async () => {
    const product = await freshProduct();
    const expiryDate = inDays(150);
    const batched = await synced({
      productId: product,
      quantity: 4,
      unitPrice: 5,
      expiryDate,
      batchNumber: 'MF-2501-03',
    });
    const first = await synced({ productId: product, quantity: 5, unitPrice: 5, expiryDate });
    const again = await synced({
      productId: product,
      quantity: 6,
      unitPrice: 6,
      expiryDate,
      batchNumber: null,
    });
    const blank = await synced({
      productId: product,
      quantity: 8,
      unitPrice: 6,
      expiryDate,
      batchNumber: '  ',
    });
    expect(first.batchNumber).toBeNull();
    expect([again.id, blank.id]).toEqual([first.id, first.id]);
    expect(first.id).not.toBe(batched.id);
    expect(blank).toMatchObject({ quantity: 8, unitPrice: 6, batchNumber: null, recall: null });
    expect(await lotsOf(product)).toEqual([
      { batch: 'MF-2501-03', expiry: expiryDate, quantity: 4 },
      { batch: null, expiry: expiryDate, quantity: 8 },
    ]);
  });

  it('answers 400 with a field error on batchNumber for a bad batch number, and writes nothing', async () => {
    const product = await freshProduct();
    for (const batchNumber of ['AB CD', '-AMX24', 'A'.repeat(21), 'AMX#24', 'ÄMX24', 42]) {
      const res = await sync({
        productId: product,
        quantity: 1,
        unitPrice: 1,
        expiryDate: inDays(90),
        batchNumber,
      });
      expect(res.statusCode, String(batchNumber)).toBe(400);
      expect(res.json().fieldErrors.batchNumber).toEqual([INVENTORY_MESSAGES.batchNumber]);
    }
    expect(await lotsOf(product)).toEqual([]);
    const [offers] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from offers where product_id = ${product}`,
    );
    expect(offers!.n).toBe(0);
  });
});

describe('GET /api/inventory with batches and recalls', () => {
  it("shows each lot's batch, by expiry then batch, with recall null while it may be sold", async () => {
    const product = await freshProduct();
    await synced({
      productId: product,
      quantity: 1,
      unitPrice: 5,
      expiryDate: inDays(400),
      batchNumber: 'B2',
    });
    await synced({
      productId: product,
      quantity: 2,
      unitPrice: 5,
      expiryDate: inDays(100),
      batchNumber: 'Z9',
    });
    await synced({
      productId: product,
      quantity: 3,
      unitPrice: 5,
      expiryDate: inDays(400),
      batchNumber: 'A1',
    });
    await synced({ productId: product, quantity: 4, unitPrice: 5, expiryDate: inDays(400) });
    const rows = await inventoryOf(product);
    for (const row of rows) expect(inventoryRowSchema.strict().parse(row)).toEqual(row);
    expect(rows.map((r) => [r.expiryDate, r.batchNumber, r.recall])).toEqual([
      [inDays(100), 'Z9', null],
      [inDays(400), 'A1', null],
      [inDays(400), 'B2', null],
      [inDays(400), null, null],
    ]);
  });

  it('names the recall that quarantined a lot, in the list and in a later sync of it', async () => {
    const product = await freshProduct();
    const expiryDate = inDays(250);
    const recalled = await synced({
      productId: product,
      quantity: 40,
      unitPrice: 5,
      expiryDate,
      batchNumber: 'CPR2411A',
    });
    const kept = await synced({
      productId: product,
      quantity: 50,
      unitPrice: 5,
      expiryDate,
      batchNumber: 'CPR2412B',
    });
    const number = `RC-TEST-${product.slice(0, 8)}`;
    const recallId = await recallLot(recalled.id, product, number);

    const rows = await inventoryOf(product);
    expect(rows.map((r) => [r.id, r.recall])).toEqual([
      [recalled.id, { id: recallId, number }],
      [kept.id, null],
    ]);
    // The forecast's unexpired stock is what may still be sold: the quarantined units are not cover.
    const forecast = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/forecast/${product}`,
      headers: { authorization: stock },
    });
    expect(forecast.statusCode, forecast.body).toBe(200);
    expect(forecast.json().unexpiredStock).toBe(50);
    // A count of a quarantined lot is taken, and the lot stays under its recall.
    const recounted = await synced({
      productId: product,
      quantity: 38,
      unitPrice: 5,
      expiryDate,
      batchNumber: 'cpr2411a',
    });
    expect(recounted).toMatchObject({ id: recalled.id, quantity: 38, recall: { id: recallId, number } });
  });
});
