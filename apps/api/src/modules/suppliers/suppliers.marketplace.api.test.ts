import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '@aduro/shared/inventory';
import {
  MARKETPLACE_MESSAGES,
  supplierCatalogueItemSchema,
  supplierDirectoryEntrySchema,
  supplierMatchSchema,
  type SupplierCatalogueItem,
  type SupplierDirectoryEntry,
  type SupplierMatch,
} from '@aduro/shared/marketplace';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

let t: TestApp;
let accracare: string;
let kejetia: string;
let anaji: string;
let tema: string;
let medilink: string;
let northstar: string;
let harbour: string;
let platform: string;
const org: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [accracare, kejetia, anaji, tema, medilink, northstar, harbour, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('buyer@anaji-family.demo', 'customer'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('admin@accra-medilink.demo', 'supplier'),
    t.login('admin@northstar.demo', 'supplier'),
    t.login('admin@harbour-surgical.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  const rows = await queryRows<{ id: string; name: string }>(
    t.database.db,
    sql`select id, name from organizations`,
  );
  for (const r of rows) org[r.name] = r.id;
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

async function directory(authorization: string, query = ''): Promise<SupplierDirectoryEntry[]> {
  const res = await get(`/api/suppliers${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function catalogue(supplierId: string, authorization: string): Promise<SupplierCatalogueItem[]> {
  const res = await get(`/api/suppliers/${supplierId}/products`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function matches(productId: string, authorization: string, query = ''): Promise<SupplierMatch[]> {
  const res = await get(`/api/products/${productId}/suppliers${query}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let seq = 0;
async function freshProduct(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { authorization: tema },
    payload: {
      name: `Marketplace test product ${++seq}`,
      brandName: 'Test Pharma',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '10 vials',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}
async function sync(
  authorization: string,
  body: {
    productId: string;
    quantity: number;
    unitPrice: number;
    expiryDate?: string | null;
    moq?: number;
    confirmExpired?: boolean;
  },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function toggle(orgName: string, active: boolean) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/entities/${org[orgName]}/toggle`,
    headers: { authorization: platform },
    payload: { active, reason: 'Marketplace test' },
  });
  expect(res.statusCode).toBe(200);
}

const RELEASED = ['RELEASED', 'SHIPPED', 'DELIVERED'];
const pesewas = (v: string | number) => Math.round(Number(v) * 100);

describe('GET /api/suppliers', () => {
  it('lists every supplier organisation, active first then by name, for any signed-in user', async () => {
    const suppliers = await queryRows<{ name: string; isActive: boolean }>(
      t.database.db,
      sql`select name, is_active as "isActive" from organizations where kind = 'supplier'`,
    );
    const expected = [...suppliers]
      .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name))
      .map((s) => [s.name, s.isActive]);
    for (const who of [accracare, tema, platform]) {
      const list = await directory(who);
      expect(list.map((s) => [s.name, s.isActive])).toEqual(expected);
      for (const entry of list) supplierDirectoryEntrySchema.parse(entry);
    }
    const list = await directory(accracare);
    expect(list.find((s) => s.name === 'Northstar Medical Imports')?.isActive).toBe(false);
    expect(list.find((s) => s.name === 'Harbour Surgical Imports')?.isActive).toBe(false);
    expect(list.at(-1)?.isActive).toBe(false);
    expect((await get('/api/suppliers')).statusCode).toBe(401);
  });

  it('counts stocked offer lines, distinct released buyers and released GMV as the rows say', async () => {
    const lots = await queryRows<{
      supplierId: string;
      productId: string;
      quantity: number;
      expiry: string | null;
    }>(
      t.database.db,
      sql`select supplier_id as "supplierId", product_id as "productId", quantity,
                 to_char(expiry_date, 'YYYY-MM-DD') as expiry from inventory_lots`,
    );
    // A product whose FDA registration lapsed is not offered, so it is no stocked line (docs/domain.md).
    const offers = await queryRows<{ supplierId: string; productId: string }>(
      t.database.db,
      sql`select f.supplier_id as "supplierId", f.product_id as "productId" from offers f
          join products p on p.id = f.product_id
          where p.is_service or p.fda_registration_expires_on is null
             or p.fda_registration_expires_on >= ${todayUtc()}::date`,
    );
    const orders = await queryRows<{ seller: string; buyer: string; status: string; total: string }>(
      t.database.db,
      sql`select seller_org_id as seller, buyer_org_id as buyer, status::text, total_cost::text as total from orders`,
    );
    const today = todayUtc();
    const list = await directory(accracare);
    for (const s of list) {
      const stocked = offers.filter(
        (o) =>
          o.supplierId === s.id &&
          lots.some(
            (l) =>
              l.supplierId === o.supplierId &&
              l.productId === o.productId &&
              l.quantity > 0 &&
              (l.expiry === null || l.expiry >= today),
          ),
      );
      const released = orders.filter((o) => o.seller === s.id && RELEASED.includes(o.status));
      // An inactive supplier publishes no lines (docs/domain.md "Catalogue and stock").
      expect(s.inventory.lines, s.name).toBe(s.isActive ? stocked.length : 0);
      if (!s.isActive) expect(stocked.length, s.name).toBeGreaterThan(0);
      expect(s.customerCount, s.name).toBe(new Set(released.map((o) => o.buyer)).size);
      expect(pesewas(s.gmv), s.name).toBe(released.reduce((sum, o) => sum + pesewas(o.total), 0));
    }
    expect(list.find((s) => s.name === 'Tema Pharma Distributors')!.gmv).toBeGreaterThan(0);
    expect(list.find((s) => s.name === 'Northstar Medical Imports')).toMatchObject({
      customerCount: 0,
      gmv: 0,
    });
  });

  it('shows AccraCare its relationship with Tema Pharma from the seeded credit line and its own orders', async () => {
    const [line] = await queryRows<{ limit: string; balance: string }>(
      t.database.db,
      sql`select credit_limit::text as limit, balance::text from credit_lines
          where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org['Tema Pharma Distributors']}`,
    );
    const [awaiting] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders
          where buyer_org_id = ${org['AccraCare Pharmacy']} and seller_org_id = ${org['Tema Pharma Distributors']}
            and status = 'AWAITING_CUSTOMER_APPROVAL'`,
    );
    const entry = (await directory(accracare)).find((s) => s.name === 'Tema Pharma Distributors')!;
    expect(entry.relationship).toEqual({
      isCustomer: true,
      pendingDiscountApprovals: awaiting!.n,
      creditLimit: 60000,
      creditAvailable: (pesewas(line!.limit) - pesewas(line!.balance)) / 100,
    });
    // The guided demo leaves four AccraCare drafts with Tema Pharma awaiting approval.
    expect(awaiting!.n).toBeGreaterThanOrEqual(4);
  });

  it('gives each customer its own relationships and none to suppliers or the platform', async () => {
    const kejetiaView = await directory(kejetia);
    expect(kejetiaView.find((s) => s.name === 'Tema Pharma Distributors')!.relationship).toMatchObject({
      creditLimit: null,
      creditAvailable: null,
    });
    expect(
      kejetiaView.find((s) => s.name === 'Ashanti Pharmaceutical Manufacturing')!.relationship,
    ).toMatchObject({
      isCustomer: true,
      creditLimit: 40000,
    });
    // Never traded, no line: a relationship that says so.
    expect(kejetiaView.find((s) => s.name === 'Northstar Medical Imports')!.relationship).toEqual({
      isCustomer: false,
      pendingDiscountApprovals: 0,
      creditLimit: null,
      creditAvailable: null,
    });
    // A suspended line gives no credit.
    expect(
      (await directory(anaji)).find((s) => s.name === 'Goldcoast Generics Ltd')!.relationship,
    ).toMatchObject({ isCustomer: true, creditLimit: null, creditAvailable: null });
    for (const who of [tema, platform]) {
      expect((await directory(who)).every((s) => s.relationship === null)).toBe(true);
    }
  });

  it('filters by category, with all or nothing meaning every category', async () => {
    const everyone = await directory(accracare);
    for (const category of ['importer', 'distributor', 'manufacturer'] as const) {
      const list = await directory(accracare, `?category=${category}`);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((s) => s.supplierCategory === category)).toBe(true);
      expect(list.map((s) => s.id)).toEqual(
        everyone.filter((s) => s.supplierCategory === category).map((s) => s.id),
      );
    }
    const importers = await directory(accracare, '?category=importer');
    expect(importers.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Northstar Medical Imports', 'Harbour Surgical Imports']),
    );
    expect(await directory(accracare, '?category=all')).toEqual(everyone);
    expect(await directory(accracare, '?category=')).toEqual(everyone);
    const bad = await get('/api/suppliers?category=wholesaler', accracare);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MARKETPLACE_MESSAGES.category);
  });
});

