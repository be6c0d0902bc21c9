import { feedEventSchema, type FeedEvent } from '@aduro/shared/events';
import type { Database } from '../../db/client.ts';
import { eventsSince, FEED_CHANNEL, findEvents, latestEventId } from './events.repository.ts';

export type FeedListener = (event: FeedEvent) => void;

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** How far back a catch-up reads before the last event seen, for transactions that committed late. */
export const RESUME_WINDOW_SECONDS = 10;
const CATCH_UP_LIMIT = 10_000;
const SEEN_KEPT = 50_000;

/**
 * This process's view of the change feed (docs/decisions/0006-one-change-feed.md). One LISTEN per
 * process; every event reaches the subscribers once, whether it came by NOTIFY, from this process's own
 * request (delivered before the answer is sent), or from the table after a lost connection.
 *
 * Subscribers must be idempotent: after a gap the feed also calls onResync, which means "something may
 * have been missed: forget what you derived".
 */
export class ChangeFeed {
  readonly #listeners = new Set<FeedListener>();
  readonly #resyncListeners = new Set<() => void>();
  /** Each event applied here, with its place in the order this process applied them (its mark). */
  readonly #seen = new Map<number, number>();
  /** How many events this process has applied: moves on with each. */
  #mark = 0;
  /** The mark when the floor last moved: every id at or below the floor was applied by then. */
  #floorMark = 0;
  readonly #waiters = new Map<number, Set<() => void>>();
  #highest = 0;
  /** Every id at or below this is settled for this process: seen, or older than its start. */
  #floor = 0;
  #connected = false;
  #stop: (() => Promise<void>) | null = null;
  #pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log?: Log,
    /** Told of each event heard by NOTIFY, before it is applied (the server's metrics time the feed's lag). */
    private readonly onHeard?: FeedListener,
  ) {}

  /** True while the LISTEN connection is up. */
  get connected() {
    return this.#connected;
  }

  /** The highest event id this process has seen. */
  get position() {
    return this.#highest;
  }

  async start(): Promise<void> {
    this.#floor = this.#highest = await latestEventId(this.database.db);
    this.#stop = await this.database.listen(FEED_CHANNEL, {
      onNotify: (payload) => this.#onNotify(payload),
      onLost: (err) => {
        if (this.#connected) this.log?.warn({ err: err.message }, 'change feed connection lost');
        this.#connected = false;
      },
      onReconnect: () => {
        this.#connected = true;
        this.log?.info({ after: this.#highest }, 'change feed reconnected; catching up');
        this.#serially(() => this.#catchUp());
      },
    });
    this.#connected = true;
  }

  async close(): Promise<void> {
    const stop = this.#stop;
    this.#stop = null;
    this.#connected = false;
    if (stop) await stop();
    await this.#pending;
  }

  subscribe(listener: FeedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  onResync(listener: () => void): () => void {
    this.#resyncListeners.add(listener);
    return () => this.#resyncListeners.delete(listener);
  }

  /** Whether this process has applied event `id` (or it predates the process). */
  hasSeen(id: number): boolean {
    return id <= this.#floor || this.#seen.has(id);
  }

  /**
   * Where this process stands in applying the feed: something derived when the mark was m shows every
   * event appliedBy(id, m). The read cache keeps it with each answer (plugins/read-cache.ts).
   */
  get mark(): number {
    return this.#mark;
  }

  /** Whether event `id` had been applied here when the mark was `mark`. */
  appliedBy(id: number, mark: number): boolean {
    const at = this.#seen.get(id);
    if (at !== undefined) return at <= mark;
    return id <= this.#floor && this.#floorMark <= mark;
  }

  /**
   * Resolves true once event `id` has been applied here, false after timeoutMs: a caller that wrote
   * through another replica names its write's position, and this replica answers only after its caches
   * have heard of it.
   */
  waitFor(id: number, timeoutMs: number): Promise<boolean> | true {
    if (this.hasSeen(id)) return true;
    return new Promise((resolve) => {
      const waiters = this.#waiters.get(id) ?? new Set();
      this.#waiters.set(id, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0) this.#waiters.delete(id);
        resolve(this.hasSeen(id));
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  /** Delivers events this process recorded itself, before its answer goes out; NOTIFY repeats them later. */
  deliver(events: readonly FeedEvent[]): void {
    for (const event of events) this.#apply(event);
  }

  #onNotify(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      this.log?.warn({ payload: payload.slice(0, 200) }, 'change feed: unreadable notification');
      return;
    }
    const event = feedEventSchema.safeParse(parsed);
    if (event.success) {
      this.onHeard?.(event.data);
      // Keep NOTIFY order (commit order) behind any read-back still in progress.
      this.#serially(async () => this.#apply(event.data));
      return;
    }
    const id = Number((parsed as { id?: unknown }).id);
    if (!Number.isSafeInteger(id)) return;
    // Too large for NOTIFY: read the row.
    this.#serially(async () => {
      for (const found of await findEvents(this.database.db, [id])) this.#apply(found);
    });
  }

  async #catchUp(): Promise<void> {
    const missed = await eventsSince(this.database.db, {
      afterId: this.#highest,
      windowSeconds: RESUME_WINDOW_SECONDS,
      limit: CATCH_UP_LIMIT,
    });
    for (const event of missed) this.#apply(event);
    // Whatever was derived while disconnected may be stale, even with every event replayed (a cache filled
    // from a read that raced a missed event): subscribers drop it.
    for (const listener of this.#resyncListeners) listener();
    this.#raiseFloor(this.#highest);
  }

  #raiseFloor(to: number) {
    if (to <= this.#floor) return;
    this.#floor = to;
    this.#floorMark = this.#mark;
  }

  #serially(task: () => Promise<void>): void {
    this.#pending = this.#pending.then(task).catch((err: unknown) => {
      this.log?.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'change feed: catch-up failed',
      );
      // A failed read-back leaves a hole we cannot see: drop everything derived.
      for (const listener of this.#resyncListeners) listener();
    });
  }

  #apply(event: FeedEvent): void {
    if (this.hasSeen(event.id)) return;
    this.#mark += 1;
    this.#seen.set(event.id, this.#mark);
    if (this.#seen.size > SEEN_KEPT) {
      // Maps iterate in insertion order: forget the oldest, and count them as settled.
      for (const old of this.#seen.keys()) {
        this.#seen.delete(old);
        this.#raiseFloor(Math.min(old, this.#highest));
        if (this.#seen.size <= SEEN_KEPT * 0.9) break;
      }
    }
    this.#highest = Math.max(this.#highest, event.id);
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log?.warn(
          { err: err instanceof Error ? err.message : String(err), type: event.type },
          'change feed listener failed',
        );
      }
    }
    const waiters = this.#waiters.get(event.id);
    if (waiters) for (const wake of [...waiters]) wake();
  }
}
