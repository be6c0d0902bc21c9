import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, cartSchema, type Cart } from '@aduro/shared/cart';
import { todayUtc } from '@aduro/shared/inventory';
import { cartCheckoutSchema, DRAFT_MESSAGES, type CartCheckout } from '@aduro/shared/marketplace';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

let t: TestApp;
let ama: string;
let yaw: string;
let kejetia: string;
let temaStock: string;
let platform: string;
const org: Record<string, string> = {};
const user: Record<string, { id: string; name: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  [ama, yaw, kejetia, temaStock, platform] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('procurement@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('admin@aduro.demo', 'platform'),
  ]);
  Object.assign(org, await t.organisationIds());
  for (const r of await queryRows<{ id: string; name: string; email: string }>(
    t.database.db,
    sql`select id, name, email from users`,
  )) {
    user[r.email] = { id: r.id, name: r.name };
  }
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const TEMA = 'Tema Pharma Distributors';
const MEDILINK = 'Accra Medilink Importers';

const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  authorization: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
async function cart(authorization: string): Promise<Cart> {
  const res = await call('GET', '/api/cart', authorization);
  expect(res.statusCode).toBe(200);
  return cartSchema.parse(res.json());
}
async function add(authorization: string, payload: Record<string, unknown>) {
  const res = await call('POST', '/api/cart/items', authorization, payload);
  expect(res.statusCode, res.body).toBe(201);
  return cartSchema.parse(res.json());
}
const checkout = (authorization: string) => call('POST', '/api/cart/checkout', authorization);
async function toggle(orgName: string, active: boolean) {
  const res = await call('PATCH', `/api/admin/entities/${org[orgName]}/toggle`, platform, {
    active,
    reason: 'Checkout test',
  });
  expect(res.statusCode).toBe(200);
}