describe('GET /api/suppliers/:id/products', () => {
  it("lists Tema Pharma's stocked offers as its own inventory says, with AccraCare's credit", async () => {
    const lots = (
      await t.app.inject({ method: 'GET', url: '/api/inventory', headers: { authorization: tema } })
    ).json() as {
      product: { id: string };
      quantity: number;
      unitPrice: number;
      moq: number;
      expiryDate: string | null;
      expiryStatus: string;
    }[];
    const expected = new Map<
      string,
      { quantity: number; earliest: string | null; unitPrice: number; moq: number }
    >();
    // Products whose FDA registration lapsed are not offered to buyers (docs/domain.md "Who may buy what").
    const products = new Map(
      (
        await queryRows<{
          id: string;
          medicineClass: string | null;
          controlled: string | null;
          lapsed: boolean;
        }>(
          t.database.db,
          sql`select id, medicine_class as "medicineClass", controlled,
                     not is_service and coalesce(fda_registration_expires_on < ${todayUtc()}::date, false) as lapsed
              from products`,
        )
      ).map((p) => [p.id, p]),
    );
    for (const l of lots) {
      if (l.quantity <= 0 || l.expiryStatus === 'expired' || products.get(l.product.id)!.lapsed) continue;
      const e = expected.get(l.product.id) ?? {
        quantity: 0,
        earliest: null,
        unitPrice: l.unitPrice,
        moq: l.moq,
      };
      e.quantity += l.quantity;
      if (l.expiryDate !== null && (e.earliest === null || l.expiryDate < e.earliest))
        e.earliest = l.expiryDate;
      expected.set(l.product.id, e);
    }
    const items = await catalogue(org['Tema Pharma Distributors']!, accracare);
    expect(items.length).toBe(expected.size);
    const names = items.map((i) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const directoryLines = (await directory(accracare)).find((s) => s.name === 'Tema Pharma Distributors')!
      .inventory.lines;
    expect(items.length).toBe(directoryLines);
    const [line] = await queryRows<{ available: string }>(
      t.database.db,
      sql`select (credit_limit - balance)::text as available from credit_lines
          where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org['Tema Pharma Distributors']}`,
    );
    for (const item of items) {
      supplierCatalogueItemSchema.parse(item);
      const e = expected.get(item.productId)!;
      expect(item).toMatchObject({
        quantity: e.quantity,
        unitPrice: e.unitPrice,
        moq: e.moq,
        supportsCredit: true,
        creditLimit: 60000,
        creditAvailable: Number(line!.available),
        medicineClass: products.get(item.productId)!.medicineClass,
        controlled: products.get(item.productId)!.controlled,
        // AccraCare is a verified pharmacy authorised for controlled drugs: it may buy every offer.
        eligibility: { allowed: true, code: null, reason: null },
      });
      if (e.earliest === null) {
        expect(item).toMatchObject({ expiryStatus: 'not_applicable', daysUntilExpiry: null });
      } else {
        expect(item.daysUntilExpiry).toBe(
          Math.round((Date.parse(e.earliest) - Date.parse(todayUtc())) / 86_400_000),
        );
        expect(item.expiryStatus).toBe(item.daysUntilExpiry! <= 90 ? 'expiring_soon' : 'healthy');
      }
    }
  });

  it('shows credit only to the customer who holds the line', async () => {
    const id = org['Tema Pharma Distributors']!;
    for (const who of [kejetia, tema, platform]) {
      const items = await catalogue(id, who);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((i) => i.creditLimit === null && i.creditAvailable === null)).toBe(true);
    }
  });

  it('leaves out expired and empty stock, and dates an offer by its earliest unexpired lot', async () => {
    const product = await freshProduct();
    const temaId = org['Tema Pharma Distributors']!;
    const has = async () => (await catalogue(temaId, accracare)).find((i) => i.productId === product);
    await sync(tema, {
      productId: product,
      quantity: 500,
      unitPrice: 9.5,
      expiryDate: inDays(-1),
      confirmExpired: true,
    });
    await sync(tema, { productId: product, quantity: 0, unitPrice: 9.5, expiryDate: inDays(200) });
    expect(await has()).toBeUndefined();
    await sync(tema, { productId: product, quantity: 7, unitPrice: 9.5, expiryDate: null, moq: 3 });
    expect(await has()).toMatchObject({
      quantity: 7,
      moq: 3,
      unitPrice: 9.5,
      expiryStatus: 'not_applicable',
      daysUntilExpiry: null,
    });
    await sync(tema, { productId: product, quantity: 5, unitPrice: 9.75, expiryDate: inDays(0) });
    expect(await has()).toMatchObject({
      quantity: 12,
      unitPrice: 9.75,
      expiryStatus: 'expiring_soon',
      daysUntilExpiry: 0,
    });
  });

  it('publishes nothing for an inactive supplier until it is activated', async () => {
    const id = org['Northstar Medical Imports']!;
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from offers where supplier_id = ${id}`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(await catalogue(id, accracare)).toEqual([]);
    expect(await catalogue(org['Harbour Surgical Imports']!, accracare)).toEqual([]);
    await toggle('Northstar Medical Imports', true);
    try {
      const items = await catalogue(id, accracare);
      expect(items.length).toBeGreaterThan(0);
      const entry = (await directory(accracare)).find((s) => s.name === 'Northstar Medical Imports')!;
      expect(entry).toMatchObject({ isActive: true, inventory: { lines: items.length } });
    } finally {
      await toggle('Northstar Medical Imports', false);
    }
  });

  it('answers 404 for an unknown id or an organisation that is not a supplier', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      org['AccraCare Pharmacy']!,
      org['Aduro Platform']!,
    ]) {
      const res = await get(`/api/suppliers/${id}/products`, accracare);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MARKETPLACE_MESSAGES.supplierNotFound);
    }
    expect((await get('/api/suppliers/not-a-uuid/products', accracare)).statusCode).toBe(400);
    expect((await get(`/api/suppliers/${org['Tema Pharma Distributors']}/products`)).statusCode).toBe(401);
  });
});

describe('GET /api/products/:id/suppliers', () => {
  interface DeliveryRow extends Record<string, unknown> {
    id: string;
    approved: string;
    delivered: string;
    deliveredAt: string;
    eta: string | null;
  }
  /** Lead time and rating recomputed in JS from the supplier's delivered drops. */
  async function record(supplierName: string) {
    const rows = await queryRows<DeliveryRow>(
      t.database.db,
      sql`select d.id,
                 to_char(o.approved_at at time zone 'UTC', 'YYYY-MM-DD') as approved,
                 to_char(d.delivered_at at time zone 'UTC', 'YYYY-MM-DD') as delivered,
                 to_char(d.delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "deliveredAt",
                 to_char(d.estimated_delivery_date, 'YYYY-MM-DD') as eta
          from order_drops d join orders o on o.id = d.order_id
          where o.seller_org_id = ${org[supplierName]} and d.status = 'Delivered'`,
    );
    const last = rows
      .sort((a, b) =>
        a.deliveredAt < b.deliveredAt ? 1 : a.deliveredAt > b.deliveredAt ? -1 : a.id < b.id ? -1 : 1,
      )
      .slice(0, 50);
    const days = last
      .map((r) => (Date.parse(r.delivered) - Date.parse(r.approved)) / 86_400_000)
      .sort((a, b) => a - b);
    const mid = days.length / 2;
    const median =
      days.length === 0 ? null : days.length % 2 ? days[Math.floor(mid)]! : (days[mid - 1]! + days[mid]!) / 2;
    const rated = last.filter((r) => r.eta !== null);
    const onTime = rated.filter((r) => r.delivered <= r.eta!).length;
    return {
      deliveries: last.length,
      leadTimeDays: median === null ? null : Math.ceil(median),
      rating: rated.length < 3 ? null : Math.round((50 * onTime) / rated.length) / 10,
    };
  }

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const res = await get('/api/products/00000000-0000-4000-8000-000000000000/suppliers', accracare);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MARKETPLACE_MESSAGES.productNotFound);
    expect((await get('/api/products/nope/suppliers', accracare)).statusCode).toBe(400);
    expect((await get('/api/products/00000000-0000-4000-8000-000000000000/suppliers')).statusCode).toBe(401);
  });

  it('answers an empty list for a product nobody stocks', async () => {
    expect(await matches(await freshProduct(), accracare)).toEqual([]);
  });

  it('lists active suppliers with unexpired stock, cheapest first, with their facts and tags', async () => {
    const product = await freshProduct();
    await sync(tema, { productId: product, quantity: 1000, unitPrice: 12, expiryDate: inDays(400), moq: 10 });
    await sync(medilink, {
      productId: product,
      quantity: 40,
      unitPrice: 11.5,
      expiryDate: inDays(30),
      moq: 5,
    });
    await sync(medilink, { productId: product, quantity: 5, unitPrice: 11.5, expiryDate: null });
    // Inactive suppliers and expired stock never match.
    await sync(northstar, { productId: product, quantity: 900, unitPrice: 3, expiryDate: inDays(300) });
    await sync(harbour, { productId: product, quantity: 900, unitPrice: 4, expiryDate: inDays(300) });
    const ashanti = await t.login('admin@ashanti-pharma.demo', 'supplier');
    await sync(ashanti, {
      productId: product,
      quantity: 900,
      unitPrice: 5,
      expiryDate: inDays(-2),
      confirmExpired: true,
    });

    const list = await matches(product, accracare);
    for (const m of list) supplierMatchSchema.parse(m);
    expect(list.map((m) => [m.name, m.unitPrice])).toEqual([
      ['Accra Medilink Importers', 11.5],
      ['Tema Pharma Distributors', 12],
    ]);

    const [temaRecord, medilinkRecord] = [
      await record('Tema Pharma Distributors'),
      await record('Accra Medilink Importers'),
    ];
    expect(temaRecord.deliveries).toBe(50);
    const [line] = await queryRows<{ available: string }>(
      t.database.db,
      sql`select (credit_limit - balance)::text as available from credit_lines
          where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org['Tema Pharma Distributors']}`,
    );
    const [medilinkMatch, temaMatch] = list as [SupplierMatch, SupplierMatch];
    expect(temaMatch).toEqual({
      id: org['Tema Pharma Distributors'],
      name: 'Tema Pharma Distributors',
      location: 'Tema',
      paymentTerms: 'Net 30',
      supplierCategory: 'distributor',
      tags: [
        'Distributor',
        'In stock',
        'Credit available',
        ...(temaRecord.leadTimeDays! <= 2 ? ['Fast delivery'] : []),
      ],
      unitPrice: 12,
      leadTimeDays: temaRecord.leadTimeDays,
      moq: 10,
      rating: temaRecord.rating,
      creditAvailable: Number(line!.available),
      creditLimit: 60000,
      supportedPaymentMethods: ['mobile_money', 'cheque', 'credit_facility'],
      defaultPaymentMethod: 'mobile_money',
      supportsCredit: true,
      availableQuantity: 1000,
      longestShelfLifeDays: 400,
      eligibility: { allowed: true, code: null, reason: null },
    });
    expect(medilinkMatch).toMatchObject({
      paymentTerms: 'Prepaid',
      supplierCategory: 'importer',
      // 45 units: under 50, so low; the 30-day lot is expiring soon.
      tags: [
        'Importer',
        'Low stock',
        'Expiring soon',
        ...(medilinkRecord.leadTimeDays! <= 2 ? ['Fast delivery'] : []),
      ],
      leadTimeDays: medilinkRecord.leadTimeDays,
      rating: medilinkRecord.rating,
      moq: 5,
      availableQuantity: 45,
      creditAvailable: null,
      creditLimit: null,
      supportedPaymentMethods: ['mobile_money', 'digital_wallet', 'cash'],
      defaultPaymentMethod: 'mobile_money',
      supportsCredit: false,
    });
    expect(medilinkMatch.rating).not.toBeNull();
    expect(medilinkMatch.rating!).toBeGreaterThanOrEqual(0);
    expect(medilinkMatch.rating!).toBeLessThanOrEqual(5);
  });

  it("uses the buyer's own credit: buyerId must be the caller's organisation", async () => {
    const product = await freshProduct();
    await sync(tema, { productId: product, quantity: 300, unitPrice: 20, expiryDate: inDays(365) });
    const own = await matches(product, accracare, `?buyerId=${org['AccraCare Pharmacy']}`);
    expect(own[0]).toMatchObject({ creditLimit: 60000 });
    expect(own[0]!.tags).toContain('Credit available');

    const other = await get(
      `/api/products/${product}/suppliers?buyerId=${org['Kejetia Health Pharmacy']}`,
      accracare,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MARKETPLACE_MESSAGES.otherBuyer);
    expect(
      (await get(`/api/products/${product}/suppliers?buyerId=${org['AccraCare Pharmacy']}`, tema)).statusCode,
    ).toBe(403);
    expect((await get(`/api/products/${product}/suppliers?buyerId=bad`, accracare)).statusCode).toBe(400);

    // Kejetia has no line with Tema; a supplier or the platform is nobody's buyer.
    for (const who of [kejetia, tema, platform]) {
      const [m] = await matches(product, who);
      expect(m).toMatchObject({ creditLimit: null, creditAvailable: null });
      expect(m!.tags).not.toContain('Credit available');
      // Tema offers credit, so credit stays an allowed method even without a line.
      expect(m!.supportedPaymentMethods).toContain('credit_facility');
    }
  });

  it('follows activation: a supplier switched off leaves the matches, one switched on joins them', async () => {
    const product = await freshProduct();
    await sync(medilink, { productId: product, quantity: 500, unitPrice: 8, expiryDate: inDays(365) });
    await sync(northstar, { productId: product, quantity: 500, unitPrice: 7, expiryDate: inDays(365) });
    expect((await matches(product, accracare)).map((m) => m.name)).toEqual(['Accra Medilink Importers']);

    await toggle('Northstar Medical Imports', true);
    await toggle('Accra Medilink Importers', false);
    try {
      const list = await matches(product, accracare);
      // Northstar has never delivered: its default lead time (6 days) and no rating.
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        name: 'Northstar Medical Imports',
        leadTimeDays: 6,
        rating: null,
        tags: ['Importer', 'In stock'],
      });
    } finally {
      await toggle('Northstar Medical Imports', false);
      await toggle('Accra Medilink Importers', true);
    }
  });
});

describe('Server cache of marketplace reads', () => {
  it('answers a repeated read from the cache and shows a write made through the API at once', async () => {
    const supplierId = org['Tema Pharma Distributors']!;
    const before = (await directory(accracare)).find((s) => s.id === supplierId)!;
    // A change behind the API's back stays invisible while the cached answer lives...
    await t.database.db.execute(
      sql`update organizations set location = 'Changed quietly' where id = ${supplierId}`,
    );
    expect((await directory(accracare)).find((s) => s.id === supplierId)!.location).toBe(before.location);
    // ...and any write through the API ends it.
    const settings = (await get('/api/org/settings', tema)).json();
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: { authorization: tema }, payload });
    expect((await patch({ ...settings, paymentTerms: 'Net 21' })).statusCode).toBe(200);
    expect((await directory(accracare)).find((s) => s.id === supplierId)).toMatchObject({
      paymentTerms: 'Net 21',
      location: 'Changed quietly',
    });
    await t.database.db.execute(
      sql`update organizations set location = ${before.location} where id = ${supplierId}`,
    );
    expect((await patch(settings)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the marketplace, cart and analytics paths', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/suppliers',
        '/api/suppliers/{id}/products',
        '/api/products/{id}/suppliers',
        '/api/cart',
        '/api/cart/items',
        '/api/cart/items/{id}',
        '/api/cart/checkout',
        '/api/orders/customers/{orgId}/analytics/top-products',
      ]),
    );
  });
});
