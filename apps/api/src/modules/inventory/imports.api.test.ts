import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@aduro/shared/gtin';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  inventoryImportSchema,
  type ImportRow,
  type InventoryImport,
} from '@aduro/shared/inventory-import';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { inDays } from '../../test/dates.ts';
import { fileBlob, PNG_BYTES } from '../../test/files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// docs/domain.md "Stock import". Runs on PGlite and, with TEST_DB=postgres, on PostgreSQL.

let t: TestApp;
let stock: string;
let medilink: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  [stock, medilink] = await Promise.all([
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
}, 120_000);
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let seq = 0;
/** A GTIN-13 no other test uses, with its check digit. */
function freshGtin(): string {
  const body = `6${String(Date.now() % 1e8).padStart(8, '0')}${String(++seq).padStart(3, '0')}`;
  return body + gtinCheckDigit(body.padStart(13, '0'));
}

interface Product {
  id: string;
  name: string;
  gtin: string;
}
async function freshProduct(
  name = `Import test ${run} ${++seq}`,
  brandName = 'Test Pharma',
): Promise<Product> {
  const gtin = freshGtin();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: stock },
    payload: { name, brandName, category: 'Tests', unitOfMeasure: 'Box', itemsPerUnit: '100 tablets', gtin },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, name, gtin };
}

async function sync(payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization: stock },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const upload = (bytes: Buffer | Uint8Array, name = 'stock.csv', authorization = stock) => {
  const form = new FormData();
  form.append('file', fileBlob(bytes), name);
  return t.app.inject({
    method: 'POST',
    url: '/api/inventory/imports',
    headers: { authorization },
    payload: form,
  });
};

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n');
const HEADER = 'product,batchNumber,expiryDate,quantity,unitPrice';

async function preview(bytes: Buffer | Uint8Array, name?: string): Promise<InventoryImport> {
  const res = await upload(bytes, name);
  expect(res.statusCode, res.body).toBe(201);
  return inventoryImportSchema.strict().parse(res.json());
}

const apply = (id: string, authorization = stock) =>
  t.app.inject({ method: 'POST', url: `/api/inventory/imports/${id}/apply`, headers: { authorization } });

const lineOf = (imp: InventoryImport, line: number): ImportRow => imp.rows.find((r) => r.line === line)!;

async function lotsOf(productId: string) {
  return queryRows<{ batch: string | null; expiry: string | null; quantity: number }>(
    t.database.db,
    sql`select batch_number as batch, to_char(expiry_date, 'YYYY-MM-DD') as expiry, quantity
        from inventory_lots where product_id = ${productId} and supplier_id = ${org[TEMA]}
        order by expiry_date asc nulls last, batch_number asc nulls last`,
  );
}
async function priceOf(productId: string) {
  const [row] = await queryRows<{ price: number }>(
    t.database.db,
    sql`select unit_price as price from offers where product_id = ${productId} and supplier_id = ${org[TEMA]}`,
  );
  return row?.price ?? null;
}
async function importEvents(importId: string) {
  return queryRows<{ id: string; refs: Record<string, unknown> }>(
    t.database.db,
    sql`select id, refs from events where type = 'inventory.imported' and refs ->> 'importId' = ${importId}`,
  );
}

