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
  /**
   * Where this process stands in the change feed (ChangeFeed's mark and appliedBy). Without it no
   * answer is served while its refresh runs: every read waits for the fresh one.
   */
  feed?: { readonly mark: number; appliedBy(id: number, mark: number): boolean };
}

type Compute<T> = () => Promise<T>;

/**
 * How current a read must be. 'latest': everything this process has heard of (the default). A number:
 * at least that feed position, the caller's last write or event (AFTER_HEADER). 'any': the caller named
 * none, so an answer from before the last drop may do while the fresh one is being made.
 */
export type Currency = 'latest' | 'any' | number;

/** A header's position as the currency of a read: what the caller has seen, else 'any'. */
export function currencyOf(after: number | null): Currency {
  return after === null ? 'any' : after;
}

interface Kept {
  value: unknown;
  /** The feed's mark when its computation started: it shows every event applied by then. */
  mark: number;
}

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
 * drop finishes under the old key and is never served as current. Concurrent misses for one key share
 * one computation (lru-cache's fetch), so a cold key under load costs one query, not one per caller.
 *
 * Stale while refreshing: the read that finds its answer dropped starts the refresh and waits for it.
 * Reads arriving while that refresh runs get the answer it replaces at once, when it is current enough
 * for them (Currency): it must show the position the caller names, or, for a caller naming none, it may
 * be the one before. So a market writing 100 times a second costs each answer one refresh per write,
 * not a queue of waiting readers per write, and nobody reads older than their own last write or event.
 */
export class ReadCache {
  /** Moves on when everything is dropped (a gap in the feed). */
  #all = 0;
  readonly #generations = new Map<string, number>();
  readonly #entries: LRUCache<string, Kept, { compute: Compute<unknown>; mark: number }>;
  /** The newest answer of each key, whatever its generation, for reads arriving during its refresh. */
  readonly #previous: LRUCache<string, Kept>;
  /** Refreshes under way, by full key. */
  readonly #refreshing = new Map<string, Promise<unknown>>();
  readonly #feed: ReadCacheOptions['feed'];

  constructor(opts: ReadCacheOptions = {}) {
    const ttl = opts.ttlMs ?? 60_000;
    const maxSize = opts.maxSize ?? 64 * 1024 * 1024;
    const sizeCalculation = (entry: Kept) =>
      Math.max(1, Buffer.isBuffer(entry.value) ? entry.value.length : 1024);
    this.#feed = opts.feed;
    this.#entries = new LRUCache<string, Kept, { compute: Compute<unknown>; mark: number }>({
      ttl,
      maxSize,
      sizeCalculation,
      fetchMethod: async (_key, _stale, { context }) => ({
        value: await context.compute(),
        mark: context.mark,
      }),
    });
    // Same lifetime as an answer: nothing older than SPEC's 60 s is ever served.
    this.#previous = new LRUCache<string, Kept>({ ttl, maxSize, sizeCalculation });
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
    // After a gap nothing derived earlier is trusted, not even while refreshing.
    this.#previous.clear();
  }

  /**
   * The cached value for key under its tags' current generations, computing it (once for all callers)
   * if absent; while that computation runs, the previous value when `currency` allows it. A hit answers
   * at once, without a promise: the busiest reads are hits, and their callers can then answer without
   * waiting a turn of the event loop.
   */
  get<T>(
    key: string,
    tags: readonly string[],
    compute: Compute<T>,
    currency: Currency = 'latest',
  ): T | Promise<T> {
    let generation = this.#all;
    for (const tag of tags) generation += this.#generations.get(tag) ?? 0;
    const fullKey = `${generation}\u0000${key}`;
    const entry = this.#entries.get(fullKey);
    if (entry) return entry.value as T;
    const running = this.#refreshing.get(fullKey);
    if (running) {
      const previous = this.#previous.get(key);
      if (previous && this.#currentEnough(previous, currency)) return previous.value as T;
      return running as Promise<T>;
    }
    const mark = this.#feed?.mark ?? 0;
    const refresh = this.#entries
      .fetch(fullKey, { context: { compute: compute as Compute<unknown>, mark } })
      .then((fetched) => {
        const kept = this.#previous.get(key);
        if (!kept || kept.mark <= mark) this.#previous.set(key, fetched!);
        return fetched!.value as T;
      })
      .finally(() => this.#refreshing.delete(fullKey));
    this.#refreshing.set(fullKey, refresh);
    return refresh;
  }

  #currentEnough(previous: Kept, currency: Currency): boolean {
    if (!this.#feed || currency === 'latest') return false;
    return currency === 'any' || this.#feed.appliedBy(currency, previous.mark);
  }
}

export default fp(
  async function readCache(app: FastifyInstance, opts: ReadCacheOptions) {
    const cache = new ReadCache({ ...opts, feed: app.feed });
    app.decorate('readCache', cache);
    // Every replica hears every event, its own included (delivered before the writer answers, see
    // plugins/feed.ts), and drops only what the event changed.
    app.feed.subscribe((event) => cache.invalidate(marketplaceTagsOf(event)));
    app.feed.onResync(() => cache.invalidateAll());
  },
  { name: 'read-cache', dependencies: ['feed'] },
);
