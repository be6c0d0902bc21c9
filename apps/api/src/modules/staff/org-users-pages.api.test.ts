import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@aduro/shared/pagination';
import { orgUserSchema, orgUsersPageSchema, type OrgUser } from '@aduro/shared/staff';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { walkPages } from '../../test/pages.ts';

// Issue 17, "Paginated, searchable lists": GET /api/org/users by keyset, its search and its CSV.

let t: TestApp;
let admin: string;
let medilink: string;
let temaOrg: string;
let seq = 0;

/**
 * Users of Tema written straight to the table (no password hashing), `at` their creation time so that
 * several can tie on it (the e-mail, then the id, decides), each granted `roles` by name.
 */
async function addUsers(rows: { name: string; email: string; at?: string; roles?: string[] }[]) {
  for (const r of rows) {
    await t.database.db.execute(sql`
      with u as (
        insert into users (org_id, user_type, email, name, password_hash, created_at)
        values (${temaOrg}, 'supplier', ${r.email}, ${r.name}, 'not-a-hash',
                coalesce(${r.at ?? null}::timestamptz, now()))
        returning id)
      insert into user_roles (user_id, role_id)
      select u.id, roles.id from u join roles on roles.org_kind = 'supplier'
      where roles.name = any(${`{${(r.roles ?? ['InventoryManager']).join(',')}}`}::text[])`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@tema-pharma.demo', 'supplier');
  medilink = await t.login('admin@accra-medilink.demo', 'supplier');
  temaOrg = (await t.organisationIds())['Tema Pharma Distributors']!;
  const tied = '2026-01-05T09:00:00.123456Z';
  await addUsers([
    ...Array.from({ length: 5 }, (_, i) => ({
      name: `Packer ${i}`,
      email: `packer${i}@tema-pharma.test`,
      at: tied,
      roles: i % 2 ? ['ShippingClerk', 'InventoryManager'] : ['Admin', 'CreditApprover'],
    })),
    { name: 'Abena Search', email: 'abena@tema-pharma.test', at: '2026-01-05T09:00:00.123457Z' },
    { name: '=Formula, "Quoted"', email: 'formula@tema-pharma.test', at: '2026-01-05T09:00:00.123455Z' },
  ]);
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization = admin) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });

