import { createdApiKeySchema, type createApiKeySchema, type CreatedApiKey } from '@aduro/shared/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** The request body: the dialog's values once the shared schema has parsed (trimmed) them. */
export type CreateApiKeyBody = ReturnType<typeof createApiKeySchema.parse>;

/** POST /org/api-keys: the answer carries the whole key, this once. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return apiRequest('/org/api-keys', { method: 'POST', body, schema: createdApiKeySchema });
}

export function useCreateApiKey(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api-keys', orgId, 'create'],
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(orgId) }),
  });
}
