import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ReadCache', () => {
  it('computes a key once and serves the same answer until one of its tags is dropped', async () => {
    const cache = new ReadCache();
    let calls = 0;
    const compute = async () => `answer ${++calls}`;
    expect(await cache.get('k', ['supplier:a', 'buyer:b'], compute)).toBe('answer 1');
    expect(await cache.get('k', ['supplier:a', 'buyer:b'], compute)).toBe('answer 1');
    cache.invalidate(['buyer:b']);
    expect(await cache.get('k', ['supplier:a', 'buyer:b'], compute)).toBe('answer 2');
    expect(calls).toBe(2);
  });

  it('keeps answers whose tags were not dropped', async () => {
    const cache = new ReadCache();
    await cache.get('tema', ['supplier:tema'], async () => 'tema catalogue');
    cache.invalidate(['supplier:ashanti', 'product:amoxicillin']);
    expect(await cache.get('tema', ['supplier:tema'], async () => 'recomputed')).toBe('tema catalogue');
  });

  it('drops every answer after a gap in the feed', async () => {
    const cache = new ReadCache();
    await cache.get('a', ['supplier:a'], async () => 'old a');
    await cache.get('b', [], async () => 'old b');
    cache.invalidateAll();
    expect(await cache.get('a', ['supplier:a'], async () => 'new a')).toBe('new a');
    expect(await cache.get('b', [], async () => 'new b')).toBe('new b');
  });

  it('shares one computation among concurrent misses', async () => {
    const cache = new ReadCache();
    const gate = deferred<string>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return gate.promise;
    };
    const answers = Promise.all([
      cache.get('k', ['t'], compute),
      cache.get('k', ['t'], compute),
      cache.get('k', ['t'], compute),
    ]);
    gate.resolve('shared');
    expect(await answers).toEqual(['shared', 'shared', 'shared']);
    expect(calls).toBe(1);
  });

  it('never serves a computation that started before a drop to a read made after it', async () => {
    const cache = new ReadCache();
    const slow = deferred<string>();
    const before = cache.get('k', ['market'], () => slow.promise);
    cache.invalidate(['market']);
    const after = cache.get('k', ['market'], async () => 'after the write');
    slow.resolve('before the write');
    expect(await before).toBe('before the write');
    expect(await after).toBe('after the write');
    expect(await cache.get('k', ['market'], async () => 'recomputed')).toBe('after the write');
  });

  it('does not keep a failed computation', async () => {
    const cache = new ReadCache();
    await expect(cache.get('k', [], () => Promise.reject(new Error('not found')))).rejects.toThrow(
      'not found',
    );
    expect(await cache.get('k', [], async () => 'found')).toBe('found');
  });

  it('forgets an answer after its time to live', async () => {
    const cache = new ReadCache({ ttlMs: 20 });
    let calls = 0;
    await cache.get('k', [], async () => ++calls);
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.get('k', [], async () => ++calls)).toBe(2);
  });

  describe('while a dropped answer is being refreshed', () => {
    /** A feed that has applied the given event ids, each at the mark it had then. */
    function fakeFeed() {
      const appliedAt = new Map<number, number>();
      return {
        mark: 0,
        apply(id: number) {
          this.mark += 1;
          appliedAt.set(id, this.mark);
        },
        appliedBy: (id: number, mark: number) => (appliedAt.get(id) ?? Infinity) <= mark,
      };
    }

    async function droppedWhileRefreshing(feed = fakeFeed()) {
      const cache = new ReadCache({ feed });
      await cache.get('k', ['market'], async () => 'before the write');
      feed.apply(7);
      cache.invalidate(['market']);
      const gate = deferred<string>();
      const first = cache.get('k', ['market'], () => gate.promise);
      return { cache, feed, gate, first };
    }

    it('makes the read that found it dropped wait for the fresh answer', async () => {
      const { gate, first } = await droppedWhileRefreshing();
      expect(first).toBeInstanceOf(Promise);
      gate.resolve('after the write');
      expect(await first).toBe('after the write');
    });

    it('gives a read naming no position the previous answer at once', async () => {
      const { cache, gate } = await droppedWhileRefreshing();
      expect(cache.get('k', ['market'], async () => 'unused', 'any')).toBe('before the write');
      gate.resolve('after the write');
    });

    it('makes a read wanting the latest wait for the refresh', async () => {
      const { cache, gate } = await droppedWhileRefreshing();
      const read = cache.get('k', ['market'], async () => 'unused');
      gate.resolve('after the write');
      expect(await read).toBe('after the write');
    });

    it('serves the previous answer to a read naming a position only when that answer shows it', async () => {
      const feed = fakeFeed();
      feed.apply(5);
      const { cache, gate } = await droppedWhileRefreshing(feed);
      // Event 5 was applied before the previous answer was computed; event 7 after.
      expect(cache.get('k', ['market'], async () => 'unused', 5)).toBe('before the write');
      const waiting = cache.get('k', ['market'], async () => 'unused', 7);
      expect(waiting).toBeInstanceOf(Promise);
      gate.resolve('after the write');
      expect(await waiting).toBe('after the write');
    });

    it('serves nothing from before a gap in the feed', async () => {
      const { cache, gate } = await droppedWhileRefreshing();
      cache.invalidateAll();
      const refreshing = cache.get('k', ['market'], async () => 'after the gap');
      const read = cache.get('k', ['market'], async () => 'unused', 'any');
      expect(await read).toBe('after the gap');
      expect(await refreshing).toBe('after the gap');
      gate.resolve('after the write');
    });
  });
});
