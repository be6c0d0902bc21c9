import type { PasswordResetConfirmInput } from '@aduro/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /auth/password-reset/confirm: 204 once the password is set (every session of the account ends);
 * an expired, used or unknown link is 400 RESET_TOKEN_INVALID.
 */
export function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void> {
  return apiRequest<void>('/auth/password-reset/confirm', { method: 'POST', body: input });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationKey: ['password-reset', 'confirm'], mutationFn: confirmPasswordReset });
}
