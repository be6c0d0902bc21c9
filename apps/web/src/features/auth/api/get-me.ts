import { sessionUserSchema, type SessionUser } from '@aduro/shared/auth';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearToken, getToken, setToken } from '../../../lib/auth-token';

export const meQueryKey = ['auth', 'me'] as const;

/**
 * GET /auth/me. Any failure (rejected token, malformed answer, network) forgets the token, which signs
 * the user out without a word (SPEC §4, §8); only a cancelled request leaves it in place.
 */
export async function getMe(signal?: AbortSignal): Promise<SessionUser> {
  const token = getToken();
  try {
    return await apiRequest('/auth/me', { schema: sessionUserSchema, signal, keepTokenOn401: true });
  } catch (error) {
    if (!signal?.aborted) clearToken(token);
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    // Retrying is pointless: the first failure has already removed the token it would retry with.
    retry: false,
    // Permissions change rarely; a revisit within five minutes need not block on the check again.
    staleTime: 5 * 60_000,
    meta: { suppressErrorToast: true, background: true },
  });

/**
 * After sign-in or registration: store the new token and load the user it belongs to. A previous
 * user's cached profile is dropped first so no screen can see it paired with the new token.
 */
export async function startSession(queryClient: QueryClient, accessToken: string): Promise<SessionUser> {
  queryClient.removeQueries({ queryKey: meQueryKey });
  setToken(accessToken);
  return queryClient.fetchQuery(meQueryOptions());
}
