import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventAudience, EventRefs, EventType } from '@aduro/shared/events';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

let t: TestApp;
let ama: string;
let temaStock: string;
let temaDispatch: string;
let temaCredit: string;
let temaAdmin: string;
let medilink: string;
let platform: string;
const org: Record<string, string> = {};
const userId: Record<string, string> = {};

const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';
const ACCRACARE = 'AccraCare Pharmacy';
const NORTHSTAR = 'Northstar Medical Imports';
const KEJETIA = 'Kejetia Health Pharmacy';

beforeAll(async () => {
  t = await createTestApp();
  [ama, temaStock, temaDispatch, temaCredit, temaAdmin, medilink, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('credit@tema-pharma.demo', 'supplier'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
  for (const u of await queryRows<{ id: string; email: string }>(
    t.database.db,
    sql`select id, email from users`,
  )) {
    userId[u.email] = u.id;
  }
  // Room on AccraCare's line with Tema, so credit orders can be drafted and approved.
  await t.database.db.execute(sql`
    update credit_lines set credit_limit = 1000000, status = 'active'
    where customer_id = ${org[ACCRACARE]} and supplier_id = ${org[TEMA]}`);
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, authorization: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface Recorded extends Record<string, unknown> {
  type: EventType;
  orgIds: string[];
  audience: EventAudience[];
  refs: EventRefs;
  actorUserId: string | null;
}

async function lastEventId(): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select coalesce(max(id), 0)::text as id from events`,
  );
  return Number(row!.id);
}

/**
 * Runs one request and answers its response and the events recorded meanwhile (org ids sorted). The
 * notifications job records notifications.added for earlier tests' events whenever it gets to them
 * (notifications.api.test.ts pins that event), so it is no request's and is left out.
 */
async function recording(
  request: () => Promise<LightMyRequestResponse>,
): Promise<[LightMyRequestResponse, Recorded[]]> {
  const mark = await lastEventId();
  const res = await request();
  const events = await queryRows<Recorded>(
    t.database.db,
    sql`select type, array_to_json(array(select unnest(org_ids) order by 1)) as "orgIds",
               array_to_json(audience) as audience, refs, actor_user_id as "actorUserId"
        from events where id > ${mark} and type <> 'notifications.added' order by id`,
  );
  return [res, events];
}

/** The request succeeded with `status` and recorded exactly this event. */
function expectOne(
  [res, events]: [LightMyRequestResponse, Recorded[]],
  status: number,
  expected: {
    type: EventType;
    orgIds: (string | undefined)[];
    audience?: EventAudience[];
    refs: EventRefs;
    actorUserId?: string;
  },
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(events.map((e) => e.type)).toEqual([expected.type]);
  const [event] = events;
  expect(event!.orgIds).toEqual([...new Set(expected.orgIds)].sort());
  expect(event!.audience).toEqual(expected.audience ?? []);
  expect(event!.refs).toEqual(expected.refs);
  if (expected.actorUserId !== undefined) expect(event!.actorUserId).toBe(expected.actorUserId);
}

/** The request was refused with `status` and recorded nothing. */
function expectNone([res, events]: [LightMyRequestResponse, Recorded[]], status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(events).toEqual([]);
}

let seq = 0;
const newProduct = (authorization = temaStock) =>
  call('POST', '/api/products', authorization, {
    name: `Feed test product ${++seq}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
const sync = (productId: string, quantity: number, authorization = temaStock) =>
  call('POST', '/api/inventory', authorization, {
    productId,
    quantity,
    unitPrice: 10,
    moq: 1,
    expiryDate: inDays(365),
  });

/** A fresh product the supplier stocks `quantity` units of. */
async function stocked(quantity: number, authorization = temaStock): Promise<string> {
  const created = await newProduct(authorization);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await sync(id, quantity, authorization)).statusCode).toBe(200);
  return id;
}

const drop = (quantity: number) => ({
  addressName: `Branch ${quantity}`,
  address: '12 Ring Road, Accra',
  quantity,
});
interface DraftedOrder {
  id: string;
  drops: { id: string }[];
}
async function draft(
  productId: string,
  quantities: number[],
  paymentTermMethod = 'mobile_money',
): Promise<DraftedOrder> {
  const res = await call('POST', '/api/orders', ama, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod,
    drops: quantities.map(drop),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function invoiceOf(orderId: string) {
  const [row] = await queryRows<{ id: string; line: string | null }>(
    t.database.db,
    sql`select id, credit_line_id as line from invoices where order_id = ${orderId}`,
  );
  return row!;
}
const approve = (orderId: string) => call('POST', `/api/orders/${orderId}/approve`, ama);
const move = (order: DraftedOrder, sequence: number, status: string) =>
  call('PATCH', `/api/orders/${order.id}/drops/${order.drops[sequence - 1]!.id}`, temaDispatch, { status });

describe('offers', () => {
  it('adding a product records product.created for its supplier, visible to every buyer', async () => {
    const recorded = await recording(() => newProduct());
    expectOne(recorded, 201, {
      type: 'product.created',
      orgIds: [org[TEMA]],
      audience: ['customer'],
      refs: { supplierId: org[TEMA], productIds: [recorded[0].json().id] },
    });
  });

  it('an inventory sync records inventory.synced for the supplier, visible to every buyer', async () => {
    const productId = (await newProduct()).json().id as string;
    const recorded = await recording(() => sync(productId, 40));
    expectOne(recorded, 200, {
      type: 'inventory.synced',
      orgIds: [org[TEMA]],
      audience: ['customer'],
      refs: { supplierId: org[TEMA], productIds: [productId], lotId: recorded[0].json().id },
    });
  });

  it('saving trading terms records supplier.settings_changed, visible to every buyer', async () => {
    const current = (await call('GET', '/api/org/settings', medilink)).json();
    expectOne(await recording(() => call('PATCH', '/api/org/settings', medilink, current)), 200, {
      type: 'supplier.settings_changed',
      orgIds: [org[MEDILINK]],
      audience: ['customer'],
      refs: { supplierId: org[MEDILINK] },
    });
  });

  it('a refused sync, duplicate product or invalid terms records nothing', async () => {
    expectNone(await recording(() => sync('00000000-0000-4000-8000-000000000000', 5)), 404);
    const name = `Feed duplicate ${++seq}`;
    const body = { name, brandName: 'Test', category: 'Tests', unitOfMeasure: 'Box', itemsPerUnit: '10' };
    expect((await call('POST', '/api/products', temaStock, body)).statusCode).toBe(201);
    expectNone(await recording(() => call('POST', '/api/products', temaStock, body)), 409);
    expectNone(
      await recording(() => call('PATCH', '/api/org/settings', medilink, { paymentTerms: '' })),
      400,
    );
  });
});

describe('the cart', () => {
  const line = (productId: string, supplier = TEMA) => ({
    productId,
    supplierId: org[supplier],
    quantity: 5,
  });
  const cartChanged = () => ({
    type: 'cart.changed' as const,
    orgIds: [org[ACCRACARE]],
    refs: { buyerId: org[ACCRACARE] },
    actorUserId: userId['buyer@accracare.demo'],
  });

  it('adding, removing and clearing lines each record cart.changed for the buyer only', async () => {
    const productId = await stocked(100);
    const added = await recording(() => call('POST', '/api/cart/items', ama, line(productId)));
    expectOne(added, 201, cartChanged());
    const lineId = (added[0].json().items as { id: string; productId: string }[]).find(
      (i) => i.productId === productId,
    )!.id;
    expectOne(await recording(() => call('DELETE', `/api/cart/items/${lineId}`, ama)), 200, cartChanged());
    expectOne(await recording(() => call('DELETE', '/api/cart', ama)), 200, cartChanged());
  });

  it('a checkout records cart.changed and one order.drafted naming the buyer and every seller', async () => {
    await call('DELETE', '/api/cart', ama);
    const fromTema = await stocked(100);
    const fromMedilink = await stocked(100, medilink);
    expect((await call('POST', '/api/cart/items', ama, line(fromTema))).statusCode).toBe(201);
    expect((await call('POST', '/api/cart/items', ama, line(fromMedilink, MEDILINK))).statusCode).toBe(201);

    const [res, events] = await recording(() => call('POST', '/api/cart/checkout', ama));
    expect(res.statusCode, res.body).toBe(201);
    expect(events.map((e) => e.type)).toEqual(['cart.changed', 'order.drafted']);
    const orderIds = (res.json().orders as { id: string }[]).map((o) => o.id);
    expect(orderIds).toHaveLength(2);
    expect(events[0]).toMatchObject({ orgIds: [org[ACCRACARE]], refs: { buyerId: org[ACCRACARE] } });
    const drafted = events[1]!;
    expect(drafted.orgIds).toEqual([org[ACCRACARE], org[TEMA], org[MEDILINK]].sort());
    expect(drafted.audience).toEqual([]);
    // Two sellers: the event names no single supplier.
    expect(drafted.refs).toEqual({
      buyerId: org[ACCRACARE],
      orderIds: expect.arrayContaining(orderIds),
      productIds: expect.arrayContaining([fromTema, fromMedilink]),
    });
    expect(drafted.refs.orderIds).toHaveLength(2);
    expect(drafted.actorUserId).toBe(userId['buyer@accracare.demo']);
  });

  it('a refused line or an empty checkout records nothing', async () => {
    await call('DELETE', '/api/cart', ama);
    const unoffered = (await newProduct()).json().id as string;
    expectNone(await recording(() => call('POST', '/api/cart/items', ama, line(unoffered))), 409);
    expectNone(await recording(() => call('POST', '/api/cart/checkout', ama)), 400);
    expectNone(
      await recording(() => call('DELETE', '/api/cart/items/00000000-0000-4000-8000-000000000000', ama)),
      404,
    );
  });
});

describe('orders', () => {
  it('drafting an order records order.drafted for the buyer and the seller', async () => {
    const productId = await stocked(50);
    const recorded = await recording(() =>
      call('POST', '/api/orders', ama, {
        sellerId: org[TEMA],
        productId,
        paymentTermMethod: 'mobile_money',
        drops: [drop(3)],
      }),
    );
    expectOne(recorded, 201, {
      type: 'order.drafted',
      orgIds: [org[ACCRACARE], org[TEMA]],
      refs: {
        buyerId: org[ACCRACARE],
        supplierId: org[TEMA],
        orderIds: [recorded[0].json().id],
        productIds: [productId],
      },
      actorUserId: userId['buyer@accracare.demo'],
    });
  });

  it('approving records order.released for both sides, visible to every buyer, naming invoice and line', async () => {
    const productId = await stocked(50);
    const order = await draft(productId, [4], 'credit_facility');
    const recorded = await recording(() => approve(order.id));
    const invoice = await invoiceOf(order.id);
    expect(invoice.line).not.toBeNull();
    expectOne(recorded, 200, {
      type: 'order.released',
      orgIds: [org[ACCRACARE], org[TEMA]],
      audience: ['customer'],
      refs: {
        buyerId: org[ACCRACARE],
        supplierId: org[TEMA],
        orderIds: [order.id],
        productIds: [productId],
        invoiceId: invoice.id,
        creditLineId: invoice.line!,
      },
      actorUserId: userId['buyer@accracare.demo'],
    });
  });

  it('approving an already approved order, or one short of stock, records nothing', async () => {
    const productId = await stocked(5);
    const first = await draft(productId, [5]);
    const second = await draft(productId, [5]);
    expect((await approve(first.id)).statusCode).toBe(200);
    expectNone(await recording(() => approve(first.id)), 409);
    expectNone(await recording(() => approve(second.id)), 409);
  });

  it('cancelling a draft records order.cancelled for both sides', async () => {
    const productId = await stocked(20);
    const order = await draft(productId, [2]);
    expectOne(await recording(() => call('POST', `/api/orders/${order.id}/cancel`, ama)), 200, {
      type: 'order.cancelled',
      orgIds: [org[ACCRACARE], org[TEMA]],
      refs: {
        buyerId: org[ACCRACARE],
        supplierId: org[TEMA],
        orderIds: [order.id],
        productIds: [productId],
      },
      actorUserId: userId['buyer@accracare.demo'],
    });
    expectNone(await recording(() => call('POST', `/api/orders/${order.id}/cancel`, ama)), 409);
  });

  it('shipping a drop records drop.moved for both sides, visible to every buyer', async () => {
    const productId = await stocked(20);
    const order = await draft(productId, [2, 3]);
    expect((await approve(order.id)).statusCode).toBe(200);
    expectOne(await recording(() => move(order, 1, 'Shipped')), 200, {
      type: 'drop.moved',
      orgIds: [org[ACCRACARE], org[TEMA]],
      audience: ['customer'],
      refs: {
        buyerId: org[ACCRACARE],
        supplierId: org[TEMA],
        orderIds: [order.id],
        dropId: order.drops[0]!.id,
        historyId: expect.any(Number),
        productIds: [productId],
      },
      actorUserId: userId['dispatch@tema-pharma.demo'],
    });
    // Skipping a step is refused and records nothing.
    expectNone(await recording(() => move(order, 2, 'Delivered')), 409);
  });

  it('cancelling a credit drop records one drop.moved naming the invoice and the line it changed', async () => {
    const productId = await stocked(20);
    const order = await draft(productId, [2, 3], 'credit_facility');
    expect((await approve(order.id)).statusCode).toBe(200);
    const invoice = await invoiceOf(order.id);
    expectOne(await recording(() => move(order, 2, 'Cancelled')), 200, {
      type: 'drop.moved',
      orgIds: [org[ACCRACARE], org[TEMA]],
      audience: ['customer'],
      refs: {
        buyerId: org[ACCRACARE],
        supplierId: org[TEMA],
        orderIds: [order.id],
        dropId: order.drops[1]!.id,
        historyId: expect.any(Number),
        productIds: [productId],
        invoiceId: invoice.id,
        creditLineId: invoice.line!,
      },
    });
  });

  it('cancelling the last drop cancels the order and still records a single drop.moved', async () => {
    const productId = await stocked(20);
    const order = await draft(productId, [2]);
    expect((await approve(order.id)).statusCode).toBe(200);
    const invoice = await invoiceOf(order.id);
    const recorded = await recording(() => move(order, 1, 'Cancelled'));
    expect(recorded[0].json().status).toBe('CANCELLED');
    expectOne(recorded, 200, {
      type: 'drop.moved',
      orgIds: [org[ACCRACARE], org[TEMA]],
      audience: ['customer'],
      refs: {
        buyerId: org[ACCRACARE],
        supplierId: org[TEMA],
        orderIds: [order.id],
        dropId: order.drops[0]!.id,
        historyId: expect.any(Number),
        productIds: [productId],
        invoiceId: invoice.id,
      },
    });
  });
});

describe('credit and payments', () => {
  const apply = () =>
    call('POST', '/api/credit/applications', ama, { supplierId: org[MEDILINK], requestedLimit: 20_000 });
  const customerAndSupplier = () => ({
    orgIds: [org[ACCRACARE], org[MEDILINK]],
    refs: { buyerId: org[ACCRACARE], supplierId: org[MEDILINK] },
  });

  beforeAll(async () => {
    // No pending application of AccraCare's to Medilink, so each test may apply.
    await t.database.db.execute(sql`
      update credit_applications set status = 'rejected', decided_at = now()
      where customer_id = ${org[ACCRACARE]} and supplier_id = ${org[MEDILINK]} and status = 'pending'`);
  });

  it('applying records credit.application_submitted for the customer and the supplier', async () => {
    const recorded = await recording(apply);
    const { orgIds, refs } = customerAndSupplier();
    expectOne(recorded, 201, {
      type: 'credit.application_submitted',
      orgIds,
      refs: { ...refs, applicationId: recorded[0].json().id },
      actorUserId: userId['buyer@accracare.demo'],
    });
    // A second pending application is refused and records nothing.
    expectNone(await recording(apply), 409);
  });

  it('approving records credit.decided naming the line; deciding twice records nothing', async () => {
    await t.database.db.execute(sql`
      update credit_applications set status = 'rejected', decided_at = now()
      where customer_id = ${org[ACCRACARE]} and supplier_id = ${org[MEDILINK]} and status = 'pending'`);
    const id = (await apply()).json().id as string;
    const recorded = await recording(() =>
      call('POST', `/api/credit/applications/${id}/approve`, medilink, { limit: 20_000 }),
    );
    const [line] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from credit_lines where customer_id = ${org[ACCRACARE]} and supplier_id = ${org[MEDILINK]}`,
    );
    const { orgIds, refs } = customerAndSupplier();
    expectOne(recorded, 200, {
      type: 'credit.decided',
      orgIds,
      refs: { ...refs, applicationId: id, creditLineId: line!.id },
      actorUserId: userId['admin@accra-medilink.demo'],
    });
    expectNone(await recording(() => call('POST', `/api/credit/applications/${id}/reject`, medilink)), 409);
  });

  it('rejecting records credit.decided without a line', async () => {
    const id = (await apply()).json().id as string;
    const { orgIds, refs } = customerAndSupplier();
    expectOne(await recording(() => call('POST', `/api/credit/applications/${id}/reject`, medilink)), 200, {
      type: 'credit.decided',
      orgIds,
      refs: { ...refs, applicationId: id },
    });
  });

  it('a payment records payment.recorded for both sides, naming the invoice and its line', async () => {
    const productId = await stocked(20);
    const order = await draft(productId, [3], 'credit_facility');
    expect((await approve(order.id)).statusCode).toBe(200);
    const invoice = await invoiceOf(order.id);
    const pay = (amount: number) =>
      call('POST', `/api/invoices/${invoice.id}/payments`, temaCredit, { amount, method: 'cash' });
    expectOne(await recording(() => pay(5)), 201, {
      type: 'payment.recorded',
      orgIds: [org[ACCRACARE], org[TEMA]],
      refs: {
        buyerId: org[ACCRACARE],
        supplierId: org[TEMA],
        invoiceId: invoice.id,
        creditLineId: invoice.line!,
      },
      actorUserId: userId['credit@tema-pharma.demo'],
    });
    // More than is due is refused and records nothing.
    expectNone(await recording(() => pay(1_000_000)), 400);
  });
});

describe('organisations and staff', () => {
  const toggle = (name: string, active: boolean) =>
    call('PATCH', `/api/admin/entities/${org[name]}/toggle`, platform, { active, reason: 'Events test' });

  it('toggling a supplier records organisation.toggled for the platform and every buyer', async () => {
    for (const active of [true, false]) {
      expectOne(await recording(() => toggle(NORTHSTAR, active)), 200, {
        type: 'organisation.toggled',
        orgIds: [org[NORTHSTAR]],
        audience: ['platform', 'customer'],
        refs: { organisationId: org[NORTHSTAR], active, reason: 'Events test', supplierId: org[NORTHSTAR] },
      });
    }
  });

  it('toggling a customer records organisation.toggled for the platform only', async () => {
    for (const active of [false, true]) {
      expectOne(await recording(() => toggle(KEJETIA, active)), 200, {
        type: 'organisation.toggled',
        orgIds: [org[KEJETIA]],
        audience: ['platform'],
        refs: { organisationId: org[KEJETIA], active, reason: 'Events test' },
      });
    }
    expectNone(
      await recording(() =>
        call('PATCH', '/api/admin/entities/00000000-0000-4000-8000-000000000000/toggle', platform, {
          active: true,
          reason: 'Events test',
        }),
      ),
      404,
    );
  });

  it('inviting, changing roles and removing a user each record staff.changed for the organisation', async () => {
    const admin = userId['admin@tema-pharma.demo'];
    const email = `feed-${Date.now().toString(36)}@tema-pharma.test`;
    const body = { name: 'Esi Owusu', email, password: 'strong-pass-1', roles: ['InventoryManager'] };
    const invited = await recording(() => call('POST', '/api/org/users', temaAdmin, body));
    const newUser = invited[0].json().id as string;
    const changed = { type: 'staff.changed' as const, orgIds: [org[TEMA]], actorUserId: admin };
    expectOne(invited, 201, { ...changed, refs: { userId: newUser, staffChange: 'added' } });
    expectNone(await recording(() => call('POST', '/api/org/users', temaAdmin, body)), 409);

    expectOne(
      await recording(() =>
        call('PATCH', `/api/org/users/${newUser}/roles`, temaAdmin, { roles: ['CreditApprover'] }),
      ),
      200,
      { ...changed, refs: { userId: newUser, staffChange: 'roles_changed' } },
    );
    expectOne(await recording(() => call('DELETE', `/api/org/users/${newUser}`, temaAdmin)), 204, {
      ...changed,
      refs: { userId: newUser, staffChange: 'removed' },
    });
    expectNone(await recording(() => call('DELETE', `/api/org/users/${admin}`, temaAdmin)), 409);
  });

  it('changing a password and signing out everywhere each record account.sessions_ended for the user only', async () => {
    const email = `sessions-${Date.now().toString(36)}@tema-pharma.test`;
    const invited = await call('POST', '/api/org/users', temaAdmin, {
      name: 'Kofi Sarpong',
      email,
      password: 'strong-pass-1',
      roles: ['InventoryManager'],
    });
    const user = invited.json().id as string;
    const ended = { type: 'account.sessions_ended' as const, orgIds: [org[TEMA]], refs: { userId: user } };
    let token = await t.login(email, 'supplier', 'strong-pass-1');

    expectNone(
      await recording(() =>
        call('POST', '/api/auth/password', token, {
          currentPassword: 'wrong-pass',
          newPassword: 'strong-pass-2',
        }),
      ),
      400,
    );
    const changed = await recording(() =>
      call('POST', '/api/auth/password', token, {
        currentPassword: 'strong-pass-1',
        newPassword: 'strong-pass-2',
      }),
    );
    expectOne(changed, 200, { ...ended, actorUserId: user });
    token = `Bearer ${changed[0].json().accessToken as string}`;
    expectOne(await recording(() => call('POST', '/api/auth/sign-out-everywhere', token)), 204, {
      ...ended,
      actorUserId: user,
    });
  });
});
