import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditApplicationSchema,
  creditApplicationsPageSchema,
  type CreditApplication,
} from '@aduro/shared/credit';
import type { Page } from '@aduro/shared/pagination';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { walkPages } from '../../test/pages.ts';

// Issue 17, "Paginated, searchable lists": GET /api/credit/applications by keyset, with its status filter.

let t: TestApp;
let ama: string;
let kejetia: string;
let temaCredit: string;
let medilink: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';
const ACCRACARE = 'AccraCare Pharmacy';
let seq = 0;

/** A fresh customer organisation (one pending application per pair, so each gets its own). */
async function customer(): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into organizations (kind, name) values ('customer', ${`Applicant ${++seq}`}) returning id`,
  );
  return row!.id;
}

/** An application to `supplier` written straight to the table, so its times can tie on purpose. */
async function apply(
  supplier: string,
  a: { status: 'pending' | 'approved' | 'rejected'; createdAt?: string; decidedAt?: string | null },
) {
  const customerId = await customer();
  const decidedAt =
    a.status === 'pending' ? null : a.decidedAt === undefined ? new Date().toISOString() : a.decidedAt;
  await t.database.db.execute(sql`
    insert into credit_applications
      (customer_id, supplier_id, requested_limit, status, approved_limit, decided_at, created_at)
    values (${customerId}, ${supplier}, 5000, ${a.status}, ${a.status === 'approved' ? 4000 : null},
            ${decidedAt}::timestamptz, coalesce(${a.createdAt ?? null}::timestamptz, now()))`);
}

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, temaCredit, medilink] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
  // Ties on every instant the order uses (the id decides), microseconds apart, and a decided
  // application without a decision time, which sorts after every other.
  const tied = '2026-01-05T09:00:00.123456Z';
  for (let i = 0; i < 4; i++) await apply(org[TEMA]!, { status: 'pending', createdAt: tied });
  await apply(org[TEMA]!, { status: 'pending', createdAt: '2026-01-05T09:00:00.123457Z' });
  for (let i = 0; i < 3; i++) await apply(org[TEMA]!, { status: 'approved', decidedAt: tied });
  for (let i = 0; i < 3; i++) await apply(org[TEMA]!, { status: 'rejected', decidedAt: tied });
  await apply(org[TEMA]!, { status: 'rejected', decidedAt: '2026-01-05T09:00:00.123455Z' });
  await apply(org[TEMA]!, { status: 'rejected', decidedAt: null });
  await apply(org[TEMA]!, { status: 'rejected', decidedAt: null });
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });

async function all(query: string, authorization: string): Promise<CreditApplication[]> {
  const res = await get(`/api/credit/applications${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return creditApplicationSchema.array().parse(res.json());
}

