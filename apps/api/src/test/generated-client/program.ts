/**
 * A small integrator's program, typed only by the client openapi-typescript generates from the live
 * OpenAPI document (schema.d.ts, written beside it at test time) and called through openapi-fetch. It
 * compiles under --strict without narrowing any answer: each operation answers one shape. One async main
 * of steps; any failure exits non-zero. Run: node --import tsx program.ts <base URL>. Steps: sign in, read
 * the inventory a page at a time and whole, create an API key, and with it export the stock, import it
 * back with one new lot (preview, apply) and find that lot on the inventory page.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema.d.ts';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const client = createClient<paths>({ baseUrl });

/** One line of the program's report, on stdout (the test reads it). */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  // 1. Sign in as Tema Pharma's Admin (demo password).
  const signIn = await client.POST('/api/auth/login', {
    body: { email: 'admin@tema-pharma.demo', password: 'demo1234', userType: 'supplier' },
  });
  if (!signIn.data) throw new Error(`sign-in refused: ${signIn.error?.message}`);
  const headers = { authorization: `Bearer ${signIn.data.accessToken}` };

  // 2. One page of stock lots: a page's items, total and next cursor, with no union to narrow.
  const page = await client.GET('/api/inventory/page', { params: { query: { limit: 5 } }, headers });
  if (!page.data) throw new Error(`inventory page refused: ${page.error?.message}`);
  say(`page: ${page.data.items.length} of ${page.data.total} lots, next ${page.data.nextCursor ?? 'none'}`);

  // 3. The whole list (SPEC's array) and the totals.
  const all = await client.GET('/api/inventory', {
    params: { query: { status: 'expired,expiring_soon' } },
    headers,
  });
  if (!all.data) throw new Error(`inventory refused: ${all.error?.message}`);
  say(`needing attention: ${all.data.length} lots`);
  const totals = await client.GET('/api/inventory/totals', { headers });
  if (!totals.data) throw new Error(`totals refused: ${totals.error?.message}`);
  say(`totals: ${JSON.stringify(totals.data)}`);

  // 4. An API key for a stock-sync integration; the key itself is shown this once.
  const created = await client.POST('/api/org/api-keys', {
    body: { name: 'Stock sync (contract test)', scopes: ['inventory:read', 'inventory:write'] },
    headers,
  });
  if (!created.data) throw new Error(`API key refused: ${created.error?.message}`);
  const asKey = { authorization: `Bearer ${created.data.key}` };
  say(`API key ${created.data.apiKey.prefix}… with ${created.data.apiKey.scopes.join(', ')}`);

  // 5. With the key: the current stock in the import's columns, plus one new lot of its first product
  //    (same price: a file gives one price per product), sent back as an import and previewed.
  const exported = await client.GET('/api/inventory/imports/export', { headers: asKey, parseAs: 'text' });
  if (exported.data === undefined) throw new Error(`export refused: ${exported.error?.message}`);
  const lines = exported.data
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
  const first = lines[1];
  if (first === undefined) throw new Error('the export has no stock to copy');
  // product,productName,batchNumber,expiryDate,quantity,unitPrice: the id is first, the price last.
  const productId = first.slice(0, first.indexOf(','));
  const unitPrice = first.slice(first.lastIndexOf(',') + 1);
  const batch = `CONTRACT-${Date.now().toString(36).toUpperCase()}`;
  const expiry = new Date(Date.now() + 730 * 86_400_000).toISOString().slice(0, 10);
  const file = [...lines, `${productId},,${batch},${expiry},7,${unitPrice}`].join('\r\n') + '\r\n';
  const preview = await client.POST('/api/inventory/imports', {
    body: { file },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', new Blob([body.file], { type: 'text/csv' }), 'stock.csv');
      return form;
    },
    headers: asKey,
  });
  if (!preview.data) throw new Error(`import refused: ${preview.error?.message}`);
  say(`preview: ${preview.data.totals.rows} rows, ${preview.data.totals.errors} with errors`);

  // 6. Applied: the one new lot is created, the rest is unchanged.
  const applied = await client.POST('/api/inventory/imports/{id}/apply', {
    params: { path: { id: preview.data.id } },
    headers: asKey,
  });
  if (!applied.data) throw new Error(`apply refused: ${applied.error?.message}`);
  const result = applied.data.result;
  say(
    `applied: ${result ? `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged` : 'no result'}`,
  );

  // 7. The new lot, read back with the key from the inventory page.
  const found = await client.GET('/api/inventory/page', {
    params: { query: { batch, limit: 10 } },
    headers: asKey,
  });
  if (!found.data) throw new Error(`inventory page refused: ${found.error?.message}`);
  say(`new lot: ${found.data.items.map((lot) => `${lot.batchNumber} × ${lot.quantity}`).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
