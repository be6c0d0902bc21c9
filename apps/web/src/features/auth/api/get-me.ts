import { sessionUserSchema, type SessionUser } from '@aduro/shared/auth';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { clearToken, getToken, setToken } from '../../../lib/auth-token';

export const meQueryKey = ['auth', 'me'] as const;

/**
 * GET /auth/me. An invalid or failed response (rejected token, malformed answer, a server error) forgets
 * the token, which signs the user out without a word (SPEC §4, §8). No response at all (the connection is
 * down) and a cancelled request leave it in place: a pharmacist on a dead mobile connection stays signed
 * in with what they last saw (lib/offline), and the check runs again when the connection returns.
 */
export async function getMe(signal?: AbortSignal): Promise<SessionUser> {
  const token = getToken();
  try {
    return await apiRequest('/auth/me', { schema: sessionUserSchema, signal, keepTokenOn401: true });
  } catch (error) {
    // No answer: the connection is down, the answer was cut off, or the browser cancelled the request
    // itself (it does so to a page's requests as the page is left).
    const unreached =
      (error instanceof ApiError && error.status === 0) ||
      (error instanceof DOMException && error.name === 'AbortError');
    if (!signal?.aborted && !unreached) clearToken(token);
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
