import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COMPLIANCE_MESSAGES,
  CONTROLLED_REGISTER_CSV_COLUMNS,
  controlledRegisterSchema,
  controlledSignoffSchema,
  type ControlledRegisterEntry,
} from '@aduro/shared/compliance';
import { todayUtc } from '@aduro/shared/inventory';
import { orderDetailSchema, orderSchema, ordersPageSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { refusalMessage } from './eligibility.ts';

// docs/domain.md "Controlled drugs": a released order of a controlled drug ships only once a Pharmacist
// of the seller has signed it off, and every sign-off writes the append-only controlled register. Every
// fixture here is made by the test (product, stock, licence, pharmacists), not read from the demo.

let t: TestApp;
let ama: string;
let temaAdmin: string;
let temaStock: string;
let temaDispatch: string;
let medilinkAdmin: string;
let platform: string;
let pharmacist: string;
let medilinkPharmacist: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const PHARMACIST = 'Abena Sarpong';
const LICENCE = 'PC/RP/CD-TEST-1';
const AUTHORISATION = 'NACOC/CD-TEST-1';
let accracare: { id: string; name: string };
let approverName: string;

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

/** A supplier user of the admin's organisation holding the Pharmacist role alone, signed in. */
async function invitePharmacist(admin: string, name: string, email: string): Promise<string> {
  const res = await call('POST', '/api/org/users', admin, {
    name,
    email,
    password: 'strong-pass-1',
    roles: ['Pharmacist'],
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().roles.map((r: { role: { name: string } }) => r.role.name)).toEqual(['Pharmacist']);
  return t.login(email, 'supplier', 'strong-pass-1');
}

/** AccraCare's licence, verified, with a verified controlled-drugs authorisation (or without it). */
async function licence(controlledAuthorised = true) {
  await t.database.db.execute(sql`
    insert into licence_records (org_id, kind, number, expires_on, status, reviewed_at,
                                 controlled_authorisation_number, controlled_authorisation_expires_on,
                                 controlled_authorised)
    values (${accracare.id}, 'retail_pharmacy', ${LICENCE}, ${inDays(365)}::date, 'verified', now(),
            ${AUTHORISATION}, ${inDays(365)}::date, ${controlledAuthorised})
    on conflict (org_id) do update set
      kind = excluded.kind, number = excluded.number, expires_on = excluded.expires_on,
      status = excluded.status, reason = null, reviewed_at = excluded.reviewed_at,
      controlled_authorisation_number = excluded.controlled_authorisation_number,
      controlled_authorisation_expires_on = excluded.controlled_authorisation_expires_on,
      controlled_authorised = excluded.controlled_authorised`);
}

beforeAll(async () => {
  t = await createTestApp();
  [ama, temaAdmin, temaStock, temaDispatch, medilinkAdmin, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
  // The buyer, and its user who approves (and so is named the approver in the register).
  const [buyer] = await queryRows<{ id: string; name: string; approver: string }>(
    t.database.db,
    sql`select o.id, o.name, u.name as approver from organizations o join users u on u.org_id = o.id
        where u.email = 'buyer@accracare.demo'`,
  );
  accracare = { id: buyer!.id, name: buyer!.name };
  approverName = buyer!.approver;
  pharmacist = await invitePharmacist(temaAdmin, PHARMACIST, 'abena.sarpong@cd-test.example');
  medilinkPharmacist = await invitePharmacist(medilinkAdmin, 'Yaw Owusu', 'yaw.owusu@cd-test.example');
  await licence();
});

afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  // Every event's jobs are finished before the database closes under them.
  await t.app.eventJobs.dispatch();
  await vi.waitFor(
    async () => {
      const [left] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from pgboss.job
            where state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (left!.n > 0) throw new Error(`${left!.n} jobs are still waiting or running`);
    },
    { timeout: 60_000, interval: 100 },
  );
  await t.close();
});

let seq = 0;
/** A Tema product, controlled (narcotic, class A) unless told otherwise, with Tema's offer and lots. */
async function product(
  lots: { batch: string; quantity: number; days: number }[],
  controlled: 'narcotic' | null = 'narcotic',
): Promise<{ id: string; name: string }> {
  const name = `Controlled register product ${++seq}`;
  const res = await call('POST', '/api/products', temaStock, {
    name,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await t.database.db.execute(
    sql`update products set medicine_class = 'A', controlled = ${controlled} where id = ${id}`,
  );
  await t.database.db.execute(sql`
    insert into offers (supplier_id, product_id, unit_price, moq) values (${org[TEMA]}, ${id}, 10, 1)
    on conflict do nothing`);
  for (const lot of lots) {
    await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${org[TEMA]}, ${id}, ${lot.batch}, ${inDays(lot.days)}::date, ${lot.quantity})`);
  }
  return { id, name };
}

async function drafted(productId: string, drops: number[]): Promise<Order> {
  const res = await call('POST', '/api/orders', ama, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod: 'mobile_money',
    minShelfLifeDays: 0,
    drops: drops.map((quantity, i) => ({
      addressName: `Branch ${i + 1}`,
      address: `${i + 1} Ring Road, Accra`,
      quantity,
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

async function released(productId: string, drops: number[]): Promise<Order> {
  const order = await drafted(productId, drops);
  const res = await call('POST', `/api/orders/${order.id}/approve`, ama);
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

const signOff = (order: Order, token = pharmacist) =>
  call('POST', `/api/orders/${order.id}/controlled-signoff`, token);
const ship = (order: Order, index: number) =>
  call('PATCH', `/api/orders/${order.id}/drops/${order.drops[index]!.id}`, temaDispatch, {
    status: 'Shipped',
  });

async function orderOf(id: string, token = pharmacist) {
  const res = await call('GET', `/api/orders/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return orderDetailSchema.parse(res.json());
}

const registerRows = () =>
  queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from controlled_register`).then(
    (rows) => rows[0]!.n,
  );

const byDropAndBatch = (a: ControlledRegisterEntry, b: ControlledRegisterEntry) =>
  a.dropId.localeCompare(b.dropId) || (a.batchNumber ?? '').localeCompare(b.batchNumber ?? '');

describe('the Pharmacist role', () => {
  it('is offered to supplier Admins, granted by a role change, and grants sign_off_controlled alone', async () => {
    const roles = await call('GET', '/api/org/users/roles', temaAdmin);
    expect(roles.statusCode, roles.body).toBe(200);
    expect(roles.json().find((r: { name: string }) => r.name === 'Pharmacist')).toMatchObject({
      permissions: ['sign_off_controlled'],
    });
    const invited = await call('POST', '/api/org/users', temaAdmin, {
      name: 'Kofi Clerk',
      email: 'kofi.clerk@cd-test.example',
      password: 'strong-pass-1',
      roles: ['ShippingClerk'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const changed = await call('PATCH', `/api/org/users/${invited.json().id}/roles`, temaAdmin, {
      roles: ['ShippingClerk', 'Pharmacist'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const token = await t.login('kofi.clerk@cd-test.example', 'supplier', 'strong-pass-1');
    const me = await call('GET', '/api/auth/me', token);
    expect(me.json().permissions).toEqual(['manage_shipping', 'sign_off_controlled']);
  });
});

describe('a Pharmacist signs off a released order of a controlled drug', () => {
  let p: { id: string; name: string };
  let order: Order;
  let entries: ControlledRegisterEntry[];

  beforeAll(async () => {
    p = await product([
      { batch: 'CD-A', quantity: 15, days: 200 },
      { batch: 'CD-B', quantity: 100, days: 400 },
    ]);
    // First expiry first out: drop 1 takes 10 of CD-A, drop 2 the last 5 of CD-A and 5 of CD-B.
    order = await released(p.id, [10, 10]);
  });

  it('refuses to ship a drop before the sign-off, and shows the order awaiting it', async () => {
    const res = await ship(order, 0);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONTROLLED_SIGNOFF_REQUIRED',
      message: COMPLIANCE_MESSAGES.signoffRequired(p.name, order.number),
    });
    const seen = await orderOf(order.id);
    expect(seen.product).toMatchObject({ id: p.id, medicineClass: 'A', controlled: 'narcotic' });
    expect(seen.controlledSignoff).toEqual({ signedOff: false, signedOffAt: null, pharmacistName: null });
    expect(seen.drops.map((d) => d.status)).toEqual(['Awaiting Dispatch', 'Awaiting Dispatch']);
  });

  it('writes one register entry per batch of each drop, with every field copied in', async () => {
    const res = await signOff(order);
    expect(res.statusCode, res.body).toBe(200);
    const answer = controlledSignoffSchema.parse(res.json());
    expect(answer.orderId).toBe(order.id);
    entries = [...answer.entries].sort(byDropAndBatch);
    const common = {
      entryDate: todayUtc(),
      signedOffAt: expect.any(String),
      supplierId: org[TEMA]!,
      supplierName: TEMA,
      orderId: order.id,
      orderNumber: order.number,
      productId: p.id,
      productName: p.name,
      controlled: 'narcotic' as const,
      buyerId: accracare.id,
      buyerName: accracare.name,
      buyerLicenceNumber: LICENCE,
      buyerAuthorisationNumber: AUTHORISATION,
      approverName,
      pharmacistName: PHARMACIST,
    };
    const [one, two] = order.drops as [Order['drops'][number], Order['drops'][number]];
    const expected = [
      { dropId: one.id, batchNumber: 'CD-A', quantity: 10 },
      { dropId: two.id, batchNumber: 'CD-A', quantity: 5 },
      { dropId: two.id, batchNumber: 'CD-B', quantity: 5 },
    ].map((e) => ({ ...common, id: expect.any(String), ...e }));
    expect(entries).toEqual(expected.sort(byDropAndBatch));
    expect(new Set(entries.map((e) => e.signedOffAt)).size).toBe(1);
  });

  it('tells the order signed off, in its history and the activity trail', async () => {
    const seen = await orderOf(order.id, ama);
    expect(seen.controlledSignoff).toEqual({
      signedOff: true,
      signedOffAt: entries[0]!.signedOffAt,
      pharmacistName: PHARMACIST,
    });
    expect(seen.history.at(-1)).toMatchObject({
      kind: 'status',
      actorName: PHARMACIST,
      toStatus: 'CONTROLLED_SIGNED_OFF',
      note: '3 controlled register entries written',
    });
    const events = await queryRows<{ orgIds: string[] }>(
      t.database.db,
      sql`select org_ids as "orgIds" from events
          where type = 'controlled.signed_off' and refs -> 'orderIds' @> ${JSON.stringify([order.id])}::jsonb`,
    );
    expect(events.map((e) => [...e.orgIds].sort())).toEqual([[accracare.id, org[TEMA]].sort()]);
    const trail = await call('GET', '/api/activity?type=controlled.signed_off&limit=5', temaAdmin);
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().items[0].description).toBe(
      `${PHARMACIST} signed off order ${order.number} of ${p.name} for ${accracare.name} in the controlled register`,
    );
  });

  it('lets the signed-off drops ship, and has nothing more to sign', async () => {
    const shipped = await ship(order, 0);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const again = await signOff(order);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NOTHING_TO_SIGN_OFF',
      message: COMPLIANCE_MESSAGES.nothingToSignOff(order.number),
    });
  });
});

describe('a drop re-picked after its sign-off', () => {
  it('needs a new sign-off of its new batch before it ships', async () => {
    const p = await product([
      { batch: 'RP-1', quantity: 10, days: 200 },
      { batch: 'RP-2', quantity: 50, days: 400 },
    ]);
    const order = await released(p.id, [10]);
    const first = await signOff(order);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().entries.map((e: ControlledRegisterEntry) => e.batchNumber)).toEqual(['RP-1']);

    const recalled = await call('POST', '/api/recalls', temaStock, {
      productId: p.id,
      batchNumbers: ['RP-1'],
      reason: 'Particles found in retained samples',
      severity: 'class_1',
    });
    expect(recalled.statusCode, recalled.body).toBe(201);
    const repicked = await call(
      'POST',
      `/api/orders/${order.id}/drops/${order.drops[0]!.id}/repick`,
      temaDispatch,
    );
    expect(repicked.statusCode, repicked.body).toBe(200);

    // The recall no longer holds the drop: the missing sign-off of its new batch does.
    const refused = await ship(order, 0);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('CONTROLLED_SIGNOFF_REQUIRED');
    expect((await orderOf(order.id)).controlledSignoff).toMatchObject({
      signedOff: false,
      pharmacistName: PHARMACIST,
    });

    const second = await signOff(order);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().entries.map((e: ControlledRegisterEntry) => [e.batchNumber, e.quantity])).toEqual([
      ['RP-2', 10],
    ]);
    expect((await orderOf(order.id)).controlledSignoff).toMatchObject({ signedOff: true });
    const shipped = await ship(order, 0);
    expect(shipped.statusCode, shipped.body).toBe(200);

    // The first entry stays: the register is what was signed, not what is left.
    const own = await call('GET', '/api/controlled-register', pharmacist);
    const ofOrder = controlledRegisterSchema
      .parse(own.json())
      .entries.filter((e) => e.orderId === order.id)
      .map((e) => e.batchNumber);
    expect(ofOrder).toEqual(['RP-2', 'RP-1']);
  });
});

describe('what a sign-off refuses', () => {
  it('answers NOT_CONTROLLED for an order of a product that is not controlled, which ships unsigned', async () => {
    const p = await product([{ batch: 'NC-1', quantity: 20, days: 300 }], null);
    const order = await released(p.id, [5]);
    const res = await signOff(order);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NOT_CONTROLLED',
      message: COMPLIANCE_MESSAGES.notControlled(order.number),
    });
    expect((await orderOf(order.id)).controlledSignoff).toBeNull();
    const shipped = await ship(order, 0);
    expect(shipped.statusCode, shipped.body).toBe(200);
  });

  it('answers NOTHING_TO_SIGN_OFF for an order not released yet', async () => {
    const p = await product([{ batch: 'NR-1', quantity: 20, days: 300 }]);
    const order = await drafted(p.id, [5]);
    const before = await registerRows();
    const res = await signOff(order);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NOTHING_TO_SIGN_OFF',
      message: COMPLIANCE_MESSAGES.signoffNotReleased(order.number),
    });
    expect(await registerRows()).toBe(before);
  });

  it('refuses while the buyer’s controlled-drugs authorisation is withdrawn, and writes nothing', async () => {
    const p = await product([{ batch: 'AU-1', quantity: 20, days: 300 }]);
    const order = await released(p.id, [5]);
    await licence(false);
    try {
      const before = await registerRows();
      const res = await signOff(order);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONTROLLED_NOT_AUTHORISED',
        message: refusalMessage('CONTROLLED_NOT_AUTHORISED', {
          name: p.name,
          medicineClass: 'A',
          controlled: 'narcotic',
          fdaRegistrationExpiresOn: null,
        }),
      });
      expect(await registerRows()).toBe(before);
    } finally {
      await licence(true);
    }
  });

  it('lets only the seller’s Pharmacists sign: Admins and shipping staff 403, another supplier 404', async () => {
    const p = await product([{ batch: 'WHO-1', quantity: 20, days: 300 }]);
    const order = await released(p.id, [5]);
    const before = await registerRows();
    for (const [who, token, status] of [
      ['Tema Admin', temaAdmin, 403],
      ['Tema shipping', temaDispatch, 403],
      ['the buyer', ama, 403],
      ['the platform', platform, 403],
      ['Medilink Admin', medilinkAdmin, 403],
      ['Medilink Pharmacist', medilinkPharmacist, 404],
    ] as const) {
      const res = await signOff(order, token);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    }
    expect(await registerRows()).toBe(before);
    expect((await signOff(order)).statusCode).toBe(200);
  });
});

describe('the order as its parties read it', () => {
  it('lets a Pharmacist read the orders its organisation sells, and only those', async () => {
    const list = await call('GET', '/api/orders', pharmacist);
    expect(list.statusCode, list.body).toBe(200);
    const orders = list.json() as Order[];
    expect(orders.length).toBeGreaterThan(0);
    expect(new Set(orders.map((o) => o.seller.id))).toEqual(new Set([org[TEMA]]));
    const theirs = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from orders where seller_org_id <> ${org[TEMA]} limit 1`,
    );
    expect((await call('GET', `/api/orders/${theirs[0]!.id}`, pharmacist)).statusCode).toBe(404);
  });

  it('tells the buyer of an order awaiting approval whether it may release it, by the same rule', async () => {
    const p = await product([{ batch: 'EL-1', quantity: 20, days: 300 }]);
    const order = await drafted(p.id, [5]);
    const eligibilityIn = async (token: string) => {
      const one = await call('GET', `/api/orders/${order.id}`, token);
      const page = await call(
        'GET',
        `/api/orders/page?limit=200&product=${encodeURIComponent(p.name)}`,
        token,
      );
      expect(page.statusCode, page.body).toBe(200);
      const paged = ordersPageSchema.parse(page.json()).items.find((o) => o.id === order.id);
      const whole = await call('GET', `/api/orders?product=${encodeURIComponent(p.name)}`, token);
      const listed = (whole.json() as Order[]).find((o) => o.id === order.id);
      expect(paged?.eligibility).toEqual(one.json().eligibility);
      expect(listed?.eligibility).toEqual(one.json().eligibility);
      return one.json().eligibility;
    };
    expect(await eligibilityIn(ama)).toEqual({ allowed: true, code: null, reason: null });
    expect(await eligibilityIn(temaDispatch)).toBeNull();
    await licence(false);
    try {
      expect(await eligibilityIn(ama)).toEqual({
        allowed: false,
        code: 'CONTROLLED_NOT_AUTHORISED',
        reason: refusalMessage('CONTROLLED_NOT_AUTHORISED', {
          name: p.name,
          medicineClass: 'A',
          controlled: 'narcotic',
          fdaRegistrationExpiresOn: null,
        }),
      });
    } finally {
      await licence(true);
    }
    // Lapsed: the date is named in the reason.
    await t.database.db.execute(
      sql`update products set fda_registration_number = 'FDA/TEST', fda_registration_expires_on = ${inDays(-3)}::date
          where id = ${p.id}`,
    );
    expect(await eligibilityIn(ama)).toEqual({
      allowed: false,
      code: 'REGISTRATION_LAPSED',
      reason: COMPLIANCE_MESSAGES.registrationLapsed(p.name, inDays(-3)),
    });
    // Once released (or cancelled) the question is settled: null.
    const cancelled = await call('POST', `/api/orders/${order.id}/cancel`, ama);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().eligibility).toBeNull();
  });
});

