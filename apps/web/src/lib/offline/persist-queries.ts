import type { QueryClient } from '@tanstack/react-query';
import { getToken, subscribeToToken } from '../auth-token';
import { OFFLINE_READ_ROOTS } from './persisted-queries';

/** How long an answer no screen shows stays in memory, so that it can still be saved for offline. */
const KEEP_IN_MEMORY_MS = 3 * 24 * 60 * 60_000;

/**
 * The user a token belongs to (its `sub`), read without checking the signature: it only picks the
 * storage entry, and the server still checks the token on every call. Null for anything unreadable.
 */
export function userIdOfToken(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const sub = (claims as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the offline reads of whoever is signed in in IndexedDB and restores them when the app starts
 * (offline-storage.ts); drops a user's entry as soon as their token goes (sign-out, a rejected
 * session) or another user's replaces it. The storage code is loaded only once someone is signed in,
 * so the sign-in page does not carry it. Returns the first restore, and the function that stops.
 */
export function keepOfflineReads(queryClient: QueryClient): { restored: Promise<void>; stop: () => void } {
  // A restored answer that no screen shows yet must survive until it is needed offline; the usual five
  // minutes would drop it from memory, and so from storage at the next save.
  for (const root of OFFLINE_READ_ROOTS) queryClient.setQueryDefaults([root], { gcTime: KEEP_IN_MEMORY_MS });

  let userId: string | null = null;
  let stopSession = () => {};

  const follow = (): Promise<void> => {
    const next = userIdOfToken(getToken());
    if (next === userId) return Promise.resolve();
    const previous = userId;
    stopSession();
    stopSession = () => {};
    userId = next;

    const storage = import('./offline-storage');
    if (previous !== null) void storage.then((s) => s.forgetOfflineReads(previous)).catch(() => undefined);
    if (next === null) return Promise.resolve();

    let stopped = false;
    stopSession = () => {
      stopped = true;
    };
    return storage
      .then((s) => {
        if (stopped) return;
        const session = s.persistOfflineReads(queryClient, next);
        stopSession = session.stop;
        return session.restored;
      })
      .catch(() => {
        // Unreadable storage (a private window, a full disk) only means nothing is kept offline.
      });
  };

  const restored = follow();
  const unsubscribe = subscribeToToken(() => void follow());
  return {
    restored,
    stop: () => {
      unsubscribe();
      stopSession();
    },
  };
}
