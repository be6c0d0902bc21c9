import { passwordResetAcceptedSchema, type PasswordResetRequestInput } from '@aduro/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /auth/password-reset: 202 whether or not an account uses the e-mail; the link, if any, comes by
 * e-mail. Too many requests answer 429, which toasts globally.
 */
export function requestPasswordReset(input: PasswordResetRequestInput) {
  return apiRequest('/auth/password-reset', {
    method: 'POST',
    body: input,
    schema: passwordResetAcceptedSchema,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationKey: ['password-reset', 'request'], mutationFn: requestPasswordReset });
}