async function all(query: string, authorization = admin): Promise<OrgUser[]> {
  const res = await get(`/api/org/users${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return orgUserSchema.array().parse(res.json());
}

async function page(query: string, authorization = admin): Promise<Page<OrgUser>> {
  const res = await get(`/api/org/users/page${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return orgUsersPageSchema.parse(res.json());
}

const walk = (
  filters: string,
  limit: number,
  between?: (n: number) => Promise<void>,
  authorization = admin,
) =>
  walkPages(
    (cursor) =>
      page(
        `?${filters}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        authorization,
      ),
    limit,
    between,
  );

const ids = (list: OrgUser[]) => list.map((u) => u.id);

describe('GET /api/org/users, a page at a time', () => {
  it('walks every user exactly once, oldest first in the array order, ties included, with the total on every page', async () => {
    const whole = await all('');
    expect(whole.length).toBeGreaterThan(8);
    const created = whole.map((u) => u.createdAt);
    expect(created).toEqual([...created].sort());
    for (const limit of [1, 3]) {
      const { items, pages } = await walk('', limit);
      expect(ids(items)).toEqual(ids(whole));
      expect(new Set(pages.map((p) => p.total))).toEqual(new Set([whole.length]));
    }
  });

  it('neither repeats nor skips a user while others are invited between pages', async () => {
    const before = await all('');
    const { items } = await walk('', 2, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/org/users',
        headers: { authorization: admin },
        payload: {
          name: `Invitee ${++seq}`,
          email: `invitee${seq}@tema-pharma.test`,
          password: 'demo1234-long',
          roles: ['ShippingClerk'],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(new Set(ids(items)).size).toBe(items.length);
    expect(ids(items).filter((id) => ids(before).includes(id))).toEqual(ids(before));
    // The invitees are the newest, so the walk met them at its end.
    expect(items.at(-1)!.name).toBe(`Invitee ${seq}`);
  });
});

describe('GET /api/org/users filters', () => {
  it('narrows by text in the name or the e-mail, in any case', async () => {
    const whole = await all('');
    for (const [q, keep] of [
      ['PACKER', (u: OrgUser) => u.name.startsWith('Packer')],
      ['abena%40', (u: OrgUser) => u.email.startsWith('abena@')],
      ['search', (u: OrgUser) => u.name.toLowerCase().includes('search')],
    ] as const) {
      const expected = ids(whole.filter(keep));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(whole.length);
      expect(ids(await all(`?q=${q}`))).toEqual(expected);
      const { items, pages } = await walk(`q=${q}`, 2);
      expect(ids(items)).toEqual(expected);
      expect(pages[0]!.total).toBe(expected.length);
    }
    expect(await all('?q=_')).toEqual([]);
  });

  it('answers 400 naming the field for a bad cursor, limit or search', async () => {
    const cursor = (position: unknown) => Buffer.from(JSON.stringify(position)).toString('base64url');
    for (const [query, field] of [
      ['?cursor=not-a-cursor', 'cursor'],
      [
        `?cursor=${cursor(['2026-02-30T00:00:00.000000Z', 'a@b.c', '00000000-0000-4000-8000-000000000000'])}`,
        'cursor',
      ],
      [`?cursor=${cursor(['2026-01-01T00:00:00.000000Z', 'a@b.c', 'nope'])}`, 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=many', 'limit'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await get(`/api/org/users/page${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });

  it("keeps each organisation to its own users, and a foreign cursor reveals nothing of Tema's", async () => {
    const tema = await all('');
    const theirs = await walk('', 1, undefined, medilink);
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(ids(theirs.items).some((id) => ids(tema).includes(id))).toBe(false);
    const temaFirst = await page('?limit=1');
    const next = await page(`?cursor=${encodeURIComponent(temaFirst.nextCursor!)}`, medilink);
    expect(ids(next.items).some((id) => ids(tema).includes(id))).toBe(false);
    const csv = (await get('/api/org/users.csv', medilink)).body;
    expect(csv).not.toContain('@tema-pharma');
  });
});

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

describe('GET /api/org/users.csv', () => {
  it("streams the organisation's users with the team directory's columns", async () => {
    const res = await get('/api/org/users.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="org_users.csv"');
    const [header, ...records] = parseCsv(res.body);
    expect(header).toEqual(['name', 'email', 'roles', 'createdAt']);
    const whole = await all('');
    expect(records.map((r) => r[1])).toEqual(whole.map((u) => u.email));
    const packer = records.find((r) => r[1] === 'packer1@tema-pharma.test')!;
    expect(packer).toEqual([
      'Packer 1',
      'packer1@tema-pharma.test',
      'InventoryManager; ShippingClerk',
      '2026-01-05T09:00:00.123Z',
    ]);
    expect(records.find((r) => r[1] === 'packer0@tema-pharma.test')![2]).toBe('CreditApprover; Admin');
    expect(res.body).toContain(`"'=Formula, ""Quoted""",formula@tema-pharma.test,InventoryManager,`);
  });

  it('applies the search and ignores paging', async () => {
    const res = await get('/api/org/users.csv?q=packer&limit=1');
    const [, ...records] = parseCsv(res.body);
    expect(records.map((r) => r[1])).toEqual((await all('?q=packer')).map((u) => u.email));
    expect(records).toHaveLength(5);
  });

  it('reads past one batch of 500', async () => {
    await t.database.db.execute(sql`
      insert into users (org_id, user_type, email, name, password_hash)
      select ${temaOrg}, 'supplier', 'bulk' || n || '@tema-pharma.test', 'Bulk ' || n, 'not-a-hash'
      from generate_series(1, 510) n`);
    const [, ...records] = parseCsv((await get('/api/org/users.csv?q=bulk')).body);
    expect(records).toHaveLength(510);
    expect(new Set(records.map((r) => r[1])).size).toBe(510);
    expect(records.every((r) => r[2] === '')).toBe(true);
  });
});
