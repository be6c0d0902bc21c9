import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import readCachePlugin, { ReadCache } from './read-cache.ts';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ReadCache', () => {
  it('computes a key once and serves the same answer until a write', async () => {
    const cache = new ReadCache();
    let calls = 0;
    const compute = async () => `answer ${++calls}`;
    expect(await cache.get('k', compute)).toBe('answer 1');
    expect(await cache.get('k', compute)).toBe('answer 1');
    cache.invalidate();
    expect(await cache.get('k', compute)).toBe('answer 2');
    expect(calls).toBe(2);
  });

  it('shares one computation among concurrent misses', async () => {
    const cache = new ReadCache();
    const gate = deferred<string>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return gate.promise;
    };
    const answers = Promise.all([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)]);
    gate.resolve('shared');
    expect(await answers).toEqual(['shared', 'shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('never serves a computation that started before a write to a read made after it', async () => {
    const cache = new ReadCache();
    const slow = deferred<string>();
    const before = cache.get('k', () => slow.promise);
    cache.invalidate();
    const after = cache.get('k', async () => 'after the write');
    slow.resolve('before the write');
    expect(await before).toBe('before the write');
    expect(await after).toBe('after the write');
    expect(await cache.get('k', async () => 'recomputed')).toBe('after the write');
  });

  it('does not keep a failed computation', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(await cache.get('k', async () => 'found')).toBe('found');
  });

  it('forgets an answer after its time to live', async () => {
    const cache = new ReadCache({ ttlMs: 20 });
    let calls = 0;
    await cache.get('k', async () => ++calls);
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.get('k', async () => ++calls)).toBe(2);
  });
});

describe('read-cache plugin', () => {
  async function appWithRoutes() {
    const app = Fastify();
    await app.register(readCachePlugin);
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
      app.route({ method, url: '/api/*', handler: async () => ({ ok: true }) });
    }
    app.post('/api/refused', async (_req, reply) => reply.code(409).send({ ok: false }));
    return app;
  }

  it('moves the generation on after a successful write and not after a read or a refused write', async () => {
    const app = await appWithRoutes();
    const start = app.readCache.generation;
    await app.inject({ method: 'GET', url: '/api/suppliers' });
    await app.inject({ method: 'POST', url: '/api/refused' });
    expect(app.readCache.generation).toBe(start);
    await app.inject({ method: 'PATCH', url: '/api/org/settings' });
    expect(app.readCache.generation).toBe(start + 1);
    await app.inject({ method: 'POST', url: '/api/cart/checkout' });
    expect(app.readCache.generation).toBe(start + 2);
    await app.close();
  });

  it('leaves answers in place after sign-in and cart line changes, which no marketplace read shows', async () => {
    const app = await appWithRoutes();
    const start = app.readCache.generation;
    await app.inject({ method: 'POST', url: '/api/auth/login' });
    await app.inject({ method: 'POST', url: '/api/cart/items' });
    await app.inject({ method: 'DELETE', url: '/api/cart/items/3f1c0e52-1111-4a4a-9b9b-000000000001' });
    await app.inject({ method: 'DELETE', url: '/api/cart' });
    expect(app.readCache.generation).toBe(start);
    await app.close();
  });
});
