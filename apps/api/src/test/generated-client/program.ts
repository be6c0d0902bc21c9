/**
 * A small integrator's program, typed only by the client openapi-typescript generates from the live
 * OpenAPI document (schema.d.ts, written beside it at test time) and called through openapi-fetch. It
 * compiles under --strict without narrowing any answer: each operation answers one shape. One async main
 * of steps; any failure exits non-zero. Run: node --import tsx program.ts <base URL>. Steps: sign in, read
 * the inventory a page at a time and whole, create an API key, and with it export the stock and import
 * it back (preview, apply).
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

  // 5. With the key: the current stock in the import's columns, sent back as an import, previewed.
  const exported = await client.GET('/api/inventory/imports/export', { headers: asKey, parseAs: 'text' });
  if (exported.data === undefined) throw new Error(`export refused: ${exported.error?.message}`);
  const preview = await client.POST('/api/inventory/imports', {
    body: { file: exported.data },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', new Blob([body.file], { type: 'text/csv' }), 'stock.csv');
      return form;
    },
    headers: asKey,
  });
  if (!preview.data) throw new Error(`import refused: ${preview.error?.message}`);
  say(`preview: ${preview.data.totals.rows} rows, ${preview.data.totals.errors} with errors`);

  // 6. Applied: the same stock again, so nothing changes.
  const applied = await client.POST('/api/inventory/imports/{id}/apply', {
    params: { path: { id: preview.data.id } },
    headers: asKey,
  });
  if (!applied.data) throw new Error(`apply refused: ${applied.error?.message}`);
  const result = applied.data.result;
  say(
    `applied: ${result ? `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged` : 'no result'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
