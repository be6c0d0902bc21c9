import { API_KEY_MESSAGES, apiKeySchema, type ApiKey } from '@aduro/shared/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** DELETE /org/api-keys/{id}: the key is refused from its next request on, and stays listed as revoked. */
export function revokeApiKey(id: string): Promise<ApiKey> {
  return apiRequest(`/org/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: apiKeySchema });
}

export function useRevokeApiKey(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api-keys', orgId, 'revoke'],
    mutationFn: revokeApiKey,
    onSuccess: async (revoked) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey(orgId), (keys) =>
        keys?.map((key) => (key.id === revoked.id ? revoked : key)),
      );
      toast.success(API_KEY_MESSAGES.revoked, { id: 'api-key-revoked' });
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(orgId) });
    },
  });
}
