import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { readsOnly } from '../lib/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-side cache of marketplace answers (SPEC §7: 60 s), emptied by any write. */
    readCache: ReadCache;
  }
}

export interface ReadCacheOptions {
  /** How long an answer may be served, in ms (SPEC §7: 60 s for suppliers, catalogue and matches). */
  ttlMs?: number;
  /** Upper bound on the cached answers, in bytes (other values count 1 KB each). */
  maxSize?: number;
}

type Compute<T> = () => Promise<T>;

/**
 * Marketplace reads are the same for every buyer between writes and cost a few hundred milliseconds
 * on a large market (GMV and customer counts over every released order), so each answer is kept for
 * up to 60 s. Correctness comes from the generation: every successful write through the API moves it
 * on, and an entry is only ever read back under the generation it was computed in, so a buyer never
 * sees an answer older than the last write this process made. A computation that started before a
 * write finishes under its old generation and is never served. Concurrent misses for one key share
 * one computation (lru-cache's fetch), so a cold key under load costs one query, not one per caller.
 *
 * The cache lives in this process: with several server processes behind a balancer, a write made
 * through another process shows here within the 60 s the SPEC allows.
 */
export class ReadCache {
  #generation = 0;
  readonly #entries: LRUCache<string, { value: unknown }, Compute<unknown>>;

  constructor(opts: ReadCacheOptions = {}) {
    this.#entries = new LRUCache<string, { value: unknown }, Compute<unknown>>({
      ttl: opts.ttlMs ?? 60_000,
      maxSize: opts.maxSize ?? 64 * 1024 * 1024,
      sizeCalculation: (entry) => Math.max(1, Buffer.isBuffer(entry.value) ? entry.value.length : 1024),
      fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    });
  }

  get generation() {
    return this.#generation;
  }

  /** Forgets every answer: called after a write that may change what the marketplace shows. */
  invalidate() {
    this.#generation += 1;
  }

  /**
   * The cached value for key in the current generation, computing it (once for all callers) if absent.
   * A hit answers at once, without a promise: the busiest reads are hits, and their callers can then
   * answer without waiting a turn of the event loop.
   */
  get<T>(key: string, compute: Compute<T>): T | Promise<T> {
    const fullKey = `${this.#generation}\u0000${key}`;
    const entry = this.#entries.get(fullKey);
    if (entry) return entry.value as T;
    return this.#entries
      .fetch(fullKey, { context: compute as Compute<unknown> })
      .then((fetched) => fetched!.value as T);
  }
}

/** Writes that cannot change a marketplace read: sessions and the buyer's own cart lines. */
const NEUTRAL_WRITES = [/^\/api\/auth\//, /^\/api\/cart(\/items(\/[^/?]*)?)?(\?|$)/];

export default fp(
  async function readCache(app: FastifyInstance, opts: ReadCacheOptions) {
    const cache = new ReadCache(opts);
    app.decorate('readCache', cache);
    // onSend runs after the handler (and its transaction) finished and before the caller hears back,
    // so a read sent after the answer to a write never finds an entry from before it. The hook is put
    // on write routes only: reads, the busiest answers, carry no hook of it.
    const invalidateAfterWrite: onSendHookHandler = (request, reply, payload, done) => {
      if (reply.statusCode < 400 && !NEUTRAL_WRITES.some((pattern) => pattern.test(request.url))) {
        cache.invalidate();
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (readsOnly(route)) return;
      route.onSend = [...([] as onSendHookHandler[]).concat(route.onSend ?? []), invalidateAfterWrite];
    });
  },
  { name: 'read-cache' },
);
