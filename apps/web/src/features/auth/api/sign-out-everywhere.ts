import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSignOut } from '../hooks/use-sign-out';
import { authMutationKey } from './login';

/** POST /auth/sign-out-everywhere: 204; every session of the user ends, this one included. */
export function signOutEverywhere(): Promise<void> {
  return apiRequest<void>('/auth/sign-out-everywhere', { method: 'POST' });
}

/**
 * Ends every session of the user, then signs this tab out the usual way (token and cache gone, 'Signed
 * out', back to /login). The local sign-out runs before the mutation settles, so the live stream's
 * 'signed-out' for this token finds nobody left to sign out.
 */
export function useSignOutEverywhere() {
  const signOut = useSignOut();
  return useMutation({
    mutationKey: [...authMutationKey, 'sign-out-everywhere'],
    mutationFn: signOutEverywhere,
    onSuccess: signOut,
  });
}