describe('preview', () => {
  it('gives every row its status and field errors a clerk understands, and changes nothing', async () => {
    const a = await freshProduct();
    const b = await freshProduct();
    const twin = `Twin ${run}`;
    await freshProduct(twin, 'Brand One');
    await freshProduct(twin, 'Brand Two');
    const expiry = inDays(400);
    await sync({ productId: a.id, batchNumber: 'X1', expiryDate: expiry, quantity: 10, unitPrice: 5 });
    await sync({ productId: b.id, batchNumber: 'B1', expiryDate: expiry, quantity: 3, unitPrice: 8 });
    const [y, m, d] = expiry.split('-');
    const imp = await preview(
      csv([
        HEADER, // line 1
        `${a.id},X1,${expiry},10,5.00`, // 2: unchanged
        `${a.name},x2,${d}/${m}/${y},5,5`, // 3: new lot, name and day-first date
        `${b.gtin},B1,${expiry},7,8`, // 4: update by GTIN
        `No such medicine ${run},L1,${expiry},1,1`, // 5: unknown product
        `${twin.toUpperCase()},L1,${expiry},1,1`, // 6: ambiguous name
        `${a.id},X4,31/02/2027,1,5`, // 7: not a real date
        `${a.id},X5,${expiry},1.5,5`, // 8: not whole units
        `${a.id},X6,${expiry},1,0`, // 9: price not above 0
        `${a.id},X7,${expiry},1,5.123`, // 10: more than 2 decimals
        `${a.id},AB CD,${expiry},1,5`, // 11: bad batch
        `${a.id},X1,${expiry},11,5`, // 12: the lot of line 2 again
        `${a.id},X8,${expiry},1,6`, // 13: a second price for the product
        `${a.id},OLD1,2020-01-31,4,5`, // 14: expired, recorded as expired
        `,,,,`, // blank: not a row
        `${a.id},,,2,5`, // 16: the lot with neither batch nor expiry
      ]),
    );
    expect(imp.status).toBe('previewed');
    expect(imp.result).toBeNull();
    expect(lineOf(imp, 2)).toMatchObject({
      status: 'unchanged',
      productId: a.id,
      batchNumber: 'X1',
      fieldErrors: {},
    });
    expect(lineOf(imp, 3)).toMatchObject({
      status: 'new_lot',
      productId: a.id,
      batchNumber: 'X2',
      expiryDate: expiry,
    });
    expect(lineOf(imp, 3).values.batchNumber).toBe('x2');
    expect(lineOf(imp, 4)).toMatchObject({ status: 'update', productId: b.id, quantity: 7, unitPrice: 8 });
    expect(lineOf(imp, 5).fieldErrors).toEqual({
      product: [IMPORT_MESSAGES.productUnknown(`No such medicine ${run}`)],
    });
    expect(lineOf(imp, 6).fieldErrors).toEqual({
      product: [IMPORT_MESSAGES.productAmbiguous(twin.toUpperCase(), 2)],
    });
    expect(lineOf(imp, 7).fieldErrors).toEqual({ expiryDate: [IMPORT_MESSAGES.expiryDate] });
    expect(lineOf(imp, 8).fieldErrors).toEqual({ quantity: [IMPORT_MESSAGES.quantityWhole] });
    expect(lineOf(imp, 9).fieldErrors).toEqual({ unitPrice: [IMPORT_MESSAGES.pricePositive] });
    expect(lineOf(imp, 10).fieldErrors).toEqual({ unitPrice: [IMPORT_MESSAGES.priceCents] });
    expect(Object.keys(lineOf(imp, 11).fieldErrors)).toEqual(['batchNumber']);
    expect(lineOf(imp, 12).fieldErrors).toEqual({ batchNumber: ['This lot is already on line 2.'] });
    expect(lineOf(imp, 13).fieldErrors.unitPrice?.[0]).toMatch(/priced GH₵\s?5\.00 on line 2/);
    expect(lineOf(imp, 14)).toMatchObject({ status: 'new_lot', expired: true, expiryDate: '2020-01-31' });
    expect(lineOf(imp, 16)).toMatchObject({ status: 'new_lot', batchNumber: null, expiryDate: null });
    for (const line of [5, 6, 7, 8, 9, 10, 11, 12, 13]) expect(lineOf(imp, line).status).toBe('error');
    expect(imp.rows.map((r) => r.line)).not.toContain(15);
    expect(imp.totals).toEqual({ rows: 14, newLots: 3, updates: 1, unchanged: 1, errors: 9 });
    // Nothing changed yet.
    expect((await lotsOf(a.id)).map((l) => l.batch)).toEqual(['X1']);
    expect((await lotsOf(b.id))[0]!.quantity).toBe(3);

    const read = await t.app.inject({
      url: `/api/inventory/imports/${imp.id}`,
      headers: { authorization: stock },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(imp);
  });

  it('reads a gs1 column in place of product, batch and expiry', async () => {
    const p = await freshProduct();
    const code = `(01)${p.gtin.padStart(14, '0')}(17)300131(10)GS1LOT`;
    const imp = await preview(csv(['gs1,quantity,unitPrice', `${code},12,9.5`, `(01)123,1,1`]));
    expect(imp.rows[0]).toMatchObject({
      status: 'new_lot',
      productId: p.id,
      batchNumber: 'GS1LOT',
      expiryDate: '2030-01-31',
      quantity: 12,
      unitPrice: 9.5,
    });
    expect(imp.rows[1]!.status).toBe('error');
    expect(Object.keys(imp.rows[1]!.fieldErrors)).toEqual(['gs1']);
  });

  it('reads XLSX with headers in any case and spacing, and Excel date cells', async () => {
    const p = await freshProduct();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['Product', 'Batch Number', 'Expiry date', 'QUANTITY', 'unit price']);
    sheet.addRow([p.name, 'XL1', new Date('2031-05-31T00:00:00Z'), 40, 12.5]);
    sheet.addRow([Number(p.gtin), 'XL2', '15/06/2031', 2, 12.5]);
    const imp = await preview(Buffer.from(await workbook.xlsx.writeBuffer()), 'stock.xlsx');
    expect(imp.fileName).toBe('stock.xlsx');
    expect(imp.rows).toMatchObject([
      {
        line: 2,
        status: 'new_lot',
        productId: p.id,
        batchNumber: 'XL1',
        expiryDate: '2031-05-31',
        quantity: 40,
      },
      {
        line: 3,
        status: 'new_lot',
        productId: p.id,
        batchNumber: 'XL2',
        expiryDate: '2031-06-15',
        quantity: 2,
      },
    ]);
  });
});

describe('limits', () => {
  it('answers 413 for a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: IMPORT_MESSAGES.tooLarge });
  });

  it('answers 400 for more than 20,000 rows', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Product ${i},,,1,1`);
    const res = await upload(csv([HEADER, ...rows]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMPORT_FILE_INVALID',
      message: IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS),
    });
  });

  it('answers 400 for a file without a header row, an empty one, or one lacking a column', async () => {
    const noHeader = await upload(csv(['Paracetamol,X1,2030-01-01,1,1']));
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe(IMPORT_MESSAGES.noHeader);
    const empty = await upload(Buffer.from('\r\n\r\n'));
    expect(empty.json()).toMatchObject({ code: 'IMPORT_FILE_INVALID', message: IMPORT_MESSAGES.empty });
    const noPrice = await upload(csv(['product,quantity', 'x,1']));
    expect(noPrice.json().message).toBe(IMPORT_MESSAGES.missingColumns(['unitPrice']));
  });

  it('answers 400 for a file that is neither CSV nor XLSX, and for no file', async () => {
    const png = await upload(PNG_BYTES, 'stock.csv');
    expect(png.statusCode).toBe(400);
    expect(png.json()).toMatchObject({
      code: 'IMPORT_FILE_INVALID',
      message: IMPORT_MESSAGES.notSpreadsheet,
    });
    const zip = await upload(Buffer.from('PK\x03\x04 not really a workbook'), 'stock.xlsx');
    expect(zip.statusCode).toBe(400);
    expect(zip.json().message).toBe(IMPORT_MESSAGES.unreadableXlsx);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/imports',
      headers: { authorization: stock },
      payload: new FormData(),
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('apply', () => {
  it('applies every valid row at once, skips the errors, records expired lots, and is idempotent', async () => {
    const a = await freshProduct();
    const b = await freshProduct();
    const expiry = inDays(300);
    await sync({ productId: b.id, batchNumber: 'B1', expiryDate: expiry, quantity: 3, unitPrice: 8 });
    const imp = await preview(
      csv([
        HEADER,
        `${a.id},A1,${expiry},20,4.5`,
        `${a.id},EXP1,2021-03-31,6,4.5`,
        `${b.id},B1,${expiry},9,8.25`,
        `${b.id},B1,${expiry},9,8.25`,
      ]),
    );
    expect(imp.totals).toMatchObject({ newLots: 2, updates: 1, errors: 1 });
    const first = await apply(imp.id);
    expect(first.statusCode, first.body).toBe(200);
    const applied = inventoryImportSchema.parse(first.json());
    expect(applied.status).toBe('applied');
    expect(applied.result).toMatchObject({ created: 2, updated: 1, unchanged: 0, skipped: 1 });
    expect(await lotsOf(a.id)).toEqual([
      { batch: 'EXP1', expiry: '2021-03-31', quantity: 6 },
      { batch: 'A1', expiry, quantity: 20 },
    ]);
    expect(await lotsOf(b.id)).toEqual([{ batch: 'B1', expiry, quantity: 9 }]);
    expect(await priceOf(a.id)).toBe(4.5);
    expect(await priceOf(b.id)).toBe(8.25);
    // The expired lot is recorded as expired: the inventory list says so.
    const list = await t.app.inject({
      url: `/api/inventory?product=${encodeURIComponent(a.name)}`,
      headers: { authorization: stock },
    });
    const expired = (list.json() as Array<{ batchNumber: string; expiryStatus: string }>).find(
      (r) => r.batchNumber === 'EXP1',
    );
    expect(expired?.expiryStatus).toBe('expired');

    const events = await importEvents(imp.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.refs).toMatchObject({
      supplierId: org[TEMA],
      importCounts: { created: 2, updated: 1, unchanged: 0, skipped: 1 },
    });
    expect(events[0]!.refs.productIds).toEqual([a.id, b.id].sort());

    // The second apply answers the first result and changes nothing.
    await sync({ productId: b.id, batchNumber: 'B1', expiryDate: expiry, quantity: 1, unitPrice: 8.25 });
    const second = await apply(imp.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await lotsOf(b.id))[0]!.quantity).toBe(1);
    expect(await importEvents(imp.id)).toHaveLength(1);
    const activity = await t.app.inject({
      url: '/api/activity?type=inventory.imported&limit=5',
      headers: { authorization: await t.login('admin@tema-pharma.demo', 'supplier') },
    });
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().items[0].description).toMatch(
      /imported stock from a file: 2 new, 1 updated, 0 unchanged; 1 row with errors skipped/,
    );
  });

  it('applies none of the rows when one fails', async () => {
    const a = await freshProduct();
    const expiry = inDays(200);
    await sync({ productId: a.id, batchNumber: 'KEEP', expiryDate: expiry, quantity: 5, unitPrice: 3 });
    const imp = await preview(
      csv([
        HEADER,
        `${a.id},KEEP,${expiry},50,3.5`,
        `${a.id},NEW1,${expiry},7,3.5`,
        `${a.id},BOOM,${expiry},1,3.5`,
      ]),
    );
    // A constraint the lot table does not have, refusing the last row mid-apply.
    await t.database.db.execute(
      sql.raw(`alter table inventory_lots add constraint import_test_no_boom
      check (batch_number is distinct from 'BOOM') not valid`),
    );
    try {
      const res = await apply(imp.id);
      expect(res.statusCode).toBe(500);
      t.serverErrors.splice(
        t.serverErrors.findIndex((e) => e.statusCode === 500),
        1,
      );
    } finally {
      await t.database.db.execute(sql.raw(`alter table inventory_lots drop constraint import_test_no_boom`));
    }
    expect(await lotsOf(a.id)).toEqual([{ batch: 'KEEP', expiry, quantity: 5 }]);
    expect(await priceOf(a.id)).toBe(3);
    expect(await importEvents(imp.id)).toHaveLength(0);
    const read = await t.app.inject({
      url: `/api/inventory/imports/${imp.id}`,
      headers: { authorization: stock },
    });
    expect(read.json()).toMatchObject({ status: 'previewed', result: null });
    // Nothing was half done: applied now, all three rows land.
    expect((await apply(imp.id)).json().result).toMatchObject({ created: 2, updated: 1 });
  });

  it('refuses 409 an import whose every row has an error', async () => {
    const imp = await preview(csv([HEADER, `Nothing called this ${run},X,,1,1`]));
    const res = await apply(imp.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IMPORT_NOTHING_TO_APPLY' });
  });

  it("keeps another supplier's import out of reach: 404 to read or apply", async () => {
    const a = await freshProduct();
    const imp = await preview(csv([HEADER, `${a.id},T1,,1,1`]));
    const read = await t.app.inject({
      url: `/api/inventory/imports/${imp.id}`,
      headers: { authorization: medilink },
    });
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe('IMPORT_NOT_FOUND');
    expect((await apply(imp.id, medilink)).statusCode).toBe(404);
    expect(await lotsOf(a.id)).toEqual([]);
  });

  it('names the API key an ERP imported with, on the import and its one event', async () => {
    const admin = await t.login('admin@tema-pharma.demo', 'supplier');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/org/api-keys',
      headers: { authorization: admin },
      payload: { name: `Import ERP ${run}`, scopes: ['inventory:write'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, apiKey } = created.json() as { key: string; apiKey: { id: string } };
    const a = await freshProduct();
    const res = await upload(csv([HEADER, `${a.gtin},K1,,3,2`]), 'erp.csv', `Bearer ${key}`);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    expect((await apply(id, `Bearer ${key}`)).statusCode).toBe(200);
    const [stored] = await queryRows<{ apiKeyId: string | null }>(
      t.database.db,
      sql`select api_key_id as "apiKeyId" from inventory_imports where id = ${id}`,
    );
    expect(stored!.apiKeyId).toBe(apiKey.id);
    const [event] = await queryRows<{ apiKeyId: string | null }>(
      t.database.db,
      sql`select api_key_id as "apiKeyId" from events
          where type = 'inventory.imported' and refs ->> 'importId' = ${id}`,
    );
    expect(event!.apiKeyId).toBe(apiKey.id);
  });

  it.skipIf(testDriver() !== 'postgres')(
    'a single sync during an apply: both complete, no deadlock, the stock is one of the two orders',
    async () => {
      const products = await Promise.all([freshProduct(), freshProduct(), freshProduct()]);
      const expiry = inDays(500);
      const imp = await preview(csv([HEADER, ...products.map((p) => `${p.id},C1,${expiry},100,2`)]));
      const [applied, synced] = await Promise.all([
        apply(imp.id),
        t.app.inject({
          method: 'POST',
          url: '/api/inventory',
          headers: { authorization: stock },
          payload: {
            productId: products[2]!.id,
            batchNumber: 'C1',
            expiryDate: expiry,
            quantity: 7,
            unitPrice: 2,
          },
        }),
      ]);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(synced.statusCode, synced.body).toBe(200);
      expect((await lotsOf(products[0]!.id))[0]!.quantity).toBe(100);
      expect([7, 100]).toContain((await lotsOf(products[2]!.id))[0]!.quantity);
    },
  );
});

describe('template and export', () => {
  it('the template is the header row alone, in CSV and XLSX', async () => {
    const res = await t.app.inject({
      url: '/api/inventory/imports/template',
      headers: { authorization: stock },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.replace(/^\uFEFF/, '')).toBe(
      'product,productName,batchNumber,expiryDate,quantity,unitPrice\r\n',
    );
    const xlsx = await t.app.inject({
      url: '/api/inventory/imports/template?format=xlsx',
      headers: { authorization: stock },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('the current stock exported and imported again previews every row as unchanged', async () => {
    const res = await t.app.inject({
      url: '/api/inventory/imports/export',
      headers: { authorization: stock },
    });
    expect(res.statusCode).toBe(200);
    const imp = await preview(res.rawPayload, 'current_stock.csv');
    expect(imp.totals.rows).toBeGreaterThan(5);
    expect(imp.rows.filter((r) => r.status !== 'unchanged')).toEqual([]);
    const xlsx = await t.app.inject({
      url: '/api/inventory/imports/export?format=xlsx',
      headers: { authorization: stock },
    });
    const fromXlsx = await preview(xlsx.rawPayload, 'current_stock.xlsx');
    expect(fromXlsx.totals.unchanged).toBe(fromXlsx.totals.rows);
  });
});
