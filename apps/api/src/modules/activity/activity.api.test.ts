import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityItem, type ActivityPage } from '@aduro/shared/activity';
import { PAGINATION_MESSAGES } from '@aduro/shared/pagination';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';
import { recordEvent } from '../events/events.repository.ts';

let t: TestApp;
let temaAdmin: string;
let temaStock: string;
let medilink: string;
let platform: string;
let ama: string;
const org: Record<string, string> = {};
const user: Record<string, { id: string; name: string }> = {};

const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';

beforeAll(async () => {
  t = await createTestApp();
  [temaAdmin, temaStock, medilink, platform, ama] = await Promise.all([
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
    t.login('buyer@accracare.demo', 'customer'),
  ]);
  Object.assign(org, await t.organisationIds());
  const users = await queryRows<{ id: string; email: string; name: string }>(
    t.database.db,
    sql`select id, email, name from users`,
  );
  for (const u of users) user[u.email] = { id: u.id, name: u.name };
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });

async function page(url: string, authorization: string): Promise<ActivityPage> {
  const res = await get(url, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return activityPageSchema.parse(res.json());
}

/** Every item of a listing, following nextCursor. */
async function all(url: string, authorization: string): Promise<ActivityItem[]> {
  const items: ActivityItem[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const p: ActivityPage = await page(
      `${url}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      authorization,
    );
    items.push(...p.items);
    cursor = p.nextCursor;
  } while (cursor);
  return items;
}

let seq = 0;
/** A fresh Tema product, stocked by its inventory manager: a product.created and an inventory.synced. */
async function temaSync(): Promise<{ productId: string; name: string }> {
  const name = `Activity test product ${++seq}`;
  const product = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: temaStock },
    payload: { name, brandName: 'Test', category: 'Tests', unitOfMeasure: 'Box', itemsPerUnit: '20 tablets' },
  });
  expect(product.statusCode, product.body).toBe(201);
  const productId = product.json().id as string;
  const synced = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization: temaStock },
    payload: { productId, quantity: 40, unitPrice: 12, moq: 1, expiryDate: inDays(300) },
  });
  expect(synced.statusCode, synced.body).toBe(200);
  return { productId, name };
}

async function orgIdsOf(ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ id: number; orgIds: string[] }>(
    t.database.db,
    sql`select id::int as id, org_ids::text[] as "orgIds" from events where id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
}

describe('GET /api/activity', () => {
  it('tells a supplier administrator what its own people did, in a sentence, newest first', async () => {
    const { name } = await temaSync();
    const p = await page('/api/activity?limit=5', temaAdmin);
    const stock = user['stock@tema-pharma.demo']!.name;
    expect(p.items[0]).toMatchObject({
      type: 'inventory.synced',
      description: `${stock} synced stock of ${name}`,
      actorName: stock,
      organisations: [{ id: org[TEMA], name: TEMA }],
    });
    expect(p.items[1]).toMatchObject({
      type: 'product.created',
      description: `${stock} added ${name} to the catalogue`,
    });
    expect(p.items[0]!.id).toBeGreaterThan(p.items[1]!.id);
    expect(p.total).toBeGreaterThanOrEqual(2);
  });

  it('never shows a supplier another organisation’s events; the platform sees every organisation’s', async () => {
    const { name } = await temaSync();
    expect(org[MEDILINK]).toBeDefined();
    const theirs = await recordEvent(t.database.db, {
      type: 'supplier.settings_changed',
      orgIds: [org[MEDILINK]!],
      refs: { supplierId: org[MEDILINK] },
      actorUserId: user['admin@accra-medilink.demo']!.id,
    });
    const medilinkItems = await all('/api/activity', medilink);
    expect(medilinkItems.some((i) => i.description.includes(name))).toBe(false);
    expect(medilinkItems.find((i) => i.id === theirs.id)?.description).toBe(
      `${user['admin@accra-medilink.demo']!.name} changed the trading terms of ${MEDILINK}`,
    );
    expect((await all('/api/activity', temaAdmin)).some((i) => i.id === theirs.id)).toBe(false);
    for (const row of await orgIdsOf(medilinkItems.map((i) => i.id)))
      expect(row.orgIds).toContain(org[MEDILINK]);

    const temaItems = await all('/api/activity', temaAdmin);
    for (const row of await orgIdsOf(temaItems.map((i) => i.id))) expect(row.orgIds).toContain(org[TEMA]);

    const everyone = await all('/api/activity', platform);
    const ids = new Set(everyone.map((i) => i.id));
    expect(temaItems.every((i) => ids.has(i.id))).toBe(true);
    expect(medilinkItems.every((i) => ids.has(i.id))).toBe(true);
    // The platform narrows to one organisation with orgId.
    const onlyTema = await all(`/api/activity?orgId=${org[TEMA]}`, platform);
    expect(onlyTema.map((i) => i.id)).toEqual(temaItems.map((i) => i.id));
  });

  it('refuses customers, suppliers without manage_users, and a supplier naming another organisation', async () => {
    expect((await get('/api/activity', ama)).statusCode).toBe(403);
    expect((await get('/api/activity', temaStock)).statusCode).toBe(403);
    expect((await get('/api/activity.csv', temaStock)).statusCode).toBe(403);
    expect((await get(`/api/activity?orgId=${org[MEDILINK]}`, temaAdmin)).statusCode).toBe(403);
    expect((await get(`/api/activity?orgId=${org[TEMA]}`, temaAdmin)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
  });

  it('leaves out bookkeeping events (notifications, carts, ended sessions)', async () => {
    const technical = await Promise.all(
      (['notifications.added', 'cart.changed', 'account.sessions_ended'] as const).map((type) =>
        recordEvent(t.database.db, {
          type,
          orgIds: [org[TEMA]!],
          actorUserId: user['admin@tema-pharma.demo']!.id,
        }),
      ),
    );
    const shown = new Set((await all('/api/activity', temaAdmin)).map((i) => i.id));
    for (const e of technical) expect(shown.has(e.id)).toBe(false);
    expect((await get('/api/activity?type=cart.changed', temaAdmin)).statusCode).toBe(400);
  });

  it('filters by type, by day (inclusive, UTC) and by the actor’s name or e-mail', async () => {
    await temaSync();
    const synced = await page('/api/activity?type=inventory.synced&limit=200', temaAdmin);
    expect(synced.items.length).toBeGreaterThan(0);
    expect(synced.items.every((i) => i.type === 'inventory.synced')).toBe(true);
    expect(synced.total).toBe(synced.items.length);

    // Three staff changes, dated yesterday, two days ago and three days ago.
    const dated = [];
    for (const days of [-1, -2, -3]) {
      const e = await recordEvent(t.database.db, {
        type: 'staff.changed',
        orgIds: [org[TEMA]!],
        refs: { userId: user['dispatch@tema-pharma.demo']!.id },
        actorUserId: user['admin@tema-pharma.demo']!.id,
      });
      await t.database.db.execute(
        sql`update events set created_at = ${`${inDays(days)}T12:00:00Z`}::timestamptz where id = ${e.id}`,
      );
      dated.push(e.id);
    }
    // Newest first by feed position: the events were written in this order, then back-dated.
    const window = await all(
      `/api/activity?type=staff.changed&from=${inDays(-2)}&to=${inDays(-1)}`,
      temaAdmin,
    );
    expect(window.map((i) => i.id)).toEqual([dated[1], dated[0]]);
    expect(window[0]!.description).toBe(
      `Roles changed for ${user['dispatch@tema-pharma.demo']!.name} by ${user['admin@tema-pharma.demo']!.name}`,
    );
    const oneDay = await all(`/api/activity?from=${inDays(-3)}&to=${inDays(-3)}`, temaAdmin);
    expect(oneDay.map((i) => i.id)).toContain(dated[2]);
    expect(oneDay.every((i) => i.createdAt.startsWith(inDays(-3)))).toBe(true);

    const stock = user['stock@tema-pharma.demo']!.name;
    const byName = await all(
      `/api/activity?actor=${encodeURIComponent(stock.split(' ')[0]!.toLowerCase())}`,
      temaAdmin,
    );
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((i) => i.actorName === stock)).toBe(true);
    const byEmail = await all('/api/activity?actor=STOCK%40tema', temaAdmin);
    expect(byEmail.map((i) => i.id)).toEqual(byName.map((i) => i.id));
    // The text is matched literally: % matches a percent sign, not everything.
    expect((await page('/api/activity?actor=%25', temaAdmin)).total).toBe(0);
  });

  it('pages by keyset with no duplicates or gaps while new events arrive between pages', async () => {
    for (let i = 0; i < 3; i++) await temaSync();
    const before = await all('/api/activity', temaAdmin);
    // About eight pages, whatever the demo's trail holds (Tema's is some 700 events): pages of 3 made
    // 235 requests, which a loaded machine could not finish in the test's time.
    const limit = Math.ceil(before.length / 8);
    expect(limit).toBeGreaterThan(1);
    const seen: number[] = [];
    let cursor: string | null = null;
    let first = true;
    let pages = 0;
    do {
      const p: ActivityPage = await page(
        `/api/activity?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        temaAdmin,
      );
      pages++;
      expect(p.items.length).toBeLessThanOrEqual(limit);
      if (first) expect(p.total).toBe(before.length);
      first = false;
      seen.push(...p.items.map((i) => i.id));
      cursor = p.nextCursor;
      // Someone keeps working meanwhile: newer events never slip into later pages.
      await recordEvent(t.database.db, {
        type: 'supplier.settings_changed',
        orgIds: [org[TEMA]!],
        refs: { supplierId: org[TEMA] },
        actorUserId: user['admin@tema-pharma.demo']!.id,
      });
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual(before.map((i) => i.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers 400 with field errors for a bad cursor, limit, type or dates', async () => {
    const bad = async (query: string, field: string) => {
      const res = await get(`/api/activity?${query}`, temaAdmin);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
      return res.json();
    };
    expect((await bad('cursor=not-a-cursor', 'cursor')).fieldErrors.cursor).toEqual([
      PAGINATION_MESSAGES.badCursor,
    ]);
    // Another list's cursor shape (a timestamp and a uuid) is refused too.
    await bad(
      `cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', org[TEMA]])).toString('base64url')}`,
      'cursor',
    );
    await bad('limit=0', 'limit');
    await bad('limit=201', 'limit');
    await bad('type=order.teleported', 'type');
    await bad('from=2026-02-30', 'from');
    await bad('from=2026-03-02&to=2026-03-01', 'from');
  });
});

describe('Activity of an order', () => {
  it('words drafting, approval, drop moves and payments with the order number, product and amount', async () => {
    const { productId, name } = await temaSync();
    const drop = (quantity: number) => ({
      addressName: `Branch ${quantity}`,
      address: '12 Ring Road, Accra',
      contactName: 'Ama Mensah',
      contactPhone: '+233 20 000 0000',
      quantity,
    });
    const call = (method: 'POST' | 'PATCH', url: string, authorization: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
    const drafted = await call('POST', '/api/orders', ama, {
      sellerId: org[TEMA],
      paymentTermMethod: 'mobile_money',
      productId,
      drops: [drop(10), drop(5)],
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const order = drafted.json() as { id: string; number: string; drops: { id: string }[] };
    expect((await call('POST', `/api/orders/${order.id}/approve`, ama)).statusCode).toBe(200);
    const dispatch = await t.login('dispatch@tema-pharma.demo', 'supplier');
    const shipped = await call('PATCH', `/api/orders/${order.id}/drops/${order.drops[0]!.id}`, dispatch, {
      status: 'Shipped',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await call('PATCH', `/api/orders/${order.id}/drops/${order.drops[1]!.id}`, dispatch, {
      status: 'Cancelled',
    });
    const invoiceId = (shipped.json() as { invoiceId: string }).invoiceId;
    const credit = await t.login('credit@tema-pharma.demo', 'supplier');
    const paid = await call('POST', `/api/invoices/${invoiceId}/payments`, credit, {
      amount: 50,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const invoiceNumber = (paid.json() as { number: string }).number;

    const items = (await page('/api/activity?limit=5', temaAdmin)).items;
    const buyer = user['buyer@accracare.demo']!.name;
    const clerk = user['dispatch@tema-pharma.demo']!.name;
    expect(items.map((i) => i.description)).toEqual([
      `${user['credit@tema-pharma.demo']!.name} recorded GH₵50.00 (Cash) on invoice ${invoiceNumber} from AccraCare Pharmacy`,
      `${clerk} cancelled drop 2 of order ${order.number}`,
      `${clerk} moved drop 1 of order ${order.number} to Shipped`,
      `${buyer} approved order ${order.number} for ${name}`,
      `${buyer} drafted order ${order.number} for ${name}`,
    ]);
    expect(items[0]!.organisations.map((o) => o.name)).toEqual(['AccraCare Pharmacy', TEMA]);
  });
});

describe('Activity of organisations and staff', () => {
  it('words toggles by the direction each one went, even when the same state is set twice, with the reason given', async () => {
    const kejetia = org['Kejetia Health Pharmacy']!;
    for (const [active, reason] of [
      [false, 'Pharmacy licence suspended by the Pharmacy Council'],
      [false, 'Still suspended'],
      [true, 'Suspension lifted'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/entities/${kejetia}/toggle`,
        headers: { authorization: platform },
        payload: { active, reason },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const toggles = (await page(`/api/activity?orgId=${kejetia}&type=organisation.toggled&limit=3`, platform))
      .items;
    expect(toggles.map((i) => i.description)).toEqual([
      'Customer Kejetia Health Pharmacy activated: “Suspension lifted”',
      'Customer Kejetia Health Pharmacy deactivated: “Still suspended”',
      'Customer Kejetia Health Pharmacy deactivated: “Pharmacy licence suspended by the Pharmacy Council”',
    ]);
    expect(toggles[0]!.refs).toMatchObject({
      organisationId: kejetia,
      active: true,
      reason: 'Suspension lifted',
    });
  });

  it('words staff changes by what happened: added, roles changed, removed', async () => {
    const email = `activity-staff-${Date.now().toString(36)}@tema-pharma.test`;
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/org/users',
      headers: { authorization: temaAdmin },
      payload: { name: 'Yaw Boakye', email, password: 'strong-pass-1', roles: ['InventoryManager'] },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = invited.json().id as string;
    const roles = await t.app.inject({
      method: 'PATCH',
      url: `/api/org/users/${id}/roles`,
      headers: { authorization: temaAdmin },
      payload: { roles: ['CreditApprover'] },
    });
    expect(roles.statusCode, roles.body).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/users/${id}`,
      headers: { authorization: temaAdmin },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const admin = user['admin@tema-pharma.demo']!.name;
    const staff = (await page('/api/activity?type=staff.changed&limit=3', temaAdmin)).items;
    expect(staff.map((i) => i.description)).toEqual([
      `${admin} removed a user`,
      // The user is gone, so the earlier changes can no longer name them.
      'Roles changed for a user since removed',
      `${admin} added a user since removed`,
    ]);
  });
});

describe('Activity of an event naming several organisations', () => {
  const ACCRACARE = 'AccraCare Pharmacy';
  const call = (method: 'POST' | 'DELETE', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  /** A fresh product, stocked with the same batch by each supplier whose token is given. */
  async function stockedByEach(stockers: string[], batchNumber: string) {
    const name = `Activity test product ${++seq}`;
    const created = await call('POST', '/api/products', temaStock, {
      name,
      brandName: 'Test',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '20 tablets',
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().id as string;
    for (const authorization of stockers) {
      const synced = await call('POST', '/api/inventory', authorization, {
        productId,
        quantity: 40,
        unitPrice: 12,
        moq: 1,
        expiryDate: inDays(300),
        batchNumber,
      });
      expect(synced.statusCode, synced.body).toBe(200);
    }
    return { productId, name };
  }

  const itemOf = async (eventId: number, authorization: string, type: string) => {
    const found = (await all(`/api/activity?type=${type}`, authorization)).find((i) => i.id === eventId);
    expect(found, `event ${eventId} in the activity`).toBeDefined();
    return found!;
  };

  it('shows each supplier of a platform recall only its own id; the platform sees every supplier', async () => {
    const { productId } = await stockedByEach([temaStock, medilink], 'ACT-R1');
    const declared = await call('POST', '/api/recalls', platform, {
      productId,
      batchNumbers: ['ACT-R1'],
      reason: 'Dissolution test failed at the manufacturer',
      severity: 'class_2',
    });
    expect(declared.statusCode, declared.body).toBe(201);
    const recallId = declared.json().id as string;
    const [event] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from events where type = 'recall.declared' and refs ->> 'recallId' = ${recallId}`,
    );

    const tema = await itemOf(event!.id, temaAdmin, 'recall.declared');
    expect(tema.refs).toEqual({ recallId, productIds: [productId], supplierIds: [org[TEMA]] });
    expect(tema.organisations).toEqual([{ id: org[TEMA], name: TEMA }]);
    const theirs = await itemOf(event!.id, medilink, 'recall.declared');
    expect(theirs.refs).toEqual({ recallId, productIds: [productId], supplierIds: [org[MEDILINK]] });
    expect(theirs.organisations).toEqual([{ id: org[MEDILINK], name: MEDILINK }]);
    expect(theirs.description).toBe(tema.description);

    const everyone = await itemOf(event!.id, platform, 'recall.declared');
    expect([...everyone.refs.supplierIds!].sort()).toEqual([org[TEMA], org[MEDILINK]].sort());
    expect(everyone.organisations.map((o) => o.name)).toEqual(expect.arrayContaining([TEMA, MEDILINK]));
  });

  it("never tells a supplier which orders and products a buyer's checkout placed with another supplier", async () => {
    const fromTema = await stockedByEach([temaStock], 'ACT-C1');
    const fromMedilink = await stockedByEach([medilink], 'ACT-C2');
    await call('DELETE', '/api/cart', ama);
    // Medilink's line first, so the event names its order and product before Tema's.
    for (const [productId, supplier] of [
      [fromMedilink.productId, MEDILINK],
      [fromTema.productId, TEMA],
    ] as const) {
      const added = await call('POST', '/api/cart/items', ama, {
        productId,
        supplierId: org[supplier],
        quantity: 5,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const checkout = await call('POST', '/api/cart/checkout', ama);
    expect(checkout.statusCode, checkout.body).toBe(201);
    const orders = checkout.json().orders as { id: string; number: string; supplierId?: string }[];
    expect(orders).toHaveLength(2);
    const [event] = await queryRows<{ id: number; productIds: string[] }>(
      t.database.db,
      sql`select id::int as id, refs -> 'productIds' as "productIds" from events
          where type = 'order.drafted' and refs -> 'orderIds' ? ${orders[0]!.id}`,
    );
    const numberOf = async (productId: string) =>
      (
        await queryRows<{ number: string }>(
          t.database.db,
          sql`select number from orders where id = any(${`{${orders.map((o) => o.id).join(',')}}`}::uuid[])
                and product_id = ${productId}`,
        )
      )[0]!.number;
    const buyer = user['buyer@accracare.demo']!.name;

    for (const [authorization, name, own] of [
      [temaAdmin, TEMA, fromTema],
      [medilink, MEDILINK, fromMedilink],
    ] as const) {
      const item = await itemOf(event!.id, authorization, 'order.drafted');
      // Its own order and product only, in the sentence as in the ids.
      expect(item.description).toBe(
        `${buyer} drafted order ${await numberOf(own.productId)} for ${own.name}`,
      );
      expect(item.refs).toEqual({ buyerId: org[ACCRACARE] });
      expect(item.organisations.map((o) => o.name).sort()).toEqual([ACCRACARE, name].sort());
    }
    const everyone = await itemOf(event!.id, platform, 'order.drafted');
    expect([...everyone.refs.orderIds!].sort()).toEqual(orders.map((o) => o.id).sort());
    expect([...everyone.refs.productIds!].sort()).toEqual(
      [fromTema.productId, fromMedilink.productId].sort(),
    );
    expect(event!.productIds).toHaveLength(2);
  });
});

describe('GET /api/activity.csv', () => {
  it('streams every filtered event as escaped CSV with download headers', async () => {
    await temaSync();
    const stockEmail = 'stock@tema-pharma.demo';
    const original = user[stockEmail]!.name;
    // A name a spreadsheet would run as a formula, with a comma and quotes in it.
    const hostile = '=HYPERLINK("x"), Kofi';
    await t.database.db.execute(sql`update users set name = ${hostile} where email = ${stockEmail}`);
    try {
      const res = await get('/api/activity.csv?actor=stock%40tema', temaAdmin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="activity.csv"');
      expect(res.body.startsWith('\uFEFFat,type,actor,organisation,description,apiKey\r\n')).toBe(true);
      const lines = res.body.slice(1).trimEnd().split('\r\n');
      const json = await all('/api/activity?actor=stock%40tema', temaAdmin);
      expect(lines.length).toBe(json.length + 1);
      const escaped = `"'=HYPERLINK(""x""), Kofi"`;
      expect(lines[1]).toBe(
        [
          json[0]!.createdAt,
          json[0]!.type,
          escaped,
          TEMA,
          `"'${json[0]!.description.replaceAll('"', '""')}"`,
          '',
        ].join(','),
      );
    } finally {
      await t.database.db.execute(sql`update users set name = ${original} where email = ${stockEmail}`);
    }
  });

  it('writes the whole set across batches of 500', async () => {
    const base = await all('/api/activity?type=lots.expiring', platform);
    await t.database.db.execute(sql`
      insert into events (type, org_ids, refs, dispatched_at)
      select 'lots.expiring', array[${org[MEDILINK]}::uuid], jsonb_build_object('supplierId', ${org[MEDILINK]}::text),
             clock_timestamp()
      from generate_series(1, 1203)`);
    const res = await get('/api/activity.csv?type=lots.expiring', platform);
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines.length).toBe(1 + base.length + 1203);
    expect(lines[1]).toContain(`0 lots of ${MEDILINK} expire within 30 days`);
    expect((await page('/api/activity?type=lots.expiring&limit=1', platform)).total).toBe(base.length + 1203);
  });

  it('refuses bad filters before streaming', async () => {
    const res = await get('/api/activity.csv?from=yesterday', temaAdmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.from).toBeDefined();
  });
});
