import { authResponseSchema, type AuthResponse, type LoginInput } from '@aduro/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from './get-me';

export const authMutationKey = ['auth'] as const;

/** POST /auth/login. */
export function login(input: LoginInput): Promise<AuthResponse> {
  return apiRequest('/auth/login', { method: 'POST', body: input, schema: authResponseSchema });
}

/** Signs in and resolves with the session user; failures toast globally and leave the form as it was. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...authMutationKey, 'login'],
    mutationFn: async (input: LoginInput) => startSession(queryClient, (await login(input)).accessToken),
    onSuccess: () => {
      toast.success('Welcome back');
    },
  });
}