let seq = 0;
/** A fresh product stocked by Tema Pharma only, at a known price and moq. */
async function temaProduct(opts: { price: number; moq: number; quantity?: number }) {
  const name = `Checkout test product ${++seq}`;
  const res = await call('POST', '/api/products', temaStock, {
    name,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  await syncTema(id, { quantity: opts.quantity ?? 1000, unitPrice: opts.price, moq: opts.moq });
  return { id, name };
}
async function syncTema(productId: string, body: { quantity: number; unitPrice: number; moq?: number }) {
  const res = await call('POST', '/api/inventory', temaStock, {
    productId,
    expiryDate: inDays(365),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** What a refused checkout must leave alone. */
async function snapshot(authorization: string) {
  const [counts] = await queryRows<{ orders: number; drops: number; history: number; seq: string }>(
    t.database.db,
    sql`select (select count(*)::int from orders) as orders,
               (select count(*)::int from order_drops) as drops,
               (select count(*)::int from order_history) as history,
               (select last_value::text from order_number_seq) as seq`,
  );
  return { counts, cart: await cart(authorization) };
}

async function expectRefused(authorization: string, status: number, message: string) {
  const before = await snapshot(authorization);
  const res = await checkout(authorization);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await snapshot(authorization)).toEqual(before);
}

describe('POST /api/cart/checkout', () => {
  it('drafts one order per supplier and product with a drop per line, at current offer prices', async () => {
    const seeded = await cart(ama);
    const yawLine = await add(yaw, {
      productId: seeded.items[0]!.productId,
      supplierId: seeded.items[0]!.supplierId,
      quantity: 100,
    });
    expect(seeded.items).toHaveLength(3);
    const temaSeeded = seeded.items.find((i) => i.supplier.name === TEMA)!;
    // A second Tema line for the same product, at a price of her own that drafting ignores, and no address.
    await add(ama, { productId: temaSeeded.productId, supplierId: org[TEMA], quantity: 15, unitPrice: 1 });
    const [{ max }] = (await queryRows<{ max: string }>(
      t.database.db,
      sql`select max(number) as max from orders`,
    )) as [{ max: string }];

    const res = await checkout(ama);
    expect(res.statusCode, res.body).toBe(201);
    const body: CartCheckout = cartCheckoutSchema.parse(res.json());
    expect(body.cart).toEqual({ items: [], totals: { lineItems: 0, totalQuantity: 0, estimatedValue: 0 } });
    expect(await cart(ama)).toEqual(body.cart);
    // Yaw's own cart is his.
    expect((await cart(yaw)).items.map((i) => i.id)).toEqual(yawLine.items.map((i) => i.id));

    // Oldest line's group first: Tema (yesterday 17:00), Medilink (17:30), Ashanti (18:00).
    expect(body.orders.map((o) => [o.supplierName, o.productName, o.totalQuantity])).toEqual([
      [TEMA, temaSeeded.product.name, temaSeeded.quantity + 15],
      ...seeded.items
        .filter((i) => i.supplier.name !== TEMA)
        .reverse()
        .map((i) => [i.supplier.name, i.product.name, i.quantity]),
    ]);
    const numbers = body.orders.map((o) => o.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) {
      expect(n).toMatch(new RegExp(`^PO-${new Date().getUTCFullYear()}-\\d{6}$`));
      expect(n.slice(-6) > max.slice(-6)).toBe(true);
    }

    const ids = sql`(${sql.join(
      body.orders.map((o) => sql`${o.id}::uuid`),
      sql`, `,
    )})`;
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select o.id, o.number, o.status::text, o.unit_price::text as "unitPrice", o.total_quantity as "totalQuantity",
                 o.total_cost::text as "totalCost", o.payment_method::text as "paymentMethod",
                 o.payment_terms as "paymentTerms", o.use_credit as "useCredit", o.credit_term_days as "creditTermDays",
                 o.buyer_org_id as "buyerOrgId", s.name as supplier, o.created_by_user_id as "createdBy",
                 o.entity_name as "entityName", f.unit_price::text as "offerPrice"
          from orders o
          join organizations s on s.id = o.seller_org_id
          join offers f on f.supplier_id = o.seller_org_id and f.product_id = o.product_id
          where o.id in ${ids}`,
    );
    expect(rows).toHaveLength(3);
    for (const o of body.orders) {
      const row = rows.find((r) => r.id === o.id)!;
      expect(row).toMatchObject({
        number: o.number,
        status: 'AWAITING_CUSTOMER_APPROVAL',
        unitPrice: row.offerPrice,
        totalQuantity: o.totalQuantity,
        buyerOrgId: org['AccraCare Pharmacy'],
        createdBy: user['buyer@accracare.demo']!.id,
        entityName: 'AccraCare Pharmacy',
        useCredit: false,
        creditTermDays: null,
        // Each supplier's default, which each accepts.
        paymentMethod: 'mobile_money',
      });
      expect(o.paymentMethod).toBe('mobile_money');
      expect(Math.round(Number(row.totalCost) * 100)).toBe(
        Math.round(Number(row.offerPrice) * 100) * o.totalQuantity,
      );
      expect(o.totalCost).toBe(Number(row.totalCost));
    }
    expect(rows.find((r) => r.supplier === TEMA)!.paymentTerms).toBe('Net 30');
    expect(rows.find((r) => r.supplier === MEDILINK)!.paymentTerms).toBe('Prepaid');

    const temaOrder = body.orders[0]!;
    const drops = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select sequence, address_name as "addressName", address, contact_name as "contactName",
                 contact_phone as "contactPhone", quantity, status::text,
                 to_char(estimated_delivery_date, 'YYYY-MM-DD') as eta, tracking_number as "trackingNumber"
          from order_drops where order_id = ${temaOrder.id} order by sequence`,
    );
    expect(drops).toEqual([
      {
        sequence: 1,
        addressName: temaSeeded.deliveryLocation,
        address: temaSeeded.deliveryLocation,
        contactName: temaSeeded.contactName,
        contactPhone: temaSeeded.contactPhone,
        quantity: temaSeeded.quantity,
        status: 'Awaiting Dispatch',
        eta: temaSeeded.preferredDropDate,
        trackingNumber: null,
      },
      {
        sequence: 2,
        addressName: 'Main branch',
        address: 'Accra',
        contactName: null,
        contactPhone: null,
        quantity: 15,
        status: 'Awaiting Dispatch',
        eta: null,
        trackingNumber: null,
      },
    ]);

    const history = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select order_id as "orderId", from_status as "from", to_status as "to", actor_user_id as actor,
                 actor_name as "actorName", drop_id as "dropId"
          from order_history where order_id in ${ids}`,
    );
    expect(history).toHaveLength(3);
    for (const h of history) {
      expect(h).toMatchObject({
        from: null,
        to: 'AWAITING_CUSTOMER_APPROVAL',
        actor: user['buyer@accracare.demo']!.id,
        actorName: 'Ama Mensah',
        dropId: null,
      });
    }

    // The drafts await AccraCare's approval, as the directory counts them.
    const directory = (await call('GET', '/api/suppliers', ama)).json() as {
      name: string;
      relationship: { pendingDiscountApprovals: number };
    }[];
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where buyer_org_id = ${org['AccraCare Pharmacy']}
          and seller_org_id = ${org[TEMA]} and status = 'AWAITING_CUSTOMER_APPROVAL'`,
    )) as [{ n: number }];
    expect(directory.find((s) => s.name === TEMA)!.relationship.pendingDiscountApprovals).toBe(n);
  });

  it('drafts orders that charge exactly what the cart showed, whatever target prices the buyer typed', async () => {
    await call('DELETE', '/api/cart', kejetia);
    const a = await temaProduct({ price: 12.35, moq: 1 });
    const b = await temaProduct({ price: 0.99, moq: 1 });
    await add(kejetia, {
      productId: a.id,
      supplierId: org[TEMA],
      quantity: 7,
      unitPrice: 10,
      deliveryLocation: 'Adum',
    });
    await add(kejetia, { productId: a.id, supplierId: org[TEMA], quantity: 3, deliveryLocation: 'Suame' });
    await add(kejetia, { productId: b.id, supplierId: org[TEMA], quantity: 101, unitPrice: 5 });
    // The offer moved after the lines were added: the cart and the order both take today's.
    await syncTema(a.id, { quantity: 1000, unitPrice: 12.4 });

    const shown = await cart(kejetia);
    const shownFor = (productId: string) =>
      shown.items
        .filter((i) => i.productId === productId)
        .reduce((sum, i) => sum + Math.round(i.lineTotal! * 100), 0);
    expect(shownFor(a.id)).toBe(12400);
    expect(shownFor(b.id)).toBe(9999);
    expect(shown.totals.estimatedValue).toBe(223.99);

    const res = await checkout(kejetia);
    expect(res.statusCode, res.body).toBe(201);
    const { orders } = cartCheckoutSchema.parse(res.json());
    const charged = (name: string) => Math.round(orders.find((o) => o.productName === name)!.totalCost * 100);
    expect(charged(a.name)).toBe(shownFor(a.id));
    expect(charged(b.name)).toBe(shownFor(b.id));
    expect(orders.reduce((sum, o) => sum + Math.round(o.totalCost * 100), 0)).toBe(
      Math.round(shown.totals.estimatedValue * 100),
    );
  });

  it('answers 400 for an empty cart and writes nothing', async () => {
    expect((await cart(ama)).items).toEqual([]);
    await expectRefused(ama, 400, DRAFT_MESSAGES.emptyCart);
  });

  it('refuses, writing nothing, when a supplier became inactive', async () => {
    const [offer] = await queryRows<{ productId: string }>(
      t.database.db,
      sql`select f.product_id as "productId" from offers f
          where f.supplier_id = ${org[MEDILINK]} and f.moq <= 5
            and exists (select 1 from inventory_lots l where l.supplier_id = f.supplier_id and l.product_id = f.product_id
                          and l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${todayUtc()}::date))
          limit 1`,
    );
    const product = await temaProduct({ price: 10, moq: 1 });
    await add(kejetia, { productId: product.id, supplierId: org[TEMA], quantity: 5 });
    await add(kejetia, { productId: offer!.productId, supplierId: org[MEDILINK], quantity: 5 });
    await toggle(MEDILINK, false);
    try {
      await expectRefused(kejetia, 409, CART_MESSAGES.inactiveSupplier(MEDILINK));
    } finally {
      await toggle(MEDILINK, true);
    }
    await call('DELETE', '/api/cart', kejetia);
  });

  it('refuses, writing nothing, when the supplier no longer offers a product', async () => {
    const product = await temaProduct({ price: 12.5, moq: 1, quantity: 50 });
    await add(kejetia, { productId: product.id, supplierId: org[TEMA], quantity: 20 });
    await syncTema(product.id, { quantity: 0, unitPrice: 12.5 });
    await expectRefused(kejetia, 409, CART_MESSAGES.notOffered(TEMA, product.name));
    await call('DELETE', '/api/cart', kejetia);
  });

  it("checks the moq against a group's total units, and drafts once the lines reach it", async () => {
    const product = await temaProduct({ price: 7.25, moq: 1 });
    await add(kejetia, {
      productId: product.id,
      supplierId: org[TEMA],
      quantity: 4,
      deliveryLocation: 'Adum',
    });
    await add(kejetia, {
      productId: product.id,
      supplierId: org[TEMA],
      quantity: 6,
      deliveryLocation: 'Suame',
    });
    await syncTema(product.id, { quantity: 1000, unitPrice: 7.25, moq: 12 });
    await expectRefused(kejetia, 409, DRAFT_MESSAGES.belowMoq(product.name, TEMA, 12, 10));

    // The price went up since the lines were added: the order takes today's offer.
    await syncTema(product.id, { quantity: 1000, unitPrice: 7.5, moq: 10 });
    const res = await checkout(kejetia);
    expect(res.statusCode, res.body).toBe(201);
    const { orders } = cartCheckoutSchema.parse(res.json());
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ productName: product.name, totalQuantity: 10, totalCost: 75 });
    const drops = await queryRows<{ addressName: string; quantity: number; address: string }>(
      t.database.db,
      sql`select address_name as "addressName", address, quantity from order_drops
          where order_id = ${orders[0]!.id} order by sequence`,
    );
    expect(drops).toEqual([
      { addressName: 'Adum', address: 'Adum', quantity: 4 },
      { addressName: 'Suame', address: 'Suame', quantity: 6 },
    ]);
  });

  it('refuses a buyer whose organisation was deactivated, naming it', async () => {
    const product = await temaProduct({ price: 3, moq: 1 });
    await add(kejetia, { productId: product.id, supplierId: org[TEMA], quantity: 5 });
    await toggle('Kejetia Health Pharmacy', false);
    try {
      await expectRefused(kejetia, 409, DRAFT_MESSAGES.inactiveBuyer('Kejetia Health Pharmacy'));
    } finally {
      await toggle('Kejetia Health Pharmacy', true);
    }
    await call('DELETE', '/api/cart', kejetia);
  });

  it('falls back to the first accepted method when the default is not accepted, and uses credit when it is the default and fits', async () => {
    const product = await temaProduct({ price: 2, moq: 1 });
    await add(ama, { productId: product.id, supplierId: org[TEMA], quantity: 10 });
    await t.database.db.execute(
      sql`update organizations set supported_payment_methods = '{cheque,mobile_money}', default_payment_method = 'cash'
          where id = ${org[TEMA]}`,
    );
    let res = await checkout(ama);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().orders[0].paymentMethod).toBe('cheque');

    // AccraCare's line with Tema covers GH₵ 20: a credit default is taken, with the Net 30 days.
    await add(ama, { productId: product.id, supplierId: org[TEMA], quantity: 10 });
    await t.database.db.execute(
      sql`update organizations set supported_payment_methods = '{mobile_money,cheque,credit_facility}',
                 default_payment_method = 'credit_facility' where id = ${org[TEMA]}`,
    );
    res = await checkout(ama);
    expect(res.statusCode, res.body).toBe(201);
    const drafted = res.json().orders[0];
    expect(drafted.paymentMethod).toBe('credit_facility');
    const [row] = await queryRows<{ useCredit: boolean; days: number | null }>(
      t.database.db,
      sql`select use_credit as "useCredit", credit_term_days as days from orders where id = ${drafted.id}`,
    );
    expect(row).toEqual({ useCredit: true, days: 30 });

    // Kejetia has no line with Tema: the credit default gives way to the first other method.
    await add(kejetia, { productId: product.id, supplierId: org[TEMA], quantity: 10 });
    res = await checkout(kejetia);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().orders[0].paymentMethod).toBe('mobile_money');
    await t.database.db.execute(
      sql`update organizations set supported_payment_methods = '{mobile_money,cheque,credit_facility}',
                 default_payment_method = 'mobile_money' where id = ${org[TEMA]}`,
    );
  });

  it('drafts the lines once when two checkouts of one cart race', async () => {
    const product = await temaProduct({ price: 5, moq: 1 });
    await add(ama, { productId: product.id, supplierId: org[TEMA], quantity: 8 });
    await add(ama, { productId: product.id, supplierId: org[TEMA], quantity: 9 });
    const results = await Promise.all([checkout(ama), checkout(ama)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().message).toBe(DRAFT_MESSAGES.emptyCart);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where product_id = ${product.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    expect((await cart(ama)).items).toEqual([]);
  });
});
