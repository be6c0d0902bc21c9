import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { AUTH_SECRET, type TestApp } from './harness.ts';
import { signJwt } from './tokens.ts';

/**
 * Who calls. Signed-in kinds hold a real token; the forged and removed kinds hold tokens the app must
 * refuse with 401 whatever the operation.
 */
export const SIGNED_IN = [
  'accracare', // customer: buyer@accracare.demo
  'kejetia', // customer: buyer@kejetia-health.demo
  'temaAdmin', // supplier Admin: admin@tema-pharma.demo
  'temaShipping', // supplier ShippingClerk: dispatch@tema-pharma.demo
  'temaInventory', // supplier InventoryManager: stock@tema-pharma.demo
  'temaCredit', // supplier CreditApprover: credit@tema-pharma.demo
  'temaPharmacist', // supplier Pharmacist (sign_off_controlled only): pharmacist@tema-pharma.demo
  'medilink', // another supplier's Admin: admin@accra-medilink.demo
  'harbour', // Admin of a deactivated supplier: admin@harbour-surgical.demo
  'platform', // platform administrator: admin@aduro.demo
] as const;
export const REFUSED_OUTRIGHT = [
  'anonymous',
  'badSignature',
  'noExpiry',
  'algNone',
  'futureIssued',
  'removedUser',
] as const;
export type SignedIn = (typeof SIGNED_IN)[number];
export type CallerKind = SignedIn | (typeof REFUSED_OUTRIGHT)[number];

export const ACCOUNTS: Record<SignedIn, { email: string; userType: 'customer' | 'supplier' | 'platform' }> = {
  accracare: { email: 'buyer@accracare.demo', userType: 'customer' },
  kejetia: { email: 'buyer@kejetia-health.demo', userType: 'customer' },
  temaAdmin: { email: 'admin@tema-pharma.demo', userType: 'supplier' },
  temaShipping: { email: 'dispatch@tema-pharma.demo', userType: 'supplier' },
  temaInventory: { email: 'stock@tema-pharma.demo', userType: 'supplier' },
  temaCredit: { email: 'credit@tema-pharma.demo', userType: 'supplier' },
  temaPharmacist: { email: 'pharmacist@tema-pharma.demo', userType: 'supplier' },
  medilink: { email: 'admin@accra-medilink.demo', userType: 'supplier' },
  harbour: { email: 'admin@harbour-surgical.demo', userType: 'supplier' },
  platform: { email: 'admin@aduro.demo', userType: 'platform' },
};

export const CUSTOMERS: SignedIn[] = ['accracare', 'kejetia'];
export const SUPPLIER_ADMINS: SignedIn[] = ['temaAdmin', 'medilink', 'harbour'];
export const SUPPLIERS: SignedIn[] = [
  ...SUPPLIER_ADMINS,
  'temaShipping',
  'temaInventory',
  'temaCredit',
  'temaPharmacist',
];
export const WITH_SHIPPING: SignedIn[] = [...SUPPLIER_ADMINS, 'temaShipping'];
export const WITH_INVENTORY: SignedIn[] = [...SUPPLIER_ADMINS, 'temaInventory'];
export const WITH_CREDIT: SignedIn[] = [...SUPPLIER_ADMINS, 'temaCredit'];
/** sign_off_controlled: the Pharmacist role alone (Admins do not hold it). */
export const WITH_SIGNOFF: SignedIn[] = ['temaPharmacist'];
export const EVERYONE: SignedIn[] = [...SIGNED_IN];

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens the app never signed, each naming a real user (so only the token itself is wrong). */
export function forgedTokens(
  userId: string,
): Record<'badSignature' | 'noExpiry' | 'algNone' | 'futureIssued', string> {
  const now = Math.floor(Date.now() / 1000);
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64({ sub: userId, iat: now, exp: now + 3600 });
  const wrongSig = createHmac('sha256', 'not-the-secret-but-just-as-long-0123456789abcdef')
    .update(`${head}.${body}`)
    .digest('base64url');
  return {
    badSignature: `Bearer ${head}.${body}.${wrongSig}`,
    noExpiry: `Bearer ${signJwt({ sub: userId, iat: now }, AUTH_SECRET)}`,
    algNone: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${body}.`,
    futureIssued: `Bearer ${signJwt({ sub: userId, iat: now + 3600, exp: now + 7200 }, AUTH_SECRET)}`,
  };
}

export async function one<T extends Record<string, unknown>>(
  t: TestApp,
  query: ReturnType<typeof sql>,
  what: string,
): Promise<T> {
  const [row] = await queryRows<T>(t.database.db, query);
  if (!row) throw new Error(`the seeded database has no ${what}`);
  return row;
}

export async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(t.database.db, query);
  return Number(row?.n ?? 0);
}

/** The organisation of a demo account, by its e-mail. */
export async function orgOf(t: TestApp, email: string): Promise<{ userId: string; orgId: string }> {
  return one(
    t,
    sql`select id as "userId", org_id as "orgId" from users where lower(email) = lower(${email})`,
    `user ${email}`,
  );
}

/** The ids one organisation owns, for filling path parameters with things that exist. */
export interface OwnIds {
  orgId: string;
  /** An order where the org is the buyer (customers) or the seller (suppliers). */
  orderId: string;
  /** An order awaiting the customer's approval, the org being buyer or seller. */
  awaitingOrderId: string;
  dropOrderId: string;
  dropId: string;
  invoiceId: string;
  applicationId: string;
  productId: string;
}

const NONE = '00000000-0000-4000-8000-000000000000';

/** Real ids for an organisation; NONE where it has nothing of that kind (the answer is then a 404). */
export async function ownIds(t: TestApp, orgId: string, side: 'buyer' | 'seller'): Promise<OwnIds> {
  const col = side === 'buyer' ? sql.raw('buyer_org_id') : sql.raw('seller_org_id');
  const credCol = side === 'buyer' ? sql.raw('customer_id') : sql.raw('supplier_id');
  const first = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: string }>(t.database.db, query))[0]?.id ?? NONE;
  const drop = (
    await queryRows<{ orderId: string; dropId: string }>(
      t.database.db,
      sql`select o.id as "orderId", d.id as "dropId" from orders o join order_drops d on d.order_id = o.id
          where o.${col} = ${orgId} and o.status = 'RELEASED' and d.status = 'Awaiting Dispatch'
          order by o.id, d.id limit 1`,
    )
  )[0];
  return {
    orgId,
    orderId: await first(sql`select id from orders where ${col} = ${orgId} order by id limit 1`),
    awaitingOrderId: await first(
      sql`select id from orders where ${col} = ${orgId} and status = 'AWAITING_CUSTOMER_APPROVAL'
          order by id desc limit 1`,
    ),
    dropOrderId: drop?.orderId ?? NONE,
    dropId: drop?.dropId ?? NONE,
    invoiceId: await first(
      sql`select id from invoices where ${col} = ${orgId} and status = 'unpaid' order by id desc limit 1`,
    ),
    applicationId: await first(
      sql`select id from credit_applications where ${credCol} = ${orgId} order by status desc, id desc limit 1`,
    ),
    productId: await first(
      side === 'seller'
        ? sql`select product_id as id from inventory_lots where supplier_id = ${orgId} order by product_id limit 1`
        : sql`select id from products order by id limit 1`,
    ),
  };
}

export { NONE };
