import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEntitiesPageSchema, adminEntitySchema, type AdminEntity } from '@aduro/shared/admin';
import type { Page } from '@aduro/shared/pagination';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { walkPages } from '../../test/pages.ts';

// Issue 17, "Paginated, searchable lists": GET /api/admin/entities by keyset, its filters and its CSV.

let t: TestApp;
let platform: string;
let seq = 0;

/** Organisations written straight to the table: the list only reads them. */
async function addOrganisations(
  rows: { kind: 'supplier' | 'customer'; name: string; location?: string; active?: boolean }[],
) {
  for (const r of rows)
    await t.database.db.execute(sql`
      insert into organizations (kind, name, location, is_active, payment_terms)
      values (${r.kind}, ${r.name}, ${r.location ?? null}, ${r.active ?? true}, 'Net 15')`);
}

beforeAll(async () => {
  t = await createTestApp();
  platform = await t.login('admin@aduro.demo', 'platform');
  // Enough organisations for several pages of each filter, with namesakes to tie on the name (the id
  // decides between them) and a formula-looking name for the CSV.
  await addOrganisations([
    ...Array.from({ length: 6 }, (_, i) => ({
      kind: 'customer' as const,
      name: 'Paging Twin Pharmacy',
      location: i % 2 ? 'Ho' : 'Takoradi',
      active: i % 3 !== 0,
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      kind: 'supplier' as const,
      name: `Paging Supplier ${i}`,
      location: 'Kumasi',
      active: i % 2 === 0,
    })),
    { kind: 'customer', name: '=Formula, "Quoted" Chemists', location: 'Accra', active: false },
  ]);
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization = platform) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });

async function all(query: string): Promise<AdminEntity[]> {
  const res = await get(`/api/admin/entities${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminEntitySchema.array().parse(res.json());
}

async function page(query: string): Promise<Page<AdminEntity>> {
  const res = await get(`/api/admin/entities/page${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminEntitiesPageSchema.parse(res.json());
}

const walk = (filters: string, limit: number, between?: (n: number) => Promise<void>) =>
  walkPages(
    (cursor) => page(`?${filters}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    limit,
    between,
  );

const ids = (entities: AdminEntity[]) => entities.map((e) => e.id);

describe('GET /api/admin/entities, a page at a time', () => {
  it('answers the whole list as an array without paging parameters, inactive first then by name', async () => {
    const whole = await all('');
    expect(whole.length).toBeGreaterThan(15);
    const inactive = whole.findIndex((e) => e.isActive);
    expect(whole.slice(inactive).every((e) => e.isActive)).toBe(true);
    // Review work first: suppliers awaiting licence review, then the deactivated, then the active.
    const ranks = whole.map((e) => ['awaiting_review', 'deactivated', 'active'].indexOf(e.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
  });

  it('walks every organisation exactly once, in the array order, namesakes included, with the total on every page', async () => {
    const whole = await all('');
    const { items, pages } = await walk('', 4);
    expect(ids(items)).toEqual(ids(whole));
    expect(new Set(pages.map((p) => p.total))).toEqual(new Set([whole.length]));
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('pages 50 at a time when only a cursor is given', async () => {
    const first = await page('?limit=1');
    const rest = await page(`?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.items.length).toBe(Math.min(50, first.total - 1));
  });

  it('neither repeats nor skips an organisation while others register between pages', async () => {
    const before = await all('');
    const { items } = await walk('', 3, async () => {
      // Names on both sides of the pages already read, active and not.
      await addOrganisations([
        { kind: 'customer', name: `AAA Early Registrant ${++seq}`, active: false },
        { kind: 'supplier', name: `ZZZ Late Registrant ${++seq}`, active: true },
      ]);
    });
    expect(new Set(ids(items)).size).toBe(items.length);
    expect(ids(items).filter((id) => ids(before).includes(id))).toEqual(ids(before));
  });
});

