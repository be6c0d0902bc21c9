import { HOME_ROUTE, type RoleName, type UserType } from '@aduro/shared/permissions';
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/password.ts';
import type { Db, Executor } from '../../db/client.ts';
import {
  cartItems,
  creditApplications,
  creditLines,
  dropAllocations,
  inventoryLots,
  invoices,
  licenceFiles,
  licenceRecords,
  offerPrices,
  offers,
  orderDrops,
  orderHistory,
  orders,
  organizations,
  payments,
  products,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { recordDemoActivity } from './activity.ts';
import { DEMO_CUSTOMERS, DEMO_PLATFORM, DEMO_SUPPLIERS, type DemoCustomer } from './organisations.ts';
import { buildDemoPlan, type DemoPlan } from './plan.ts';
import { ensureRoles } from './roles.ts';

/** The one password of every demo account. */
export const DEMO_PASSWORD = 'demo1234';

/** A demo sign-in as the README lists it. */
export interface DemoAccount {
  email: string;
  password: string;
  userType: UserType;
  organisation: string;
  role: RoleName;
  homeRoute: string;
  note?: string;
}

/** What a customer's licence lets it do, where that differs from a verified pharmacy's (issue 32). */
function customerNote(c: DemoCustomer): { note?: string } {
  if (c.licence.status === 'pending') return { note: 'Licence awaiting review: may draft, not release' };
  if (c.licence.kind === 'otc_medicine_seller') return { note: 'OTC medicine seller: class C only' };
  if (c.licence.controlledAuthorisation) return { note: 'Authorised for controlled drugs' };
  return {};
}

/** Every demo login, platform first, then suppliers, then customers. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...DEMO_PLATFORM.users.map((u) => ({
    email: u.email,
    password: DEMO_PASSWORD,
    userType: 'platform' as const,
    organisation: DEMO_PLATFORM.name,
    role: u.roles[0],
    homeRoute: HOME_ROUTE.platform,
  })),
  ...DEMO_SUPPLIERS.flatMap((s) =>
    s.users.map((u) => ({
      email: u.email,
      password: DEMO_PASSWORD,
      userType: 'supplier' as const,
      organisation: s.name,
      role: u.roles[0]!,
      homeRoute: HOME_ROUTE.supplier,
      ...(s.state === 'pending'
        ? { note: 'Organisation inactive: licence pending review' }
        : s.state === 'deactivated'
          ? { note: 'Organisation deactivated by the platform' }
          : u.roles.includes('Pharmacist')
            ? { note: 'Signs off controlled drugs before they ship' }
            : {}),
    })),
  ),
  ...DEMO_CUSTOMERS.flatMap((c) =>
    c.users.map((u) => ({
      email: u.email,
      password: DEMO_PASSWORD,
      userType: 'customer' as const,
      organisation: c.name,
      role: u.roles[0]!,
      homeRoute: HOME_ROUTE.customer,
      ...customerNote(c),
    })),
  ),
];

// Well under PostgreSQL's 65,535 bind parameters for the widest table.
const CHUNK_ROWS = 500;

async function insertAll<T extends PgTable>(db: Executor, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    await db.insert(table).values(rows.slice(i, i + CHUNK_ROWS));
  }
}

/** The plan's licence PDFs as licence_files rows, each with the supplier or buyer whose record names it. */
function licenceRows(plan: DemoPlan): (typeof licenceFiles.$inferInsert)[] {
  const owner = new Map<string | null | undefined, string | undefined>([
    ...plan.organizations.map((o) => [o.licenceStorageKey, o.id] as const),
    ...plan.licenceRecords.map((r) => [r.documentStorageKey, r.orgId] as const),
  ]);
  return plan.licenceFiles.map((file) => {
    const orgId = owner.get(file.storageKey);
    if (!orgId) throw new Error(`No demo organisation names the licence ${file.storageKey}`);
    return { key: file.storageKey, orgId, content: file.bytes, sizeBytes: file.bytes.length };
  });
}

async function hasOrganizations(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).limit(1);
  return rows.length > 0;
}

export interface SeedDemoOptions {
  now: Date;
}

/**
 * Loads the demo (DOMAIN.md "Demo data"), the suppliers' licence PDFs included, in one transaction
 * when no organisation exists yet; otherwise does nothing. Deterministic for a given UTC date of `now`.
 */
export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<{ seeded: boolean }> {
  if (await hasOrganizations(db)) return { seeded: false };
  // One hash for every account: argon2 is deliberately slow, and start-up should not be.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const plan = buildDemoPlan(opts.now, passwordHash);

  return db.transaction(async (tx) => {
    // Another process may have seeded between the first look and this transaction.
    if (await hasOrganizations(tx)) return { seeded: false };
    await ensureRoles(tx);
    const roleIds = new Map(
      (await tx.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]),
    );

    await insertAll(tx, organizations, plan.organizations);
    await insertAll(tx, licenceFiles, licenceRows(plan));
    await insertAll(tx, users, plan.users);
    // After the users: a verified licence names the platform administrator who checked it.
    await insertAll(tx, licenceRecords, plan.licenceRecords);
    await insertAll(
      tx,
      userRoles,
      plan.userRoles.map((ur) => {
        const roleId = roleIds.get(ur.role);
        if (roleId === undefined) throw new Error(`Role ${ur.role} is missing`);
        return { userId: ur.userId, roleId, createdAt: ur.createdAt };
      }),
    );
    await insertAll(tx, products, plan.products);
    await insertAll(tx, offers, plan.offers);
    await insertAll(tx, offerPrices, plan.offerPrices);
    await insertAll(tx, inventoryLots, plan.inventoryLots);
    await insertAll(tx, creditLines, plan.creditLines);
    await insertAll(tx, creditApplications, plan.creditApplications);
    await insertAll(tx, orders, plan.orders);
    await insertAll(tx, orderDrops, plan.orderDrops);
    await insertAll(tx, dropAllocations, plan.dropAllocations);
    await insertAll(tx, orderHistory, plan.orderHistory);
    await insertAll(tx, invoices, plan.invoices);
    await insertAll(tx, payments, plan.payments);
    await insertAll(tx, cartItems, plan.cartItems);
    // The seed wrote explicit numbers; the next real order or invoice continues after them.
    await tx.execute(sql`select setval('order_number_seq', ${plan.lastOrderNumber})`);
    await tx.execute(sql`select setval('invoice_number_seq', ${plan.lastInvoiceNumber})`);
    await recordDemoActivity(tx);
    return { seeded: true };
  });
}