async function page(query: string, authorization: string): Promise<Page<CreditApplication>> {
  const res = await get(`/api/credit/applications/page${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return creditApplicationsPageSchema.parse(res.json());
}

const walk = (
  filters: string,
  authorization: string,
  limit: number,
  between?: (n: number) => Promise<void>,
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

const ids = (list: CreditApplication[]) => list.map((a) => a.id);

describe('GET /api/credit/applications, a page at a time', () => {
  it('keeps the array: pending oldest first, then decided latest decision first, undecided times last', async () => {
    const whole = await all('', temaCredit);
    const firstDecided = whole.findIndex((a) => a.status !== 'pending');
    const pending = whole.slice(0, firstDecided);
    const decided = whole.slice(firstDecided);
    expect(pending.length).toBeGreaterThan(4);
    expect(decided.every((a) => a.status !== 'pending')).toBe(true);
    const created = pending.map((a) => a.createdAt);
    expect(created).toEqual([...created].sort());
    const timed = decided.filter((a) => a.decidedAt !== null).map((a) => a.decidedAt!);
    expect(timed).toEqual([...timed].sort().reverse());
    expect(decided.slice(-2).every((a) => a.decidedAt === null)).toBe(true);
  });

  it('walks every application exactly once, in the array order, ties included, with the total on every page', async () => {
    const whole = await all('', temaCredit);
    for (const limit of [1, 3, 7]) {
      const { items, pages } = await walk('', temaCredit, limit);
      expect(ids(items)).toEqual(ids(whole));
      expect(new Set(pages.map((p) => p.total))).toEqual(new Set([whole.length]));
    }
  });

  it('neither repeats nor skips an application while others are submitted and decided between pages', async () => {
    const before = await all('', temaCredit);
    const { items } = await walk('', temaCredit, 3, async () => {
      await apply(org[TEMA]!, { status: 'pending' });
      await apply(org[TEMA]!, { status: 'approved' });
    });
    expect(new Set(ids(items)).size).toBe(items.length);
    expect(ids(items).filter((id) => ids(before).includes(id))).toEqual(ids(before));
  });

  it('submitting through the API lands the application at the end of the pending ones', async () => {
    const first = await page('?status=pending&limit=200', temaCredit);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/credit/applications',
      headers: { authorization: kejetia },
      payload: { supplierId: org[TEMA], requestedLimit: 2000 },
    });
    // Kejetia may already be waiting on Tema in the demo data; either way the list stays consistent.
    expect([201, 409]).toContain(res.statusCode);
    const after = await page('?status=pending&limit=200', temaCredit);
    if (res.statusCode === 201) {
      expect(after.total).toBe(first.total + 1);
      expect(after.items.at(-1)!.id).toBe(res.json().id);
    }
  });
});

describe('GET /api/credit/applications filters', () => {
  let whole: CreditApplication[];
  beforeAll(async () => {
    whole = await all('', temaCredit);
  });

  async function expectFilter(filters: string, keep: (a: CreditApplication) => boolean) {
    const expected = ids(whole.filter(keep));
    expect(expected.length, `the data has applications for ${filters}`).toBeGreaterThan(1);
    expect(expected.length, `the data has applications beside ${filters}`).toBeLessThan(whole.length);
    expect(ids(await all(`?${filters}`, temaCredit))).toEqual(expected);
    const { items, pages } = await walk(filters, temaCredit, 2);
    expect(ids(items)).toEqual(expected);
    expect(pages[0]!.total).toBe(expected.length);
  }

  it('narrows by each status, and all lists every one', async () => {
    await expectFilter('status=pending', (a) => a.status === 'pending');
    await expectFilter('status=approved', (a) => a.status === 'approved');
    await expectFilter('status=rejected', (a) => a.status === 'rejected');
    expect(ids(await all('?status=all', temaCredit))).toEqual(ids(whole));
  });

  it('answers 400 naming the field for a bad cursor, limit or status', async () => {
    const cursor = (position: unknown) => Buffer.from(JSON.stringify(position)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [query, field] of [
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${cursor([0, '2026-02-30T00:00:00.000000Z', id])}`, 'cursor'],
      [`?cursor=${cursor([2, '2026-01-01T00:00:00.000000Z', id])}`, 'cursor'],
      [`?cursor=${cursor([1, null, id])}`, 'cursor'],
      [`?cursor=${cursor([3, null, id])}`, 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?status=lost', 'status'],
    ] as const) {
      const res = await get(`/api/credit/applications/page${query}`, temaCredit);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });
});

describe('GET /api/credit/applications pages and tenancy', () => {
  it('shows a supplier only the applications made to it, and a customer only its own, on every page', async () => {
    const toMedilink = await walk('', medilink, 2);
    expect(toMedilink.items.every((a) => a.supplier.id === org[MEDILINK])).toBe(true);
    const byAma = await walk('', ama, 2);
    expect(byAma.items.length).toBeGreaterThan(0);
    expect(byAma.items.every((a) => a.customer.id === org[ACCRACARE])).toBe(true);
    expect(ids(byAma.items)).toEqual(ids(await all('', ama)));
    expect(
      (await get(`/api/credit/applications/page?supplierId=${org[TEMA]}&limit=5`, medilink)).statusCode,
    ).toBe(403);
    expect(
      (await get(`/api/credit/applications/page?customerId=${org[ACCRACARE]}&limit=5`, kejetia)).statusCode,
    ).toBe(403);
  });

  it("does not let a cursor from another organisation's list reveal that list", async () => {
    const temaFirst = await page('?limit=1', temaCredit);
    const next = await page(`?limit=50&cursor=${encodeURIComponent(temaFirst.nextCursor!)}`, medilink);
    expect(next.items.every((a) => a.supplier.id === org[MEDILINK])).toBe(true);
    const amaNext = await page(`?limit=50&cursor=${encodeURIComponent(temaFirst.nextCursor!)}`, ama);
    expect(amaNext.items.every((a) => a.customer.id === org[ACCRACARE])).toBe(true);
  });
});
