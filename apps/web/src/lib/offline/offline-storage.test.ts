import { waitFor } from '@testing-library/react';
import { dehydrate, QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineStorageKey, persistOfflineReads } from './offline-storage';

/** IndexedDB as idb-keyval sees it, in memory; `hold` makes the next read wait until released. */
const idb = vi.hoisted(() => {
  const entries = new Map<string, unknown>();
  let held: Promise<void> | null = null;
  return {
    entries,
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
    get: async (key: string) => {
      if (held) await held;
      return entries.get(key);
    },
    set: async (key: string, value: unknown) => {
      entries.set(key, value);
    },
    del: async (key: string) => {
      entries.delete(key);
    },
  };
});
vi.mock('idb-keyval', () => ({ get: idb.get, set: idb.set, del: idb.del }));

declare const __ADURO_BUILD__: string;

const USER = 'user-1';
const KEPT_ORDERS: QueryKey = ['orders', 'customer', 'kept'];
const SESSION: QueryKey = ['auth', 'me'];

/** What an earlier visit left in the browser: the buyer's orders as they were an hour ago. */
function keepFromEarlierVisit() {
  const earlier = new QueryClient();
  earlier.setQueryData(KEPT_ORDERS, ['order seen an hour ago'], { updatedAt: Date.now() - 60 * 60_000 });
  idb.entries.set(
    offlineStorageKey(USER),
    JSON.stringify({ buster: __ADURO_BUILD__, timestamp: Date.now(), clientState: dehydrate(earlier) }),
  );
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

afterEach(() => idb.entries.clear());

describe('restoring what was kept for offline', () => {
  it('marks the restored answers stale, so each screen asks the server again once online', async () => {
    keepFromEarlierVisit();
    const queryClient = new QueryClient();
    const session = persistOfflineReads(queryClient, USER);
    await session.restored;
    expect(queryClient.getQueryData(KEPT_ORDERS)).toEqual(['order seen an hour ago']);
    expect(queryClient.getQueryState(KEPT_ORDERS)?.isInvalidated).toBe(true);
    session.stop();
  });

  it('does not ask again for what this page fetched before or during the restore, nor cancel a read on its way', async () => {
    keepFromEarlierVisit();
    const queryClient = new QueryClient();
    // The session check main.tsx starts at once answers before the storage code has even loaded...
    const checkSession = vi.fn(async () => ({ id: USER }));
    const sessionObserver = new QueryObserver(queryClient, { queryKey: SESSION, queryFn: checkSession });
    const stopSession = sessionObserver.subscribe(() => {});
    await waitFor(() => expect(queryClient.getQueryData(SESSION)).toEqual({ id: USER }));

    const release = idb.hold();
    const session = persistOfflineReads(queryClient, USER);
    // ...and a screen's read is still on its way when the restore ends.
    const ordersAnswer = deferred<string[]>();
    const readOrders = vi.fn(({ signal }: { signal: AbortSignal }) => {
      signal.addEventListener('abort', () => ordersAnswer.resolve(['cancelled']));
      return ordersAnswer.promise;
    });
    const ordersObserver = new QueryObserver(queryClient, {
      queryKey: ['orders', 'customer', 'fresh'],
      queryFn: readOrders,
    });
    const stopOrders = ordersObserver.subscribe(() => {});

    release();
    await session.restored;
    ordersAnswer.resolve(['order as the server has it now']);
    await waitFor(() =>
      expect(queryClient.getQueryData(['orders', 'customer', 'fresh'])).toEqual([
        'order as the server has it now',
      ]),
    );

    expect(checkSession).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(SESSION)?.isInvalidated).toBe(false);
    expect(readOrders).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(KEPT_ORDERS)?.isInvalidated).toBe(true);
    stopSession();
    stopOrders();
    session.stop();
  });
});
