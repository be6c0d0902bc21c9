import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { testDriver } from '../test/databases.ts';
import { inDays } from '../test/dates.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { IDEMPOTENCY_MESSAGES } from './idempotency.ts';

let t: TestApp;
let buyer: string;
let otherBuyer: string;
let stock: string;
let org: Record<string, string>;
let productId: string;
const TEMA = 'Tema Pharma Distributors';

beforeAll(async () => {
  t = await createTestApp();
  [buyer, otherBuyer, stock] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('stock@tema-pharma.demo', 'supplier'),
  ]);
  org = await t.organisationIds();
  const created = await post('/api/products', stock, {
    name: 'Idempotency test product',
    brandName: 'Test',
    category: 'Tests',
    unitOfMeasure: 'Box',
    itemsPerUnit: '10 vials',
  });
  productId = created.json().id as string;
  const synced = await post('/api/inventory', stock, {
    productId,
    quantity: 500,
    unitPrice: 10,
    expiryDate: inDays(300),
  });
  expect(synced.statusCode, synced.body).toBe(200);
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

function post(url: string, authorization: string, payload?: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(payload ? { payload } : {}),
  });
}

const draftBody = (units: number) => ({
  sellerId: org[TEMA],
  productId,
  paymentTermMethod: 'mobile_money',
  drops: [{ addressName: 'Main branch', address: '1 High Street, Accra', quantity: units }],
});
const ordersOfProduct = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where product_id = ${productId}`,
    )
  )[0]!.n;

let keys = 0;
const newKey = () => `test-key-${Date.now().toString(36)}-${++keys}`;

describe('Idempotency-Key', () => {
  it('drafts one order when the same draft is sent twice with one key, and answers both alike', async () => {
    const before = await ordersOfProduct();
    const key = newKey();
    const first = await post('/api/orders', buyer, draftBody(5), key);
    const again = await post('/api/orders', buyer, draftBody(5), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOfProduct()).toBe(before + 1);
  });

  it('approves once when the approval is repeated after a lost answer, and replays the first answer', async () => {
    const order = (await post('/api/orders', buyer, draftBody(4))).json() as { id: string };
    const key = newKey();
    const first = await post(`/api/orders/${order.id}/approve`, buyer, undefined, key);
    const again = await post(`/api/orders/${order.id}/approve`, buyer, undefined, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const released = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from events where type = 'order.released' and refs->'orderIds' ? ${order.id}`,
    );
    expect(released[0]!.n).toBe(1);
    // Without a key, a repeat is a new request, refused as before.
    expect((await post(`/api/orders/${order.id}/approve`, buyer)).statusCode).toBe(409);
  });

  it('replays a refusal too: the same key gets the same 409, it does not run again', async () => {
    const order = (await post('/api/orders', buyer, draftBody(3))).json() as { id: string };
    expect((await post(`/api/orders/${order.id}/approve`, buyer)).statusCode).toBe(200);
    const key = newKey();
    const first = await post(`/api/orders/${order.id}/approve`, buyer, undefined, key);
    const again = await post(`/api/orders/${order.id}/approve`, buyer, undefined, key);
    expect(first.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses one key used for a different request with 409 and a sentence', async () => {
    const key = newKey();
    expect((await post('/api/orders', buyer, draftBody(5), key)).statusCode).toBe(201);
    const other = await post('/api/orders', buyer, draftBody(6), key);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.otherRequest);
  });

  it('keeps keys per user: another buyer may use the same text', async () => {
    const key = newKey();
    expect((await post('/api/orders', buyer, draftBody(5), key)).statusCode).toBe(201);
    const theirs = await post('/api/orders', otherBuyer, draftBody(5), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key that is empty, too long or not visible text with 400', async () => {
    for (const key of ['x'.repeat(201), 'has space', 'tab\tinside']) {
      const res = await post('/api/orders', buyer, draftBody(5), key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.badKey);
    }
  });
});

// Concurrent repeats need real concurrent connections: PGlite has one.
describe.skipIf(testDriver() !== 'postgres')('Idempotency-Key under concurrent repeats (PostgreSQL)', () => {
  it('runs the write once when ten copies arrive at once; the rest replay it or are asked to wait', async () => {
    const before = await ordersOfProduct();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/orders', buyer, draftBody(2), key)),
    );
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(await ordersOfProduct()).toBe(before + 1);
    for (const a of answers.filter((r) => r.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    }
  });
});