describe('the controlled register', () => {
  const read = async (token: string) => {
    const res = await call('GET', '/api/controlled-register', token);
    expect(res.statusCode, res.body).toBe(200);
    return controlledRegisterSchema.parse(res.json()).entries;
  };

  it('answers a supplier its own entries, newest first, and the platform every supplier’s', async () => {
    const own = await read(pharmacist);
    expect(own.length).toBeGreaterThanOrEqual(6);
    expect(new Set(own.map((e) => e.supplierId))).toEqual(new Set([org[TEMA]]));
    const times = own.map((e) => e.signedOffAt);
    expect(times).toEqual([...times].sort().reverse());
    // Shipping staff and the Admin (who holds manage_shipping) read it too.
    expect(await read(temaDispatch)).toEqual(own);
    expect(await read(temaAdmin)).toEqual(own);
    // Another supplier sees none of Tema's.
    const medilink = await read(medilinkPharmacist);
    expect(medilink.filter((e) => e.supplierId === org[TEMA])).toEqual([]);
    // The platform sees them all.
    const all = await read(platform);
    const allIds = new Set(all.map((e) => e.id));
    expect(own.filter((e) => !allIds.has(e.id))).toEqual([]);
  });

  it('refuses customers and supplier staff who neither sign nor ship', async () => {
    for (const url of ['/api/controlled-register', '/api/controlled-register.csv']) {
      for (const token of [ama, temaStock]) {
        const res = await call('GET', url, token);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      }
    }
  });

  it('exports the same entries as controlled_register.csv', async () => {
    const own = await read(pharmacist);
    const res = await call('GET', '/api/controlled-register.csv', pharmacist);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="controlled_register.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CONTROLLED_REGISTER_CSV_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual(
      own.map((e) => CONTROLLED_REGISTER_CSV_COLUMNS.map((c) => String(e[c] ?? '')).join(',')),
    );
    const platformCsv = await call('GET', '/api/controlled-register.csv', platform);
    expect(platformCsv.statusCode).toBe(200);
    expect(platformCsv.body.slice(1).trimEnd().split('\r\n').length).toBe((await read(platform)).length + 1);
  });

  it('is refused UPDATE and DELETE by the database itself', async () => {
    for (const table of ['controlled_register', 'controlled_signoffs']) {
      const before = await queryRows<{ n: number }>(
        t.database.db,
        sql.raw(`select count(*)::int as n from ${table}`),
      );
      expect(before[0]!.n).toBeGreaterThan(0);
      const refused = [
        table === 'controlled_register'
          ? `update ${table} set quantity = quantity + 1`
          : `update ${table} set pharmacist_name = 'Someone else'`,
        `delete from ${table}`,
      ];
      for (const statement of refused) {
        await expect(t.database.db.execute(sql.raw(statement)), statement).rejects.toThrow();
      }
      const after = await queryRows<{ n: number }>(
        t.database.db,
        sql.raw(`select count(*)::int as n from ${table}`),
      );
      expect(after[0]!.n).toBe(before[0]!.n);
    }
  });
});
