import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '@aduro/shared/errors';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { readSseFrames, type SseFrame } from '../test/sse.ts';

describe('REQUEST_TIMEOUT_MS', () => {
  let t: TestApp;
  let base: string;
  let buyer: string;
  let temaAdmin: string;
  const controller = new AbortController();

  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '2500' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    buyer = await t.login('buyer@accracare.demo', 'customer');
    temaAdmin = await t.login('admin@tema-pharma.demo', 'supplier');
  });
  afterAll(async () => {
    controller.abort();
    await t.close();
  });

  it('answers 503 with Retry-After past it, and leaves the live stream open', async () => {
    // The live stream, opened before the slow request below so it outlives the timeout.
    const res = await fetch(`${base}/api/events`, {
      headers: { authorization: buyer },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const frames: SseFrame[] = [];
    let wake = () => {};
    void readSseFrames(res.body!, (read) => {
      frames.push(...read);
      wake();
    });
    const frame = async (event: string) => {
      while (!frames.some((f) => f.event === event)) await new Promise<void>((resolve) => (wake = resolve));
    };
    await frame('ready');

    // Hold the database still: PGlite runs one transaction at a time, and on PostgreSQL the
    // organisations table is locked, so the request below waits past REQUEST_TIMEOUT_MS.
    let release = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table organizations in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const slow = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { authorization: buyer } });
    release();
    await holding;
    expect(slow.statusCode, slow.body).toBe(503);
    expect(slow.headers['retry-after']).toBe('5');
    expect(slow.json()).toMatchObject({
      message: UNAVAILABLE_MESSAGE,
      code: 'UNAVAILABLE',
      kind: 'unavailable',
    });

    // The stream, older than the timeout, still delivers.
    const [product] = await queryRows<{ id: string }>(t.database.db, sql`select id from products limit 1`);
    const synced = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: { authorization: temaAdmin },
      payload: { productId: product!.id, quantity: 7, unitPrice: 12.5, moq: 1, expiryDate: '2031-06-30' },
    });
    expect(synced.statusCode, synced.body).toBe(200);
    await frame('inventory.synced');
  });
});
