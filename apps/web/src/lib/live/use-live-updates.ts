import { AUTH_MESSAGES } from '@aduro/shared/auth';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { clearToken, getToken } from '../auth-token';
import { connectLive, type LiveStatus } from './live-connection';
import { invalidateEverything, invalidateForEvents } from './live-invalidations';

export const ACCESS_REMOVED_MESSAGE = 'Your access has been removed. Please sign in again.';
export const SESSION_ENDED_MESSAGE = AUTH_MESSAGES.sessionEnded;

/**
 * The key prefix of the auth feature's mutations (sign-in, password change, sign out everywhere),
 * spelled here because lib cannot import features (as live-invalidations.ts spells query keys).
 */
const AUTH_MUTATIONS = { mutationKey: ['auth'] };

/** Resolves once no auth mutation is in flight in this tab. */
function authMutationsSettled(queryClient: QueryClient): Promise<void> {
  const busy = () => queryClient.isMutating(AUTH_MUTATIONS) > 0;
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (busy()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * A password change or "sign out everywhere" ended this token's session. Made in this tab, its answer
 * is on its way (a fresh token, or the local sign-out) and may arrive after the stream's frame, so it is
 * waited for; a token still in place afterwards belongs to an ended session and is cleared.
 */
async function endSession(queryClient: QueryClient, token: string): Promise<void> {
  await authMutationsSettled(queryClient);
  if (getToken() !== token) return;
  clearToken(token);
  toast.error(SESSION_ENDED_MESSAGE, { id: 'session-ended' });
}

/**
 * Keeps the signed-in user's screens current: one live connection per token, each event refreshing
 * the cached reads it changed. Pass null while nobody is signed in. Returns the connection's status
 * for the top bar, or null when there is no connection.
 */
export function useLiveUpdates(token: string | null): LiveStatus | null {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ token: string; status: LiveStatus } | null>(null);

  useEffect(() => {
    if (token === null) return;
    const connection = connectLive({
      token,
      onStatus: (status) => setState({ token, status }),
      onEvents: (events) => void invalidateForEvents(queryClient, events),
      onResync: () => void invalidateEverything(queryClient),
      // Both end the session the way a rejected API call does (lib/api-client.ts): the token goes,
      // the provider drops the cache and the route guards send the user to sign in.
      onUnauthorized: () => clearToken(token),
      onSignedOut: (reason) => {
        if (reason === 'session-ended') {
          void endSession(queryClient, token);
          return;
        }
        clearToken(token);
        toast.error(ACCESS_REMOVED_MESSAGE, { id: 'access-removed' });
      },
    });
    return () => connection.close();
  }, [token, queryClient]);

  // A status left from the previous token (or from before sign-out) is not this session's.
  return state !== null && state.token === token ? state.status : null;
}
