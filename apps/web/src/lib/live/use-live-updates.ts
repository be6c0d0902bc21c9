import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { clearToken } from '../auth-token';
import { connectLive, type LiveStatus } from './live-connection';
import { invalidateEverything, invalidateForEvents } from './live-invalidations';

export const ACCESS_REMOVED_MESSAGE = 'Your access has been removed. Please sign in again.';

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
      onSignedOut: () => {
        clearToken(token);
        toast.error(ACCESS_REMOVED_MESSAGE, { id: 'access-removed' });
      },
    });
    return () => connection.close();
  }, [token, queryClient]);

  // A status left from the previous token (or from before sign-out) is not this session's.
  return state !== null && state.token === token ? state.status : null;
}
