import { apiKeySchema, type ApiKey } from '@aduro/shared/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const apiKeysSchema = apiKeySchema.array();

/** Cache key of the organisation's keys; the live feed refreshes it on api_key.* events. */
export const apiKeysQueryKey = (orgId: string) => ['api-keys', orgId] as const;

/** GET /org/api-keys: the organisation's keys, newest first, revoked ones too; never the keys themselves. */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return apiRequest('/org/api-keys', { schema: apiKeysSchema, signal });
}

export const apiKeysQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: apiKeysQueryKey(orgId), queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys(orgId: string) {
  return useQuery(apiKeysQueryOptions(orgId));
}
