import { useSyncExternalStore } from 'react';

/** SPEC §9: the access token lives in local storage under this key. */
export const TOKEN_STORAGE_KEY = 'token';

const listeners = new Set<() => void>();

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy modes); the user is then simply signed out.
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readStorage();
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } finally {
    notify();
  }
}

/**
 * Clears the token. With `onlyIf`, clears it only while it is still that token, so a late failure of a
 * request made with an old token cannot sign out a session that started since.
 */
export function clearToken(onlyIf?: string | null): void {
  if (onlyIf !== undefined && readStorage() !== onlyIf) return;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } finally {
    notify();
  }
}

/** Calls `listener` whenever the token is set or cleared, here or in another tab. Returns the unsubscribe. */
export function subscribeToToken(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another tab changes storage without calling our setters.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token, re-rendering the caller whenever it is set or cleared. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToToken, readStorage, () => null);
}
