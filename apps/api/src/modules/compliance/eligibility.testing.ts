import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ControlledKind, LicenceKind, MedicineClass } from '@aduro/shared/compliance';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

// What the "who may buy what" tests share: buyers with the licence each case needs and products with the
// legal status each case needs, written straight to the tables so the tests depend on no demo row but
// Tema's stock clerk (who offers the products) and a demo buyer's password hash (to sign in with).

export const TEMA = 'Tema Pharma Distributors';

/** A licence record as the tests write it; omitted fields are those of a verified retail pharmacy. */
export interface LicenceRow {
  kind?: LicenceKind;
  status?: 'pending' | 'verified' | 'rejected';
  expiresOn?: string;
  /** The authorisation's number and expiry, and whether a review verified it. */
  authorisation?: { expiresOn: string; authorised: boolean };
}

export interface TestBuyer {
  orgId: string;
  name: string;
  authorization: string;
}

export interface LegalStatus {
  medicineClass: MedicineClass | null;
  controlled?: ControlledKind | null;
  fdaRegistrationExpiresOn?: string | null;
}

export interface TestProduct {
  id: string;
  name: string;
}

let seq = 0;

/** YYYY-MM-DD, `days` from today (UTC); negative for the past. */
export const day = (days: number) => inDays(days);

/**
 * A new buying organisation with one Buyer user (the demo password), and its licence record when
 * `licence` is given (null: none at all).
 */
export async function newBuyer(t: TestApp, label: string, licence: LicenceRow | null): Promise<TestBuyer> {
  const n = ++seq;
  const name = `${label} ${n} ${Date.now().toString(36)}`;
  const email = `eligibility-${n}-${Date.now().toString(36)}@buyers.test`;
  const [org] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into organizations (kind, name, location) values ('customer', ${name}, 'Accra') returning id`,
  );
  await t.database.db.execute(sql`
    with u as (
      insert into users (org_id, user_type, email, name, password_hash)
      select ${org!.id}, 'customer', ${email}, ${`Buyer of ${name}`}, password_hash
      from users where email = 'buyer@accracare.demo'
      returning id)
    insert into user_roles (user_id, role_id)
    select u.id, roles.id from u join roles on roles.name = 'Buyer'`);
  if (licence) await writeLicence(t, org!.id, licence);
  return { orgId: org!.id, name, authorization: await t.login(email, 'customer') };
}

/** Writes (or replaces) the organisation's licence record as given. */
export async function writeLicence(t: TestApp, orgId: string, licence: LicenceRow) {
  const status = licence.status ?? 'verified';
  const a = licence.authorisation;
  await t.database.db.execute(sql`
    insert into licence_records
      (org_id, kind, number, expires_on, status, reason, reviewed_at,
       controlled_authorisation_number, controlled_authorisation_expires_on, controlled_authorised)
    values (${orgId}, ${licence.kind ?? 'retail_pharmacy'}, ${`PC/${orgId.slice(0, 8)}`},
            ${licence.expiresOn ?? day(365)}::date, ${status},
            ${status === 'rejected' ? 'The licence number does not match the document' : null},
            ${status === 'pending' ? null : new Date().toISOString()}::timestamptz,
            ${a ? `NACOC/${orgId.slice(0, 8)}` : null}, ${a?.expiresOn ?? null}::date, ${a?.authorised ?? false})
    on conflict (org_id) do update set
      kind = excluded.kind, expires_on = excluded.expires_on, status = excluded.status,
      reason = excluded.reason, reviewed_at = excluded.reviewed_at,
      controlled_authorisation_number = excluded.controlled_authorisation_number,
      controlled_authorisation_expires_on = excluded.controlled_authorisation_expires_on,
      controlled_authorised = excluded.controlled_authorised`);
}

/**
 * A new product Tema offers from `quantity` units at GH₵ 10, with the legal status given (written
 * straight to the product, as a platform administrator's correction would leave it).
 */
export async function newProduct(
  t: TestApp,
  temaStock: string,
  label: string,
  legal: LegalStatus,
  quantity = 1000,
): Promise<TestProduct> {
  const name = `${label} ${++seq}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: temaStock },
    payload: { name, brandName: 'Eligibility', category: 'Tests', unitOfMeasure: 'Box', itemsPerUnit: '10' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const synced = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization: temaStock },
    payload: { productId: id, quantity, unitPrice: 10, expiryDate: day(400) },
  });
  expect(synced.statusCode, synced.body).toBe(200);
  await setLegalStatus(t, id, legal);
  return { id, name };
}

export async function setLegalStatus(t: TestApp, productId: string, legal: LegalStatus) {
  await t.database.db.execute(sql`
    update products set medicine_class = ${legal.medicineClass}, controlled = ${legal.controlled ?? null},
           fda_registration_number = ${legal.fdaRegistrationExpiresOn ? 'FDA/TEST/1' : null},
           fda_registration_expires_on = ${legal.fdaRegistrationExpiresOn ?? null}::date
    where id = ${productId}`);
}

/** POST /api/orders: the buyer drafts `units` of the product from Tema. */
export function draftRequest(t: TestApp, buyer: TestBuyer, sellerId: string, productId: string, units = 5) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { authorization: buyer.authorization },
    payload: {
      sellerId,
      productId,
      paymentTermMethod: 'mobile_money',
      drops: [{ addressName: 'Main branch', address: '1 High Street, Accra', quantity: units }],
    },
  });
}

/** A drafted order, which must succeed. */
export async function draft(
  t: TestApp,
  buyer: TestBuyer,
  sellerId: string,
  productId: string,
  units = 5,
): Promise<Order> {
  const res = await draftRequest(t, buyer, sellerId, productId, units);
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

export function approveRequest(t: TestApp, buyer: TestBuyer, orderId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/approve`,
    headers: { authorization: buyer.authorization },
  });
}

/** What an approval wrote, or would have: the facts a refusal must leave as they were. */
export async function writtenBy(t: TestApp, orderId: string) {
  const [row] = await queryRows<{
    status: string;
    approvedAt: string | null;
    history: number;
    invoices: number;
    allocated: number;
    released: number;
  }>(
    t.database.db,
    sql`select o.status, o.approved_at::text as "approvedAt",
               (select count(*)::int from order_history h where h.order_id = o.id) as history,
               (select count(*)::int from invoices i where i.order_id = o.id) as invoices,
               (select coalesce(sum(a.quantity), 0)::int from drop_allocations a
                  join order_drops d on d.id = a.drop_id where d.order_id = o.id) as allocated,
               (select count(*)::int from events e
                 where e.type = 'order.released' and e.refs->'orderIds' ? ${orderId}) as released
        from orders o where o.id = ${orderId}`,
  );
  return row!;
}

/** Units Tema holds of a product. */
export async function stockOf(t: TestApp, productId: string) {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select coalesce(sum(quantity), 0)::int as n from inventory_lots where product_id = ${productId}`,
  );
  return row!.n;
}
