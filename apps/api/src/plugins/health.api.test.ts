import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

describe('health probes', () => {
  it('answers live and ready on a migrated database, and /api/health reports the database up', async () => {
    const live = await get(t, '/api/health/live');
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await get(t, '/api/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
    expect(ready.headers['cache-control']).toBe('no-store');
    const health = await get(t, '/api/health');
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok', database: 'up' }]);
    expect(health.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not ready while draining, though still live', async () => {
    t.app.draining = true;
    try {
      const ready = await get(t, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'draining', message: 'This server is shutting down.' });
      expect((await get(t, '/api/health/live')).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
    expect((await get(t, '/api/health/ready')).statusCode).toBe(200);
  });

  it('is not ready while a migration this version ships is missing from the database', async () => {
    const other = await createTestApp();
    try {
      const [row] = await queryRows<{ applied: number }>(
        other.database.db,
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const applied = row!.applied;
      await other.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const ready = await get(other, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        message: `The database has ${applied - 1} of the ${applied} migrations this version needs.`,
      });
      await other.database.db.execute(sql`drop schema drizzle cascade`);
      expect((await get(other, '/api/health/ready')).json().message).toBe(
        `The database has 0 of the ${applied} migrations this version needs.`,
      );
    } finally {
      await other.close();
    }
  });

  it('is not ready, and /api/health reports the database down, when the database does not answer', async () => {
    const other = await createTestApp();
    await other.database.close();
    try {
      const ready = await get(other, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.' });
      expect((await get(other, '/api/health/live')).statusCode).toBe(200);
      const health = await get(other, '/api/health');
      expect([health.statusCode, health.json()]).toEqual([
        503,
        { status: 'unavailable', database: 'down', message: 'The database is not answering.' },
      ]);
      expect((await other.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await other.app.close();
      await rm(other.dataDir, { recursive: true, force: true });
    }
  });
});
