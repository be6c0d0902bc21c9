import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventData } from '@aduro/shared/events';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readSseFrames, type SseFrame } from '../../test/sse.ts';
import { recordEvent } from './events.repository.ts';

let t: TestApp;
let base: string;
let buyer: string;
let temaAdmin: string;
let medilink: string;
let orgs: Record<string, string>;
let product: string;
const streams: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  buyer = await t.login('buyer@accracare.demo', 'customer');
  temaAdmin = await t.login('admin@tema-pharma.demo', 'supplier');
  medilink = await t.login('admin@accra-medilink.demo', 'supplier');
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

type Frame = SseFrame;

/** A client of GET /api/events reading frames as they arrive; waits on frames, never on time. */
interface LiveStream {
  status: number;
  contentType: string | null;
  /** The next frame of this event type (frames of other types are kept for later calls). */
  next(event: string): Promise<Frame>;
  frames: Frame[];
  ended: Promise<void>;
  /** The JSON body of a refusal. */
  body?: unknown;
  close(): void;
}

async function openStream(authorization: string | undefined, lastEventId?: number): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const waiting: Array<() => void> = [];
  const ended = (async () => {
    if (res.body && res.status === 200) {
      await readSseFrames(res.body, (read) => {
        frames.push(...read);
        for (const wake of waiting.splice(0)) wake();
      });
    }
    for (const wake of waiting.splice(0)) wake();
  })();
  let finished = false;
  void ended.then(() => (finished = true));
  const taken = new Set<Frame>();
  const stream: LiveStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    frames,
    ended,
    async next(event) {
      for (;;) {
        const found = frames.find((f) => f.event === event && !taken.has(f));
        if (found) {
          taken.add(found);
          return found;
        }
        if (finished) throw new Error(`the stream ended before a '${event}' frame`);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    close: () => controller.abort(),
  };
  if (res.status !== 200) stream.body = await res.json();
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
    expect(none.contentType).toContain('application/json');
    const bad = await openStream('Bearer not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ message: expect.any(String) });
  });

  it('streams text/event-stream and says ready once caught up', async () => {
    const s = await openStream(buyer);
    expect(s.status).toBe(200);
    expect(s.contentType).toContain('text/event-stream');
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