describe('GET /api/admin/entities filters', () => {
  let whole: AdminEntity[];
  beforeAll(async () => {
    whole = await all('');
  });

  async function expectFilter(filters: string, keep: (e: AdminEntity) => boolean) {
    const expected = ids(whole.filter(keep));
    expect(expected.length, `the data has organisations for ${filters}`).toBeGreaterThan(1);
    expect(expected.length, `the data has organisations beside ${filters}`).toBeLessThan(whole.length);
    expect(ids(await all(`?${filters}`))).toEqual(expected);
    const { items, pages } = await walk(filters, 2);
    expect(ids(items)).toEqual(expected);
    expect(pages[0]!.total).toBe(expected.length);
  }

  it('narrows by kind', async () => {
    await expectFilter('kind=supplier', (e) => e.kind === 'supplier');
    await expectFilter('kind=customer', (e) => e.kind === 'customer');
  });

  it('narrows to active or to deactivated organisations', async () => {
    await expectFilter('active=true', (e) => e.isActive);
    await expectFilter('active=false', (e) => !e.isActive);
    expect(ids(await all('?active='))).toEqual(ids(whole));
  });

  it('narrows by status, telling suppliers awaiting licence review from deactivated organisations', async () => {
    await expectFilter('status=awaiting_review', (e) => e.status === 'awaiting_review');
    await expectFilter('status=deactivated', (e) => e.status === 'deactivated');
    await expectFilter('status=active', (e) => e.status === 'active');
    // Only a supplier never activated awaits review: an inactive customer was deactivated.
    expect(whole.filter((e) => e.status === 'awaiting_review').every((e) => e.kind === 'supplier')).toBe(
      true,
    );
    expect(whole.every((e) => e.isActive === (e.status === 'active'))).toBe(true);
  });

  it('narrows by text in the name or the location, in any case', async () => {
    await expectFilter('q=paging%20TWIN', (e) => e.name.toLowerCase().includes('paging twin'));
    await expectFilter('q=kumasi', (e) =>
      [e.name, e.location ?? ''].some((v) => v.toLowerCase().includes('kumasi')),
    );
    // % and _ are matched as themselves, not as wildcards.
    expect(await all('?q=%25')).toEqual([]);
  });

  it('combines filters', async () => {
    await expectFilter(
      'kind=customer&active=false&q=twin',
      (e) => e.kind === 'customer' && !e.isActive && e.name.includes('Twin'),
    );
  });

  it('answers 400 naming the field for a bad cursor, limit, kind, flag or search', async () => {
    const forged = Buffer.from(JSON.stringify([true, 'x', 'not-a-uuid'])).toString('base64url');
    for (const [query, field] of [
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${forged}`, 'cursor'],
      [`?cursor=${Buffer.from('["2026-01-01T00:00:00.000000Z"]').toString('base64url')}`, 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?kind=platform', 'kind'],
      ['?active=yes', 'active'],
      ['?status=pending', 'status'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await get(`/api/admin/entities/page${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });

  it('stays for platform administrators, paged or not', async () => {
    const supplier = await t.login('admin@tema-pharma.demo', 'supplier');
    expect((await get('/api/admin/entities/page?limit=5', supplier)).statusCode).toBe(403);
    expect((await get('/api/admin/entities.csv', supplier)).statusCode).toBe(403);
  });
});

/** The CSV's records, BOM and header checked and removed; a quoted field may hold commas. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const lines = body.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines.map((line) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
      .slice(0, -1)
      .map((m) => m[1]!.replace(/^"|"$/g, '').replaceAll('""', '"')),
  );
}

describe('GET /api/admin/entities.csv', () => {
  it('streams every organisation the filters match, in the list order, with the review screen’s columns', async () => {
    const res = await get('/api/admin/entities.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="entities.csv"');
    const [header, ...records] = parseCsv(res.body);
    expect(header).toEqual(['name', 'kind', 'users', 'active', 'paymentTerms']);
    const whole = await all('');
    expect(records).toHaveLength(whole.length);
    const tema = whole.find((e) => e.name === 'Tema Pharma Distributors')!;
    expect(records[whole.indexOf(tema)]).toEqual([
      tema.name,
      'supplier',
      String(tema.users.length),
      'true',
      tema.paymentTerms,
    ]);
    // A name that looks like a formula is defused; one with a comma and quotes is quoted.
    expect(res.body).toContain(`"'=Formula, ""Quoted"" Chemists",customer,0,false,Net 15\r\n`);
  });

  it('applies the filters and ignores paging', async () => {
    const expected = await all('?kind=supplier&active=false');
    const res = await get('/api/admin/entities.csv?kind=supplier&active=false&limit=1');
    const [, ...records] = parseCsv(res.body);
    expect(records.map((r) => r[0])).toEqual(expected.map((e) => e.name));
    expect(records.every((r) => r[1] === 'supplier' && r[3] === 'false')).toBe(true);
  });

  it('reads past one batch of 500', async () => {
    await t.database.db.execute(sql`
      insert into organizations (kind, name, location)
      select 'customer', 'Bulk Pharmacy ' || lpad(n::text, 4, '0'), 'Bulk town'
      from generate_series(1, 520) n`);
    const res = await get('/api/admin/entities.csv?q=bulk%20pharmacy');
    const [, ...records] = parseCsv(res.body);
    expect(records).toHaveLength(520);
    expect(new Set(records.map((r) => r[0])).size).toBe(520);
    const [counted] = await queryRows<{ total: number }>(
      t.database.db,
      sql`select count(*)::int as total from organizations where kind <> 'platform'`,
    );
    const everything = parseCsv((await get('/api/admin/entities.csv')).body);
    expect(everything).toHaveLength(counted!.total + 1);
  });
});
