import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventData } from '@aduro/shared/events';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { openSseStream, type SseStream } from '../../test/sse.ts';
import { recordEvent } from './events.repository.ts';

let t: TestApp;
let base: string;
let buyer: string;
let temaAdmin: string;
let medilink: string;
let temaStock: string;
let kejetia: string;
let platform: string;
let orgs: Record<string, string>;
let product: string;
const streams: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  buyer = await t.login('buyer@accracare.demo', 'customer');
  temaAdmin = await t.login('admin@tema-pharma.demo', 'supplier');
  medilink = await t.login('admin@accra-medilink.demo', 'supplier');
  temaStock = await t.login('stock@tema-pharma.demo', 'supplier');
  kejetia = await t.login('buyer@kejetia-health.demo', 'customer');
  platform = await t.login('admin@aduro.demo', 'platform');
  orgs = await t.organisationIds();
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from products order by name limit 1`,
  );
  product = row!.id;
});
afterAll(async () => {
  for (const s of streams) s.close();
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

type LiveStream = SseStream;

/** A stream of GET /api/events on this test's server, closed after the tests. */
async function openStream(authorization: string | undefined, lastEventId?: number): Promise<LiveStream> {
  const stream = await openSseStream(base, authorization, lastEventId);
  streams.push(stream);
  return stream;
}

const sync = (authorization: string, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: { authorization },
    payload: { productId: product, quantity, unitPrice: 12.5, moq: 1, expiryDate: '2031-06-30' },
  });

describe('GET /api/events', () => {
  it('refuses a caller without a token, or with a bad one, with 401 before any stream starts', async () => {
    const none = await openStream(undefined);
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toContain('application/json');
    const bad = await openStream('Bearer not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ message: expect.any(String) });
  });

  it('streams text/event-stream and says ready once caught up', async () => {
    const s = await openStream(buyer);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toContain('text/event-stream');
    // The caller's own changes: no cache may keep them (docs/decisions/0009-live-stream.md), and no
    // proxy may transform (buffer or compress) the stream.
    expect(s.headers.get('cache-control')).toBe('no-store, no-transform');
    await s.next('ready');
    s.close();
  });

  it("sends a supplier's stock sync to every buyer with only the supplier and product, and to the supplier in full", async () => {
    const buyerStream = await openStream(buyer);
    const supplierStream = await openStream(temaAdmin);
    const otherSupplier = await openStream(medilink);
    await Promise.all([buyerStream.next('ready'), supplierStream.next('ready'), otherSupplier.next('ready')]);

    expect((await sync(temaAdmin, 40)).statusCode).toBe(200);

    const seenByBuyer = await buyerStream.next('inventory.synced');
    const data = seenByBuyer.data as LiveEventData;
    expect(data.refs).toEqual({ supplierId: orgs['Tema Pharma Distributors'], productIds: [product] });
    expect(seenByBuyer.id).toBe(String(data.id));
    const seenBySupplier = (await supplierStream.next('inventory.synced')).data as LiveEventData;
    expect(seenBySupplier.id).toBe(data.id);
    expect(seenBySupplier.refs.lotId).toEqual(expect.any(String));

    // Another supplier is not concerned and is not a buyer: it hears nothing of it. A later event that
    // concerns it proves its stream was live all along.
    await t.database.db.transaction((tx) =>
      recordEvent(tx, { type: 'staff.changed', orgIds: [orgs['Accra Medilink Importers']!] }),
    );
    await otherSupplier.next('staff.changed');
    expect(otherSupplier.frames.map((f) => f.event)).not.toContain('inventory.synced');
  });

  it('resumes after Last-Event-ID with the events the caller missed, in order', async () => {
    const first = await openStream(temaAdmin);
    await first.next('ready');
    await sync(temaAdmin, 41);
    const seen = (await first.next('inventory.synced')).data as LiveEventData;
    first.close();

    // While disconnected: two more syncs.
    await sync(temaAdmin, 42);
    await sync(temaAdmin, 43);

    const resumed = await openStream(temaAdmin, seen.id);
    await resumed.next('ready');
    const replayed = resumed.frames
      .filter((f) => f.event === 'inventory.synced')
      .map((f) => (f.data as LiveEventData).id)
      .filter((id) => id > seen.id);
    expect(replayed).toHaveLength(2);
    expect(replayed[0]!).toBeLessThan(replayed[1]!);
  });

  it("never sends one organisation's orders or staff changes to another", async () => {
    const medilinkStream = await openStream(medilink);
    await medilinkStream.next('ready');
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'order.drafted',
        orgIds: [orgs['AccraCare Pharmacy']!, orgs['Tema Pharma Distributors']!],
        refs: { buyerId: orgs['AccraCare Pharmacy'], supplierId: orgs['Tema Pharma Distributors'] },
      }),
    );
    await t.database.db.transaction((tx) =>
      recordEvent(tx, { type: 'staff.changed', orgIds: [orgs['Accra Medilink Importers']!] }),
    );
    await medilinkStream.next('staff.changed');
    expect(medilinkStream.frames.map((f) => f.event)).not.toContain('order.drafted');
  });

  it("closes a removed user's stream with signed-out", async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/org/users',
      headers: { authorization: temaAdmin },
      payload: {
        name: 'Short Stay',
        email: 'short.stay@tema-pharma.demo',
        password: 'demo12345',
        roles: ['ShippingClerk'],
      },
    });
    expect(invited.statusCode).toBe(201);
    const userId = (invited.json() as { id: string }).id;
    const token = await t.login('short.stay@tema-pharma.demo', 'supplier', 'demo12345');
    const s = await openStream(token);
    await s.next('ready');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/users/${userId}`,
      headers: { authorization: temaAdmin },
    });
    expect(removed.statusCode).toBeLessThan(300);
    const last = await s.next('signed-out');
    expect(last.data).toEqual({ reason: 'removed' });
    await s.ended;
    const again = await openStream(token);
    expect(again.status).toBe(401);
  });
});

