import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topProductSchema, type TopProduct } from '@aduro/shared/analytics';
import { MARKETPLACE_MESSAGES } from '@aduro/shared/marketplace';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ama: string;
let kejetia: string;
let tema: string;
let platform: string;
const org: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [ama, kejetia, tema, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('admin@tema-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const url = (orgId: string) => `/api/orders/customers/${orgId}/analytics/top-products`;
const get = (orgId: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url: url(orgId), headers: authorization ? { authorization } : {} });

interface DropRow extends Record<string, unknown> {
  orderId: string;
  productId: string;
  productName: string;
  category: string;
  seller: string;
  orderStatus: string;
  dropStatus: string;
  quantity: number;
  unitPrice: string;
  approved: string | null;
}

/** The top products recomputed in JS from the buyer's raw order and drop rows. */
async function expectedTopProducts(buyerName: string): Promise<TopProduct[]> {
  const rows = await queryRows<DropRow>(
    t.database.db,
    sql`select o.id as "orderId", p.id as "productId", p.name as "productName", p.category,
               o.seller_org_id as seller, o.status::text as "orderStatus", d.status::text as "dropStatus",
               d.quantity, o.unit_price::text as "unitPrice",
               to_char(o.approved_at at time zone 'UTC', 'YYYY-MM-DD') as approved
        from orders o join order_drops d on d.order_id = o.id join products p on p.id = o.product_id
        where o.buyer_org_id = ${org[buyerName]}`,
  );
  const byProduct = new Map<
    string,
    { row: DropRow; sellers: Set<string>; pesewas: number; quantity: number; last: string }
  >();
  for (const r of rows) {
    if (!['RELEASED', 'SHIPPED', 'DELIVERED'].includes(r.orderStatus) || r.dropStatus === 'Cancelled')
      continue;
    const e = byProduct.get(r.productId) ?? { row: r, sellers: new Set(), pesewas: 0, quantity: 0, last: '' };
    e.sellers.add(r.seller);
    e.pesewas += Math.round(Number(r.unitPrice) * 100) * r.quantity;
    e.quantity += r.quantity;
    if (r.approved! > e.last) e.last = r.approved!;
    byProduct.set(r.productId, e);
  }
  return [...byProduct.values()]
    .sort((a, b) => b.quantity - a.quantity || b.pesewas - a.pesewas)
    .slice(0, 20)
    .map((e) => ({
      productId: e.row.productId,
      productName: e.row.productName,
      category: e.row.category,
      supplierCount: e.sellers.size,
      totalSpend: e.pesewas / 100,
      averageUnitPrice: Math.round(e.pesewas / e.quantity) / 100,
      totalQuantity: e.quantity,
      lastOrderDate: e.last,
    }));
}

describe('GET /api/orders/customers/:orgId/analytics/top-products', () => {
  it("ranks AccraCare's released purchases by units, from drops not cancelled", async () => {
    const res = await get(org['AccraCare Pharmacy']!, ama);
    expect(res.statusCode).toBe(200);
    const list = res.json() as TopProduct[];
    for (const item of list) topProductSchema.parse(item);
    expect(list.length).toBeGreaterThan(6);
    expect(list.length).toBeLessThanOrEqual(20);
    const expected = await expectedTopProducts('AccraCare Pharmacy');
    // Equal unit counts may tie on spend too; compare as sets within the order the quantities give.
    expect(list.map((i) => i.totalQuantity)).toEqual(expected.map((i) => i.totalQuantity));
    for (const item of list) {
      expect(item).toEqual(expected.find((e) => e.productId === item.productId));
      expect(item.lastOrderDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('leaves out cancelled drops and orders that are not released', async () => {
    const before = (await get(org['AccraCare Pharmacy']!, ama)).json() as TopProduct[];
    const top = before[0]!;
    const released = await queryRows<{ orderId: string; dropId: string; quantity: number }>(
      t.database.db,
      sql`select o.id as "orderId", d.id as "dropId", d.quantity from orders o join order_drops d on d.order_id = o.id
          where o.buyer_org_id = ${org['AccraCare Pharmacy']} and o.product_id = ${top.productId}
            and o.status in ('RELEASED', 'SHIPPED', 'DELIVERED') and d.status <> 'Cancelled'
          order by o.approved_at desc, d.sequence`,
    );
    // One drop cancelled: its units leave the total.
    const cancelled = released[0]!;
    await t.database.db.execute(
      sql`update order_drops set status = 'Cancelled' where id = ${cancelled.dropId}`,
    );
    const afterDrop = ((await get(org['AccraCare Pharmacy']!, ama)).json() as TopProduct[]).find(
      (i) => i.productId === top.productId,
    );
    expect(afterDrop?.totalQuantity).toBe(top.totalQuantity - cancelled.quantity);

    // An order back to awaiting approval, or cancelled, no longer counts at all.
    const other = released.find((r) => r.orderId !== cancelled.orderId)!;
    expect(other).toBeDefined();
    const units = released.filter((r) => r.orderId === other.orderId).reduce((s, r) => s + r.quantity, 0);
    for (const status of ['AWAITING_CUSTOMER_APPROVAL', 'CANCELLED']) {
      await t.database.db.execute(sql`update orders set status = ${status} where id = ${other.orderId}`);
      const item = ((await get(org['AccraCare Pharmacy']!, ama)).json() as TopProduct[]).find(
        (i) => i.productId === top.productId,
      );
      expect(item?.totalQuantity ?? 0).toBe(top.totalQuantity - cancelled.quantity - units);
    }
    expect(
      ((await get(org['AccraCare Pharmacy']!, ama)).json() as TopProduct[]).map((i) => i.totalQuantity),
    ).toEqual((await expectedTopProducts('AccraCare Pharmacy')).map((i) => i.totalQuantity));
  });

  it('gives each customer its own figures', async () => {
    const res = await get(org['Kejetia Health Pharmacy']!, kejetia);
    expect(res.statusCode).toBe(200);
    const list = res.json() as TopProduct[];
    expect(list.map((i) => i.totalQuantity)).toEqual(
      (await expectedTopProducts('Kejetia Health Pharmacy')).map((i) => i.totalQuantity),
    );
    expect(list).not.toEqual((await get(org['AccraCare Pharmacy']!, ama)).json());
  });

  it("answers 403 for another organisation's analytics and for anyone but customers", async () => {
    const other = await get(org['Kejetia Health Pharmacy']!, ama);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MARKETPLACE_MESSAGES.otherOrganisationAnalytics);
    expect((await get('00000000-0000-4000-8000-000000000000', ama)).statusCode).toBe(403);
    for (const who of [tema, platform]) {
      expect((await get(org['Tema Pharma Distributors']!, who)).statusCode).toBe(403);
      expect((await get(org['AccraCare Pharmacy']!, who)).statusCode).toBe(403);
    }
    expect((await get(org['AccraCare Pharmacy']!)).statusCode).toBe(401);
    expect((await get('not-a-uuid', ama)).statusCode).toBe(400);
  });
});
