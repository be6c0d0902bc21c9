import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema, type Invoice } from '@aduro/shared/invoices';
import { supplierMatchSchema } from '@aduro/shared/marketplace';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { queryRows } from '../../db/client.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inDays } from '../../test/dates.ts';

// docs/domain.md "Allocation records the batch" and "Recalls": which batches each drop received.

let t: TestApp;
let ama: string;
let temaStock: string;
let temaDispatch: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  [ama, temaStock, temaDispatch] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('dispatch@tema-pharma.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, authorization: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A fresh product only Tema stocks, one lot per [batch, days to expiry, units]. */
async function temaProduct(lots: [string, number, number][]) {
  const res = await call('POST', '/api/products', temaStock, {
    name: `Batch order product ${++seq}`,
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '20 tablets',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  const lotIds: Record<string, string> = {};
  for (const [batchNumber, days, quantity] of lots) {
    const synced = await call('POST', '/api/inventory', temaStock, {
      productId: id,
      quantity,
      unitPrice: 10,
      moq: 1,
      batchNumber,
      expiryDate: inDays(days),
    });
    expect(synced.statusCode, synced.body).toBe(200);
    lotIds[batchNumber] = synced.json().id as string;
  }
  return { id, lotIds };
}

/** Drafts and approves an order of Tema's product, one drop per quantity. */
async function approvedOrder(productId: string, quantities: number[]): Promise<Order> {
  const drafted = await call('POST', '/api/orders', ama, {
    sellerId: org[TEMA],
    productId,
    paymentTermMethod: 'mobile_money',
    drops: quantities.map((quantity, i) => ({
      addressName: `Branch ${i + 1}`,
      address: '1 Ring Road, Accra',
      quantity,
      estimatedDeliveryDate: inDays(5 + i),
    })),
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const approved = await call('POST', `/api/orders/${drafted.json().id}/approve`, ama);
  expect(approved.statusCode, approved.body).toBe(200);
  return orderSchema.strict().parse(approved.json());
}

async function orderAs(orderId: string, authorization: string): Promise<Order> {
  const res = await call('GET', `/api/orders/${orderId}`, authorization);
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

async function listedOrder(orderId: string, authorization: string): Promise<Order> {
  const res = await call('GET', '/api/orders', authorization);
  expect(res.statusCode).toBe(200);
  const found = (res.json() as Order[]).find((o) => o.id === orderId);
  expect(found).toBeDefined();
  return orderSchema.strict().parse(found);
}

async function invoiceOf(orderId: string): Promise<Invoice> {
  const res = await call('GET', '/api/invoices', ama);
  expect(res.statusCode).toBe(200);
  const found = (res.json() as Invoice[]).find((i) => i.order.id === orderId);
  expect(found).toBeDefined();
  return invoiceSchema.strict().parse(found);
}

async function lotQuantities(productId: string) {
  return queryRows<{ batch: string; quantity: number }>(
    t.database.db,
    sql`select batch_number as batch, quantity from inventory_lots where product_id = ${productId}
        order by expiry_date, batch_number`,
  );
}

/**
 * Quarantines a lot under a new recall as the recalls workflow does (recall, recall_lots, quarantined_at
 * and recall.declared, in one transaction), so the marketplace's cached answers drop the lot's units.
 */
async function recallLot(lotId: string, productId: string) {
  const number = `RC-TEST-${lotId.slice(0, 8)}`;
  return inTransaction(t.app.db, async (tx) => {
    const [recall] = await queryRows<{ id: string }>(
      tx,
      sql`insert into recalls (number, product_id, supplier_id, batch_numbers, reason, severity,
                               declared_by_org_id, declared_by_name)
          select ${number}, ${productId}, ${org[TEMA]}, array[batch_number], 'Contaminated', 'class_1',
                 ${org[TEMA]}, 'Test'
          from inventory_lots where id = ${lotId}
          returning id`,
    );
    await tx.execute(sql`
      insert into recall_lots (recall_id, lot_id, units_held)
      select ${recall!.id}, id, quantity from inventory_lots where id = ${lotId}`);
    await tx.execute(sql`update inventory_lots set quarantined_at = now() where id = ${lotId}`);
    await recordEvent(tx, {
      type: 'recall.declared',
      orgIds: [org[TEMA]!],
      audience: ['customer'],
      refs: { recallId: recall!.id, productIds: [productId], supplierId: org[TEMA] },
    });
    return { id: recall!.id, number };
  });
}

describe('orders record the batches their drops received', () => {
  it('allocates the earliest-expiring batch first across a two-drop order', async () => {
    const product = await temaProduct([
      ['LATE0001', 400, 100],
      ['SOON0001', 200, 30],
    ]);
    const order = await approvedOrder(product.id, [20, 25]);
    expect(order.drops.map((d) => d.batches)).toEqual([
      [{ batchNumber: 'SOON0001', expiryDate: inDays(200), quantity: 20 }],
      [
        { batchNumber: 'SOON0001', expiryDate: inDays(200), quantity: 10 },
        { batchNumber: 'LATE0001', expiryDate: inDays(400), quantity: 15 },
      ],
    ]);
    expect(order.drops.map((d) => d.recalls)).toEqual([[], []]);
    expect(await lotQuantities(product.id)).toEqual([
      { batch: 'SOON0001', quantity: 0 },
      { batch: 'LATE0001', quantity: 85 },
    ]);
  });

  it("shows each drop's batches and expiries on the order, in the list, to both sides, and on the invoice", async () => {
    const product = await temaProduct([
      ['AMX2406B', 150, 10],
      ['AMX2409A', 300, 100],
    ]);
    const order = await approvedOrder(product.id, [6, 8]);
    const expected = [
      [{ batchNumber: 'AMX2406B', expiryDate: inDays(150), quantity: 6 }],
      [
        { batchNumber: 'AMX2406B', expiryDate: inDays(150), quantity: 4 },
        { batchNumber: 'AMX2409A', expiryDate: inDays(300), quantity: 4 },
      ],
    ];
    for (const token of [ama, temaDispatch]) {
      expect((await orderAs(order.id, token)).drops.map((d) => d.batches)).toEqual(expected);
      expect((await listedOrder(order.id, token)).drops.map((d) => d.batches)).toEqual(expected);
    }
    expect((await invoiceOf(order.id)).drops).toEqual([
      { sequence: 1, addressName: 'Branch 1', quantity: 6, batches: expected[0] },
      { sequence: 2, addressName: 'Branch 2', quantity: 8, batches: expected[1] },
    ]);
  });

  it("returns a cancelled drop's units to the same batch's lot and empties its batches", async () => {
    const product = await temaProduct([
      ['PCM25117', 120, 10],
      ['PCM25203', 360, 50],
    ]);
    const order = await approvedOrder(product.id, [4, 12]);
    expect(await lotQuantities(product.id)).toEqual([
      { batch: 'PCM25117', quantity: 0 },
      { batch: 'PCM25203', quantity: 44 },
    ]);
    const res = await call('PATCH', `/api/orders/${order.id}/drops/${order.drops[1]!.id}`, temaDispatch, {
      status: 'Cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = orderSchema.strict().parse(res.json());
    expect(after.drops.map((d) => [d.status, d.batches])).toEqual([
      ['Awaiting Dispatch', [{ batchNumber: 'PCM25117', expiryDate: inDays(120), quantity: 4 }]],
      ['Cancelled', []],
    ]);
    expect(await lotQuantities(product.id)).toEqual([
      { batch: 'PCM25117', quantity: 6 },
      { batch: 'PCM25203', quantity: 50 },
    ]);
    // The invoice leaves the cancelled drop out.
    expect((await invoiceOf(order.id)).drops.map((d) => [d.sequence, d.batches.length])).toEqual([[1, 1]]);
  });

  it("names the recalls of a drop's batches, with the buyer's acknowledgement once given", async () => {
    const product = await temaProduct([
      ['MF-2501-03', 150, 10],
      ['MF-2504-01', 300, 100],
    ]);
    const order = await approvedOrder(product.id, [5, 30]);
    const recall = await recallLot(product.lotIds['MF-2501-03']!, product.id);
    const first = await orderAs(order.id, ama);
    // First expiry first out: drop 1's 5 units and 5 of drop 2's 30 came from the recalled batch.
    const named = { id: recall.id, number: recall.number, severity: 'class_1', batchNumbers: ['MF-2501-03'] };
    expect(first.drops.map((d) => d.recalls)).toEqual([
      [{ ...named, units: 5, acknowledgedAt: null }],
      [{ ...named, units: 5, acknowledgedAt: null }],
    ]);
    await t.database.db.execute(sql`
      insert into recall_acknowledgements (recall_id, drop_id, acknowledged_by_name, acknowledged_at)
      values (${recall.id}, ${order.drops[0]!.id}, 'Ama', '2026-03-04T05:06:07.089Z')`);
    const acknowledged = await listedOrder(order.id, temaDispatch);
    expect(acknowledged.drops.map((d) => d.recalls.map((r) => r.acknowledgedAt))).toEqual([
      ['2026-03-04T05:06:07.089Z'],
      [null],
    ]);
  });
});

describe('a quarantined lot', () => {
  it('is not allocated: the order is filled from the other batch', async () => {
    const product = await temaProduct([
      ['RCL0001', 150, 100],
      ['OK00001', 300, 40],
    ]);
    await recallLot(product.lotIds.RCL0001!, product.id);
    const order = await approvedOrder(product.id, [15, 20]);
    expect(order.drops.map((d) => d.batches)).toEqual([
      [{ batchNumber: 'OK00001', expiryDate: inDays(300), quantity: 15 }],
      [{ batchNumber: 'OK00001', expiryDate: inDays(300), quantity: 20 }],
    ]);
    expect(order.drops.map((d) => d.recalls)).toEqual([[], []]);
    expect(await lotQuantities(product.id)).toEqual([
      { batch: 'RCL0001', quantity: 100 },
      { batch: 'OK00001', quantity: 5 },
    ]);
  });

  it("no longer counts in the marketplace's matches and stock for the product", async () => {
    const product = await temaProduct([
      ['RCL0002', 100, 70],
      ['OK00002', 500, 30],
    ]);
    const matchOf = async () => {
      const res = await call('GET', `/api/products/${product.id}/suppliers`, ama);
      expect(res.statusCode, res.body).toBe(200);
      const match = (res.json() as unknown[]).map((m) => supplierMatchSchema.parse(m));
      return match.find((m) => m.id === org[TEMA]);
    };
    const catalogueQuantity = async () => {
      const res = await call('GET', `/api/suppliers/${org[TEMA]}/products`, ama);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { productId: string; quantity: number }[]).find((p) => p.productId === product.id)
        ?.quantity;
    };
    expect((await matchOf())?.availableQuantity).toBe(100);
    expect(await catalogueQuantity()).toBe(100);

    await recallLot(product.lotIds.RCL0002!, product.id);
    expect(await matchOf()).toMatchObject({ availableQuantity: 30, longestShelfLifeDays: 500 });
    expect(await catalogueQuantity()).toBe(30);

    // With every lot quarantined, Tema no longer offers the product at all.
    await recallLot(product.lotIds.OK00002!, product.id);
    expect(await matchOf()).toBeUndefined();
    expect(await catalogueQuantity()).toBeUndefined();
  });
});
