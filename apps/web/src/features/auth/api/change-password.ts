import {
  AUTH_MESSAGES,
  accessTokenSchema,
  type AccessToken,
  type ChangePasswordInput,
} from '@aduro/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { authMutationKey } from './login';

/**
 * POST /auth/password: a fresh token for this session; every other session of the user ends. A wrong
 * current password is a 400 with a field error on currentPassword, never a 401, so the token stays.
 */
export function changePassword(input: ChangePasswordInput): Promise<AccessToken> {
  return apiRequest('/auth/password', { method: 'POST', body: input, schema: accessTokenSchema });
}

/**
 * Changes the password and keeps this tab signed in: the fresh token is stored, as sign-in stores its
 * own, inside the mutation, so the live stream (which ends for the old token) finds it already replaced
 * (lib/live/use-live-updates.ts waits for auth mutations before signing out). The user is the same, so
 * their cached profile stays. Failures toast globally; the caller puts field errors under their fields.
 */
export function useChangePassword() {
  return useMutation({
    mutationKey: [...authMutationKey, 'change-password'],
    mutationFn: async (input: ChangePasswordInput) => {
      setToken((await changePassword(input)).accessToken);
    },
    onSuccess: () => {
      toast.success(AUTH_MESSAGES.passwordChanged);
    },
  });
}
