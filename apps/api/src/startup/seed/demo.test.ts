import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { normaliseGtin } from '@aduro/shared/gtin';
import { ROLE_NAMES } from '@aduro/shared/permissions';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.ts';
import { migrateDatabase, openDatabase, queryRows, type Database, type Db } from '../../db/client.ts';
import {
  cartItems,
  creditApplications,
  creditLines,
  dropAllocations,
  events,
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
import { describe as sentenceOf } from '../../modules/activity/activity.service.ts';
import { listActivity } from '../../modules/activity/activity.repository.ts';
import { refusalCodeSql } from '../../modules/compliance/eligibility.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';
import { ensureRoles } from './roles.ts';

// A fixed instant keeps the assertions about dates reproducible; the seed is relative to it.
const NOW = new Date('2026-03-15T10:30:00Z');
const TODAY = '2026-03-15';
const IN_90_DAYS = '2026-06-13';
const cents = (cedis: number) => Math.round(cedis * 100);

const tempDirs: string[] = [];

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

async function seededDatabase(): Promise<{ database: Database; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aduro-seed-'));
  tempDirs.push(dir);
  const database = await openDatabase({ dataDir: dir });
  await migrateDatabase(database);
  await ensureRoles(database.db);
  // How long this takes is measured by `npm run bench` (the first start), not asserted here.
  const result = await seedDemo(database.db, { now: NOW });
  expect(result).toEqual({ seeded: true });
  return { database, dir };
}

/** A fingerprint of the rows that matter; argon2 salts make password hashes differ on purpose. */
async function digest(db: Db): Promise<string> {
  const parts = [
    await db
      .select({
        id: orders.id,
        number: orders.number,
        totalCost: orders.totalCost,
        status: orders.status,
        at: orders.createdAt,
      })
      .from(orders)
      .orderBy(asc(orders.number)),
    await db.select().from(orderDrops).orderBy(asc(orderDrops.id)),
    await db.select().from(inventoryLots).orderBy(asc(inventoryLots.id)),
    await db.select().from(dropAllocations).orderBy(asc(dropAllocations.id)),
    await db.select().from(invoices).orderBy(asc(invoices.number)),
    await db.select().from(payments).orderBy(asc(payments.id)),
    await db.select().from(creditLines).orderBy(asc(creditLines.id)),
    await db.select().from(offers).orderBy(asc(offers.id)),
    await db.select().from(offerPrices).orderBy(asc(offerPrices.id)),
    await db
      .select({ orderId: orderHistory.orderId, to: orderHistory.toStatus, at: orderHistory.createdAt })
      .from(orderHistory)
      .orderBy(asc(orderHistory.id)),
    await db
      .select({ id: events.id, type: events.type, refs: events.refs, at: events.createdAt })
      .from(events)
      .orderBy(asc(events.id)),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

describe('demo seed', () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    ({ database } = await seededDatabase());
    db = database.db;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('loads once: a second start changes nothing', async () => {
    const before = await digest(db);
    await ensureRoles(db);
    expect(await seedDemo(db, { now: new Date(NOW.getTime() + 86_400_000) })).toEqual({
      seeded: false,
    });
    expect(await digest(db)).toBe(before);
    expect((await db.select().from(roles)).map((r) => r.name).sort()).toEqual([...ROLE_NAMES].sort());
  });

  it('gives every product its own valid GTIN-14 under Ghana’s GS1 prefix 603', async () => {
    const gtins = (await db.select({ gtin: products.gtin }).from(products)).map((p) => p.gtin);
    expect(gtins.length).toBeGreaterThan(50);
    for (const gtin of gtins) {
      expect(gtin).toMatch(/^0603\d{10}$/);
      expect(normaliseGtin(gtin!)).toBe(gtin);
    }
    expect(new Set(gtins).size).toBe(gtins.length);
  });

  it('has orders in every state, with consistent arithmetic and drops', async () => {
    const allOrders = await db.select().from(orders);
    const drops = await db.select().from(orderDrops);
    expect(allOrders.length).toBeGreaterThanOrEqual(150);
    expect(allOrders.length).toBeLessThanOrEqual(250);
    expect(new Set(allOrders.map((o) => o.status))).toEqual(
      new Set(['AWAITING_CUSTOMER_APPROVAL', 'RELEASED', 'SHIPPED', 'DELIVERED', 'CANCELLED']),
    );
    const byOrder = groupBy(drops, (d) => d.orderId);
    for (const o of allOrders) {
      const own = byOrder.get(o.id) ?? [];
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(own.reduce((s, d) => s + d.quantity, 0)).toBe(o.totalQuantity);
      expect(cents(o.totalCost)).toBe(o.totalQuantity * cents(o.unitPrice));
      expect(o.number).toMatch(/^PO-\d{4}-\d{6}$/);
      const statuses = own.map((d) => d.status);
      const live = statuses.filter((s) => s !== 'Cancelled');
      if (o.status === 'AWAITING_CUSTOMER_APPROVAL') {
        expect(o.approvedAt).toBeNull();
        expect(statuses.every((s) => s === 'Awaiting Dispatch')).toBe(true);
      } else if (o.approvedAt === null) {
        expect(o.status).toBe('CANCELLED');
        expect(live).toEqual([]);
      } else {
        const expected =
          live.length === 0
            ? 'CANCELLED'
            : live.every((s) => s === 'Delivered')
              ? 'DELIVERED'
              : live.some((s) => s !== 'Awaiting Dispatch')
                ? 'SHIPPED'
                : 'RELEASED';
        expect(o.status).toBe(expected);
      }
      for (const d of own) {
        if (d.status === 'Shipped' || d.status === 'Out for Delivery' || d.status === 'Delivered') {
          expect(d.trackingNumber).toBeTruthy();
          expect(d.estimatedDeliveryDate).toBeTruthy();
          expect(d.shippedAt).not.toBeNull();
        }
        if (d.status === 'Delivered') expect(d.deliveredAt!.getTime()).toBeLessThan(NOW.getTime());
      }
    }
    // Some deliveries ran late: they feed the suppliers' ratings.
    const late = drops.filter(
      (d) => d.status === 'Delivered' && d.deliveredAt!.toISOString().slice(0, 10) > d.estimatedDeliveryDate!,
    );
    expect(late.length).toBeGreaterThan(0);
    // Nothing has happened in the future.
    const history = await db.select().from(orderHistory);
    expect(history.every((h) => h.createdAt.getTime() < NOW.getTime())).toBe(true);
    expect(history.filter((h) => h.fromStatus === null)).toHaveLength(allOrders.length);
  });

  it('invoices every released order once, with the amount left after cancellations', async () => {
    const allOrders = await db.select().from(orders);
    const allInvoices = await db.select().from(invoices);
    const drops = await db.select().from(orderDrops);
    const allPayments = await db.select().from(payments);
    const invoiceByOrder = groupBy(allInvoices, (i) => i.orderId);
    for (const o of allOrders) {
      const own = invoiceByOrder.get(o.id) ?? [];
      if (o.approvedAt === null) {
        expect(own).toHaveLength(0);
        continue;
      }
      expect(own).toHaveLength(1);
      const inv = own[0]!;
      const cancelled = drops
        .filter((d) => d.orderId === o.id && d.status === 'Cancelled')
        .reduce((s, d) => s + d.quantity * cents(o.unitPrice), 0);
      expect(cents(inv.amount)).toBe(cents(o.totalCost) - cancelled);
      expect(inv.status === 'void').toBe(o.status === 'CANCELLED');
      expect(inv.onCredit).toBe(o.paymentMethod === 'credit_facility');
      expect(inv.issuedAt.getTime()).toBe(o.approvedAt.getTime());
      const approvedDay = Date.parse(o.approvedAt.toISOString().slice(0, 10));
      expect(Date.parse(inv.dueDate)).toBe(approvedDay + (inv.onCredit ? o.creditTermDays! : 0) * 86_400_000);
      const paid = allPayments.filter((p) => p.invoiceId === inv.id).reduce((s, p) => s + cents(p.amount), 0);
      expect(paid).toBe(cents(inv.amountPaid));
      expect(inv.status === 'paid').toBe(paid === cents(inv.amount) && inv.status !== 'void');
    }
    const overdue = allInvoices.filter((i) => i.status === 'unpaid' && i.dueDate < TODAY);
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.every((i) => i.onCredit)).toBe(true);
  });

  it('keeps every credit line balance equal to what its invoices still owe, within the limit', async () => {
    const lines = await db.select().from(creditLines);
    const allInvoices = await db.select().from(invoices);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.some((l) => l.status === 'suspended')).toBe(true);
    for (const line of lines) {
      const owed = allInvoices
        .filter((i) => i.creditLineId === line.id && i.onCredit && i.status !== 'void')
        .reduce((s, i) => s + cents(i.amount) - cents(i.amountPaid), 0);
      expect(cents(line.balance)).toBe(owed);
      expect(line.balance).toBeLessThanOrEqual(line.creditLimit);
    }
    const accracareTema = await db
      .select({ limit: creditLines.creditLimit })
      .from(creditLines)
      .innerJoin(organizations, eq(organizations.id, creditLines.customerId))
      .where(eq(organizations.name, 'AccraCare Pharmacy'));
    expect(accracareTema.map((l) => l.limit)).toContain(60000);

    const apps = await db
      .select({ status: creditApplications.status, supplier: organizations.name })
      .from(creditApplications)
      .innerJoin(organizations, eq(organizations.id, creditApplications.supplierId));
    expect(
      apps.filter((a) => a.status === 'pending' && a.supplier === 'Tema Pharma Distributors'),
    ).toHaveLength(2);
    expect(apps.some((a) => a.status === 'rejected')).toBe(true);
    expect(apps.some((a) => a.status === 'approved')).toBe(true);
  });

  it('gives every offer a year of small price moves, ending at its price, and orders at the price of their day', async () => {
    const allOffers = await db.select().from(offers);
    const prices = await db.select().from(offerPrices).orderBy(asc(offerPrices.effectiveAt));
    const byOffer = groupBy(prices, (p) => `${p.supplierId}/${p.productId}`);
    const yearAgo = NOW.getTime() - 365 * 86_400_000;
    let changedInYear = 0;
    for (const offer of allOffers) {
      const own = byOffer.get(`${offer.supplierId}/${offer.productId}`) ?? [];
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.at(-1)!.unitPrice).toBe(offer.unitPrice);
      expect(own[0]!.effectiveAt.getTime()).toBe(offer.createdAt.getTime());
      for (let i = 1; i < own.length; i++) {
        const [before, after] = [cents(own[i - 1]!.unitPrice), cents(own[i]!.unitPrice)];
        // A change is a change, and a small one: a few percent, on the price's grid.
        expect(after).not.toBe(before);
        expect(Math.abs(after - before) / before).toBeLessThan(0.075);
        if (own[i]!.effectiveAt.getTime() >= yearAgo) changedInYear++;
      }
      expect(own.every((p) => p.effectiveAt.getTime() < NOW.getTime())).toBe(true);
    }
    expect(changedInYear).toBeGreaterThan(allOffers.length * 2);

    for (const o of await db.select().from(orders)) {
      const own = byOffer.get(`${o.sellerOrgId}/${o.productId}`)!;
      const inForce = own.filter((p) => p.effectiveAt.getTime() <= o.createdAt.getTime()).at(-1) ?? own[0]!;
      expect(o.unitPrice).toBe(inForce.unitPrice);
    }
  });

  it('allocates stock from the supplier’s own lots and never below zero', async () => {
    const lots = await db.select().from(inventoryLots);
    expect(lots.every((l) => l.quantity >= 0)).toBe(true);
    expect(lots.some((l) => l.expiryDate !== null && l.expiryDate < TODAY && l.quantity > 0)).toBe(true);
    expect(
      lots.some(
        (l) => l.expiryDate !== null && l.expiryDate >= TODAY && l.expiryDate <= IN_90_DAYS && l.quantity > 0,
      ),
    ).toBe(true);
    expect(lots.some((l) => l.expiryDate === null)).toBe(true);

    const rows = await db
      .select({
        allocated: dropAllocations.quantity,
        returnedAt: dropAllocations.returnedAt,
        dropQuantity: orderDrops.quantity,
        dropStatus: orderDrops.status,
        dropId: orderDrops.id,
        lotSupplier: inventoryLots.supplierId,
        lotProduct: inventoryLots.productId,
        orderSeller: orders.sellerOrgId,
        orderProduct: orders.productId,
      })
      .from(dropAllocations)
      .innerJoin(orderDrops, eq(orderDrops.id, dropAllocations.dropId))
      .innerJoin(orders, eq(orders.id, orderDrops.orderId))
      .innerJoin(inventoryLots, eq(inventoryLots.id, dropAllocations.lotId));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.lotSupplier).toBe(r.orderSeller);
      expect(r.lotProduct).toBe(r.orderProduct);
      expect(r.returnedAt !== null).toBe(r.dropStatus === 'Cancelled');
    }
    for (const [, own] of groupBy(rows, (r) => r.dropId)) {
      expect(own.reduce((s, r) => s + r.allocated, 0)).toBe(own[0]!.dropQuantity);
    }
    const released = await db
      .select({ id: orderDrops.id })
      .from(orderDrops)
      .innerJoin(orders, eq(orders.id, orderDrops.orderId));
    const approvedDrops = await db
      .select({ id: orderDrops.id })
      .from(orderDrops)
      .innerJoin(orders, eq(orders.id, orderDrops.orderId))
      .where(sql`${orders.approvedAt} is not null`);
    expect(new Set(rows.map((r) => r.dropId)).size).toBe(approvedDrops.length);
    expect(released.length).toBeGreaterThan(approvedDrops.length);
  });

  it('leaves the guided demo ready: AccraCare drafts, cart, and approvable stock and credit', async () => {
    const [accracare] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'AccraCare Pharmacy'));
    const [tema] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Tema Pharma Distributors'));
    const drafts = (
      await db.select().from(orders).where(eq(orders.status, 'AWAITING_CUSTOMER_APPROVAL'))
    ).filter((o) => o.buyerOrgId === accracare!.id && o.sellerOrgId === tema!.id);
    expect(drafts.length).toBeGreaterThanOrEqual(3);

    const allDrafts = await db.select().from(orders).where(eq(orders.status, 'AWAITING_CUSTOMER_APPROVAL'));
    const lots = await db.select().from(inventoryLots);
    const lines = await db.select().from(creditLines);
    const need = groupBy(allDrafts, (o) => `${o.sellerOrgId}/${o.productId}`);
    for (const [key, list] of need) {
      const available = lots
        .filter(
          (l) => `${l.supplierId}/${l.productId}` === key && (l.expiryDate === null || l.expiryDate >= TODAY),
        )
        .reduce((s, l) => s + l.quantity, 0);
      expect(available).toBeGreaterThanOrEqual(list.reduce((s, o) => s + o.totalQuantity, 0));
    }
    for (const [key, list] of groupBy(
      allDrafts.filter((o) => o.paymentMethod === 'credit_facility'),
      (o) => `${o.buyerOrgId}/${o.sellerOrgId}`,
    )) {
      const line = lines.find((l) => `${l.customerId}/${l.supplierId}` === key);
      expect(line?.status).toBe('active');
      expect(cents(line!.balance) + list.reduce((s, o) => s + cents(o.totalCost), 0)).toBeLessThanOrEqual(
        cents(line!.creditLimit),
      );
    }

    const cart = await db.select().from(cartItems);
    expect(cart.length).toBeGreaterThanOrEqual(2);
    const [ama] = await db.select().from(users).where(eq(users.email, 'buyer@accracare.demo'));
    expect(cart.every((c) => c.userId === ama!.id)).toBe(true);
  });

  it('gives every buyer a licence with its PDF: pharmacies verified, AccraCare authorised, an OTC seller, one awaiting review', async () => {
    const rows = await db
      .select({ org: organizations.name, email: users.email, licence: licenceRecords })
      .from(organizations)
      .innerJoin(users, eq(users.orgId, organizations.id))
      .leftJoin(licenceRecords, eq(licenceRecords.orgId, organizations.id))
      .where(eq(organizations.kind, 'customer'));
    const byOrg = new Map(rows.map((r) => [r.org, r.licence]));
    expect(byOrg.size).toBe(8);
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@aduro.demo'));
    for (const [org, licence] of byOrg) {
      expect(licence, org).not.toBeNull();
      expect(licence!.number).toMatch(/^PCG\/(RP|HP|OTC)\/[A-Z]{2}\/\d{4}$/);
      // Valid for one to two years from the seed's today, so no reminder is due.
      expect(licence!.expiresOn > '2027-03-15' && licence!.expiresOn < '2028-03-15').toBe(true);
      const [file] = await db
        .select()
        .from(licenceFiles)
        .where(eq(licenceFiles.key, licence!.documentStorageKey!));
      expect(file!.orgId).toBe(licence!.orgId);
      expect(file!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file!.sizeBytes).toBe(licence!.documentSizeBytes);
      expect(licence!.documentMimeType).toBe('application/pdf');
      if (licence!.status === 'verified') {
        expect(licence).toMatchObject({ reviewedByUserId: admin!.id, reviewedByName: admin!.name });
        expect(licence!.reviewedAt!.getTime()).toBeGreaterThan(licence!.submittedAt.getTime());
        expect(licence!.reviewedAt!.getTime()).toBeLessThan(NOW.getTime());
      }
    }
    const summary = Object.fromEntries(
      [...byOrg].map(([org, l]) => [
        org,
        `${l!.kind} ${l!.status}${l!.controlledAuthorised ? ' authorised' : ''}`,
      ]),
    );
    expect(summary).toEqual({
      'AccraCare Pharmacy': 'retail_pharmacy verified authorised',
      'Kejetia Health Pharmacy': 'retail_pharmacy verified',
      'Anaji Family Pharmacy': 'retail_pharmacy verified',
      'Oguaa Community Pharmacy': 'retail_pharmacy verified',
      'Tamale Central Hospital Pharmacy': 'hospital_pharmacy verified',
      'Volta Wellness Pharmacies': 'retail_pharmacy verified',
      'Adom OTC Medicine Store': 'otc_medicine_seller verified',
      'Lifeline Pharmacy Sunyani': 'retail_pharmacy pending',
    });
    const accracare = byOrg.get('AccraCare Pharmacy')!;
    expect(accracare.controlledAuthorisationNumber).toMatch(/^NACOC\//);
    expect(accracare.controlledAuthorisationExpiresOn! > TODAY).toBe(true);
    const pending = byOrg.get('Lifeline Pharmacy Sunyani')!;
    expect(pending).toMatchObject({ reviewedByUserId: null, reviewedAt: null, reason: null });
    expect(NOW.getTime() - pending.submittedAt.getTime()).toBeLessThan(3 * 86_400_000);
    // The sign-in form's first customer is the authorised one.
    expect(DEMO_ACCOUNTS.find((a) => a.userType === 'customer')!.email).toBe('buyer@accracare.demo');
    expect(rows.find((r) => r.email === 'buyer@adom-chemicals.demo')?.org).toBe('Adom OTC Medicine Store');
    expect(rows.find((r) => r.email === 'buyer@lifeline-sunyani.demo')?.org).toBe(
      'Lifeline Pharmacy Sunyani',
    );
  });

  it('classes every product and registers it with the FDA: one lapsed, three controlled, offered by Tema Pharma', async () => {
    const all = await db.select().from(products);
    for (const p of all) {
      expect(['A', 'B', 'C'], p.name).toContain(p.medicineClass);
      expect(p.fdaRegistrationNumber, p.name).toMatch(/^FDA\/(SD|MD)\.\d{3}-\d{5}$/);
      expect(p.fdaRegistrationExpiresOn, p.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(all.map((p) => p.fdaRegistrationNumber)).size).toBe(all.length);
    const classOf = (name: string) => all.find((p) => p.name === name)?.medicineClass;
    expect(classOf('Paracetamol 500 mg tablets')).toBe('C');
    expect(classOf('Amoxicillin 500 mg capsules')).toBe('A');
    expect(classOf('Amlodipine 5 mg tablets')).toBe('A');
    expect(classOf('Metformin 500 mg tablets')).toBe('A');
    expect(new Set(all.map((p) => p.medicineClass))).toEqual(new Set(['A', 'B', 'C']));

    const lapsed = all.filter((p) => p.fdaRegistrationExpiresOn! < TODAY);
    expect(lapsed.map((p) => p.name)).toEqual(['Hyoscine butylbromide 10 mg tablets']);
    // Nothing in the demo's history or cart names it, so no journey runs into it by chance.
    expect(await db.select().from(orders).where(eq(orders.productId, lapsed[0]!.id))).toEqual([]);
    expect(await db.select().from(cartItems).where(eq(cartItems.productId, lapsed[0]!.id))).toEqual([]);

    const controlled = all.filter((p) => p.controlled !== null);
    expect(Object.fromEntries(controlled.map((p) => [p.name, `${p.medicineClass} ${p.controlled}`]))).toEqual(
      {
        'Tramadol hydrochloride 50 mg capsules': 'A psychotropic',
        'Morphine sulfate 10 mg/mL injection': 'A narcotic',
        'Diazepam 5 mg tablets': 'A psychotropic',
      },
    );
    const stock = await queryRows<{ product: string; supplier: string; units: number }>(
      db,
      sql`select p.name as product, s.name as supplier, sum(l.quantity)::int as units
          from offers o
          join products p on p.id = o.product_id
          join organizations s on s.id = o.supplier_id
          join inventory_lots l on l.supplier_id = o.supplier_id and l.product_id = o.product_id
                               and (l.expiry_date is null or l.expiry_date >= ${TODAY}::date)
          where p.controlled is not null
          group by p.name, s.name`,
    );
    for (const name of controlled.map((p) => p.name)) {
      const tema = stock.find((r) => r.product === name && r.supplier === 'Tema Pharma Distributors');
      expect(tema?.units, name).toBeGreaterThan(0);
    }
    // None was ever ordered: the history has no sign-offs or register entries to go with one.
    const ordered = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders o join products p on p.id = o.product_id
          where p.controlled is not null`,
    );
    expect(ordered[0]!.n).toBe(0);
  });

  it('leaves every draft and cart line releasable by its buyer under the rule of who may buy what', async () => {
    const refused = await queryRows<{ kind: string; code: string }>(
      db,
      sql`select 'order' as kind, ${refusalCodeSql({ product: 'p', licence: 'l' }, TODAY)} as code
          from orders o
          join products p on p.id = o.product_id
          left join licence_records l on l.org_id = o.buyer_org_id
          where o.status = 'AWAITING_CUSTOMER_APPROVAL'
          union all
          select 'cart', ${refusalCodeSql({ product: 'p', licence: 'l' }, TODAY)}
          from cart_items c
          join products p on p.id = c.product_id
          left join licence_records l on l.org_id = c.buyer_org_id`,
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((r) => r.code !== null)).toEqual([]);
  });

  it('has an inactive supplier awaiting licence review, with its PDF stored', async () => {
    const [northstar] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Northstar Medical Imports'));
    expect(northstar).toMatchObject({
      isActive: false,
      activatedAt: null,
      supplierCategory: 'importer',
      licenceStorageKey: 'demo/northstar-licence.pdf',
      licenceFileName: 'northstar-licence.pdf',
      licenceMimeType: 'application/pdf',
    });
    // Licences live in PostgreSQL, so any replica serves them (modules/auth/licence-storage.ts).
    const [stored] = await db
      .select()
      .from(licenceFiles)
      .where(eq(licenceFiles.key, 'demo/northstar-licence.pdf'));
    const pdf = stored!.content;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBe(northstar!.licenceSizeBytes);
    const deactivated = await db
      .select()
      .from(organizations)
      .where(
        sql`${organizations.kind} = 'supplier' and not ${organizations.isActive} and ${organizations.activatedAt} is not null`,
      );
    expect(deactivated.length).toBeGreaterThanOrEqual(1);
  });

  it('creates every demo account with its role, sharing the demo password', async () => {
    const rows = await db
      .select({
        email: users.email,
        userType: users.userType,
        role: roles.name,
        hash: users.passwordHash,
        org: organizations.name,
      })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(organizations, eq(organizations.id, users.orgId));
    expect(new Set(rows.map((r) => r.email)).size).toBe(DEMO_ACCOUNTS.length);
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email);
      expect(row).toMatchObject({
        userType: account.userType,
        role: account.role,
        org: account.organisation,
      });
    }
    expect(await verifyPassword(rows[0]!.hash, DEMO_PASSWORD)).toBe(true);
  });

  it('moves the number sequences past the seeded orders and invoices', async () => {
    const [{ orderCount, invoiceCount }] = (await db
      .select({
        orderCount: sql<number>`(select count(*)::int from ${orders})`,
        invoiceCount: sql<number>`(select count(*)::int from ${invoices})`,
      })
      .from(sql`(select 1) as one`)) as [{ orderCount: number; invoiceCount: number }];
    const [next] = await db
      .select({
        order: sql<string>`nextval('order_number_seq')::text`,
        invoice: sql<string>`nextval('invoice_number_seq')::text`,
      })
      .from(sql`(select 1) as one`);
    expect(Number(next!.order)).toBe(orderCount + 1);
    expect(Number(next!.invoice)).toBe(invoiceCount + 1);
  });

  it('writes the activity trail its rows tell, oldest first and already dispatched', async () => {
    const count = async (query: SQL) => (await queryRows<{ n: number }>(db, query))[0]!.n;
    // One event per thing the rows say happened, of the type the workflow records.
    const byType = new Map(
      (
        await queryRows<{ type: string; n: number }>(
          db,
          sql`select type, count(*)::int as n from events group by type`,
        )
      ).map((r) => [r.type, r.n]),
    );
    expect(byType.get('order.drafted')).toBe(await count(sql`select count(*)::int as n from orders`));
    expect(byType.get('order.released')).toBe(await count(sql`select count(*)::int as n from invoices`));
    expect(byType.get('drop.moved')).toBe(
      await count(sql`select count(*)::int as n from order_history where drop_id is not null`),
    );
    expect(byType.get('payment.recorded')).toBe(await count(sql`select count(*)::int as n from payments`));
    expect(byType.get('credit.application_submitted')).toBe(
      await count(sql`select count(*)::int as n from credit_applications`),
    );
    expect(byType.get('inventory.synced')).toBe(
      await count(sql`select count(*)::int as n from offer_prices`),
    );
    expect(byType.get('licence.submitted')).toBe(
      await count(sql`select count(*)::int as n from licence_records`),
    );
    expect(byType.get('licence.reviewed')).toBe(
      await count(sql`select count(*)::int as n from licence_records where status = 'verified'`),
    );
    expect(byType.get('organisation.registered')).toBeGreaterThan(0);
    expect(byType.get('staff.changed')).toBeGreaterThan(0);
    // History, not news: nothing left for the job queue to notify or mail.
    expect(await count(sql`select count(*)::int as n from events where dispatched_at is null`)).toBe(0);
    // The trail pages by id, so ids follow time; nothing is dated after the seed's now.
    expect(
      await count(sql`select count(*)::int as n from events a join events b
                      on b.id > a.id and b.created_at < a.created_at`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from events where created_at > ${NOW.toISOString()}::timestamptz`,
      ),
    ).toBe(0);

    // Tema's trail reads as sentences naming real people, products and orders, never a fallback.
    const [tema] = await db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Tema Pharma Distributors'));
    const rows = await listActivity(
      db,
      { orgId: tema!.id, seesEveryOrganisation: false },
      {},
      {
        beforeId: null,
        limit: 200,
      },
    );
    expect(rows.length).toBe(200);
    expect([...new Set(rows.map((r) => r.type))]).toEqual(
      expect.arrayContaining([
        'inventory.synced',
        'order.drafted',
        'order.released',
        'drop.moved',
        'payment.recorded',
      ]),
    );
    for (const row of rows) {
      expect(sentenceOf(row)).not.toMatch(/A former user|a product|an order|a customer|a supplier|a drop/);
    }
    const platform = await listActivity(
      db,
      { orgId: null, seesEveryOrganisation: true },
      {},
      {
        beforeId: null,
        limit: 5_000,
      },
    );
    expect(platform.map((r) => sentenceOf(r))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AccraCare Pharmacy registered as a customer organisation$/),
        expect.stringMatching(/^Supplier Tema Pharma Distributors activated$/),
        expect.stringMatching(/^Credit application from .+ approved at GH₵/),
        expect.stringMatching(/ added .+$/),
        'Ama Mensah submitted the pharmacy licence of AccraCare Pharmacy for review',
        'Efua Asante verified the pharmacy licence of AccraCare Pharmacy and its controlled-drugs authorisation',
        'Gifty Boakye submitted the pharmacy licence of Lifeline Pharmacy Sunyani for review',
      ]),
    );
  });

  it('produces identical rows from the same date in a fresh database', async () => {
    const other = await seededDatabase();
    try {
      expect(await digest(other.database.db)).toBe(await digest(db));
    } finally {
      await other.database.close();
    }
  }, 60_000);
});
