import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { marketplaceTagsOf } from '../modules/suppliers/marketplace-tags.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-side cache of marketplace answers (SPEC §7: 60 s), dropped by what the feed says changed. */
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
 * Marketplace reads are the same for every buyer between writes and cost a few milliseconds to a few
 * hundred on a large market, so each answer is kept for up to 60 s. Each answer names the things it
 * shows (tags: 'market', 'supplier:<id>', 'product:<id>', 'buyer:<id>'); an event from the change feed
 * drops the tags it concerns (modules/suppliers/marketplace-tags.ts), on every replica, and leaves the
 * rest (docs/decisions/0007-invalidation-by-what-changed.md).
 *
 * Correctness comes from generations: each tag has a counter that a drop moves on, and an entry's key
 * carries the sum of its tags' counters (counters only grow, so any drop changes the sum). An entry is
 * therefore only read back while none of its tags was dropped, and a computation that started before a
 * drop finishes under the old key and is never served. Concurrent misses for one key share one
 * computation (lru-cache's fetch), so a cold key under load costs one query, not one per caller.
 */
export class ReadCache {
  /** Moves on when everything is dropped (a gap in the feed). */
  #all = 0;
  readonly #generations = new Map<string, number>();
  readonly #entries: LRUCache<string, { value: unknown }, Compute<unknown>>;

  constructor(opts: ReadCacheOptions = {}) {
    this.#entries = new LRUCache<string, { value: unknown }, Compute<unknown>>({
      ttl: opts.ttlMs ?? 60_000,
      maxSize: opts.maxSize ?? 64 * 1024 * 1024,
      sizeCalculation: (entry) => Math.max(1, Buffer.isBuffer(entry.value) ? entry.value.length : 1024),
      fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    });
  }

  /** Drops every answer that shows one of these tags. */
  invalidate(tags: Iterable<string>) {
    for (const tag of tags) this.#generations.set(tag, (this.#generations.get(tag) ?? 0) + 1);
  }

  /** Drops every answer: after a gap in the feed, when what was missed is unknown. */
  invalidateAll() {
    // Counters are never reset (a reset could bring a sum back to an old value): one small entry per
    // supplier, product and buyer that ever changed.
    this.#all += 1;
  }

  /**
   * The cached value for key under its tags' current generations, computing it (once for all callers)
   * if absent. A hit answers at once, without a promise: the busiest reads are hits, and their callers
   * can then answer without waiting a turn of the event loop.
   */
  get<T>(key: string, tags: readonly string[], compute: Compute<T>): T | Promise<T> {
    let generation = this.#all;
    for (const tag of tags) generation += this.#generations.get(tag) ?? 0;
    const fullKey = `${generation}\u0000${key}`;
    const entry = this.#entries.get(fullKey);
    if (entry) return entry.value as T;
    return this.#entries
      .fetch(fullKey, { context: compute as Compute<unknown> })
      .then((fetched) => fetched!.value as T);
  }
}

export default fp(
  async function readCache(app: FastifyInstance, opts: ReadCacheOptions) {
    const cache = new ReadCache(opts);
    app.decorate('readCache', cache);
    // Every replica hears every event, its own included (delivered before the writer answers, see
    // plugins/feed.ts), and drops only what the event changed.
    app.feed.subscribe((event) => cache.invalidate(marketplaceTagsOf(event)));
    app.feed.onResync(() => cache.invalidateAll());
  },
  { name: 'read-cache', dependencies: ['feed'] },
);