describe('GET /api/events: an event naming several organisations', () => {
  const TEMA = 'Tema Pharma Distributors';
  const MEDILINK = 'Accra Medilink Importers';
  const ACCRACARE = 'AccraCare Pharmacy';
  let seq = 0;
  const call = (method: 'POST' | 'DELETE', url: string, authorization: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  /** A fresh product, stocked by each supplier in `stockers` with the same batch. */
  async function stockedByEach(stockers: string[], batchNumber: string): Promise<string> {
    const created = await call('POST', '/api/products', temaStock, {
      name: `Live tenancy product ${++seq}`,
      brandName: 'Test',
      category: 'Tests',
      unitOfMeasure: 'Box',
      itemsPerUnit: '20 tablets',
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().id as string;
    for (const authorization of stockers) {
      const synced = await call('POST', '/api/inventory', authorization, {
        productId,
        quantity: 50,
        unitPrice: 10,
        moq: 1,
        expiryDate: '2031-06-30',
        batchNumber,
      });
      expect(synced.statusCode, synced.body).toBe(200);
    }
    return productId;
  }

  /** Streams for each caller, all caught up (ready) before anything is written. */
  async function streamsOf<K extends string>(callers: Record<K, string>): Promise<Record<K, LiveStream>> {
    const opened = {} as Record<K, LiveStream>;
    for (const [who, authorization] of Object.entries(callers) as [K, string][])
      opened[who] = await openStream(authorization);
    await Promise.all(Object.values<LiveStream>(opened).map((s) => s.next('ready')));
    return opened;
  }

  const refsOf = async (stream: LiveStream, type: string, id: number) =>
    ((await stream.next(type, id)).data as LiveEventData).refs;

  it('tells each supplier of a platform recall only its own id, the platform both, a buyer neither', async () => {
    // docs/domain.md "Activity and order history": a supplier never sees the rest of a platform recall's
    // list.
    const productId = await stockedByEach([temaStock, medilink], 'LIVE-R1');
    // AccraCare holds units of Tema's lot, so it is one of the organisations the recall names.
    const drafted = await call('POST', '/api/orders', buyer, {
      sellerId: orgs[TEMA],
      productId,
      paymentTermMethod: 'mobile_money',
      drops: [
        {
          addressName: 'Main',
          address: '1 Ring Road, Accra',
          contactName: 'Efua Owusu',
          contactPhone: '+233 20 111 2222',
          quantity: 2,
        },
      ],
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const approved = await call('POST', `/api/orders/${drafted.json().id}/approve`, buyer);
    expect(approved.statusCode, approved.body).toBe(200);

    const s = await streamsOf({ tema: temaAdmin, medilink, platform, buyer, kejetia });
    const declared = await call('POST', '/api/recalls', platform, {
      productId,
      batchNumbers: ['LIVE-R1'],
      reason: 'Dissolution test failed at the manufacturer',
      severity: 'class_2',
    });
    expect(declared.statusCode, declared.body).toBe(201);
    const recallId = declared.json().id as string;
    const [event] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id::int as id from events where type = 'recall.declared' and refs ->> 'recallId' = ${recallId}`,
    );
    const id = event!.id;

    const both = [orgs[TEMA], orgs[MEDILINK]].sort();
    const seenBy = {
      tema: await refsOf(s.tema, 'recall.declared', id),
      medilink: await refsOf(s.medilink, 'recall.declared', id),
      platform: await refsOf(s.platform, 'recall.declared', id),
      buyer: await refsOf(s.buyer, 'recall.declared', id),
      kejetia: await refsOf(s.kejetia, 'recall.declared', id),
    };
    expect(seenBy.tema).toEqual({ recallId, productIds: [productId], supplierIds: [orgs[TEMA]] });
    expect(seenBy.medilink).toEqual({ recallId, productIds: [productId], supplierIds: [orgs[MEDILINK]] });
    expect({ ...seenBy.platform, supplierIds: [...(seenBy.platform.supplierIds ?? [])].sort() }).toEqual({
      recallId,
      productIds: [productId],
      supplierIds: both,
    });
    // A buyer holding recalled units learns which of its deliveries through the recall's reads, not
    // which suppliers the recall covered; a buyer it did not reach hears only that the product changed.
    expect(seenBy.buyer).toEqual({ recallId, productIds: [productId] });
    expect(seenBy.kejetia).toEqual({ productIds: [productId] });

    // A resumed stream replays it through the same rule.
    const resumed = await openStream(medilink, id - 1);
    expect(await refsOf(resumed, 'recall.declared', id)).toEqual(seenBy.medilink);
  });

  it("never tells a supplier which orders and products a buyer's checkout placed with another supplier", async () => {
    const fromTema = await stockedByEach([temaStock], 'LIVE-C1');
    const fromMedilink = await stockedByEach([medilink], 'LIVE-C2');
    await call('DELETE', '/api/cart', buyer);
    for (const [productId, supplier] of [
      [fromTema, TEMA],
      [fromMedilink, MEDILINK],
    ] as const) {
      const added = await call('POST', '/api/cart/items', buyer, {
        productId,
        supplierId: orgs[supplier],
        quantity: 5,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const s = await streamsOf({ tema: temaAdmin, medilink, buyer });
    const checkout = await call('POST', '/api/cart/checkout', buyer);
    expect(checkout.statusCode, checkout.body).toBe(201);
    const orderIds = (checkout.json().orders as { id: string }[]).map((o) => o.id);
    expect(orderIds).toHaveLength(2);

    const toBuyer = (await s.buyer.next('order.drafted')).data as LiveEventData;
    expect(toBuyer.refs).toMatchObject({ buyerId: orgs[ACCRACARE] });
    expect([...toBuyer.refs.orderIds!].sort()).toEqual([...orderIds].sort());
    expect([...toBuyer.refs.productIds!].sort()).toEqual([fromTema, fromMedilink].sort());
    // Each seller hears that the buyer drafted orders with it, and reads which through its orders list.
    for (const seller of [s.tema, s.medilink]) {
      expect(await refsOf(seller, 'order.drafted', toBuyer.id)).toEqual({ buyerId: orgs[ACCRACARE] });
    }
  });
});
