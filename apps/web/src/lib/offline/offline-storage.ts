import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { shouldPersistQuery } from './persisted-queries';

/** Replaced at build time (vite.config.ts), so one build never reads answers kept by another. */
declare const __ADURO_BUILD__: string;

/** Kept answers older than this are dropped rather than shown: three days covers a long weekend. */
export const OFFLINE_MAX_AGE_MS = 3 * 24 * 60 * 60_000;

/** One IndexedDB entry per user, so whoever signs in next on the same phone never reads another's. */
export const offlineStorageKey = (userId: string) => `aduro-offline-reads:${userId}`;

/**
 * IndexedDB through idb-keyval, for one user's entry. Once closed it neither reads nor writes: the
 * persister's throttled save can still fire after sign-out, and a restore still reading then must not
 * bring the answers back.
 */
function userStorage() {
  let closed = false;
  return {
    close: () => {
      closed = true;
    },
    storage: {
      getItem: (key: string) => get<string>(key).then((value) => (closed ? null : (value ?? null))),
      setItem: (key: string, value: string) => (closed ? Promise.resolve() : set(key, value)),
      removeItem: (key: string) => del(key),
    },
  };
}

/**
 * Restores `userId`'s kept answers into the client, then saves the offline reads (persisted-queries.ts)
 * whenever the cache changes, until stopped.
 */
export function persistOfflineReads(
  queryClient: QueryClient,
  userId: string,
): { restored: Promise<void>; stop: () => void } {
  const { storage, close } = userStorage();
  const [unsubscribe, restored] = persistQueryClient({
    // The persister pins an older query-core than react-query's (both at their latest): the same
    // classes from another copy, so the types differ while the objects fit.
    queryClient: queryClient as unknown as PersistQueryClientOptions['queryClient'],
    persister: createAsyncStoragePersister({ storage, key: offlineStorageKey(userId) }),
    maxAge: OFFLINE_MAX_AGE_MS,
    buster: __ADURO_BUILD__,
    dehydrateOptions: { shouldDehydrateQuery: (query) => shouldPersistQuery(query as unknown as Query) },
  });
  // What was restored is what was last seen, not the server's answer now: it is marked stale so every
  // screen asks again when online (a reload must show a supplier activated meanwhile, and the session is
  // checked again), and keeps showing it while offline, where queries wait for the connection.
  // Only what the restore brought back, which is whatever is older than this page: an answer this page
  // fetched (the session check main.tsx starts at once, a screen's first reads) is already the server's,
  // and asking again, or cancelling a request on its way to ask again, costs a phone a round trip.
  const pageStartedAt = performance.timeOrigin;
  const refreshed = restored.then(() =>
    queryClient.invalidateQueries(
      {
        predicate: (query) =>
          shouldPersistQuery(query as unknown as Query) && query.state.dataUpdatedAt < pageStartedAt,
      },
      { cancelRefetch: false },
    ),
  );
  return {
    restored: refreshed,
    stop: () => {
      close();
      unsubscribe();
    },
  };
}

/** Deletes a user's kept answers from the browser. */
export function forgetOfflineReads(userId: string): Promise<void> {
  return del(offlineStorageKey(userId));
}
