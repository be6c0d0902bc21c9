import { recallSummarySchema, type RecallSummary } from '@aduro/shared/recalls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every recall read of an organisation sits under ['recalls', orgId], so a declaration, an
 * acknowledgement or a live 'recall.*' event refreshes the list and each trace at once.
 */
export const recallsRootKey = (orgId: string | null) => ['recalls', orgId] as const;
export const recallsQueryKey = (orgId: string | null) => ['recalls', orgId, 'list'] as const;

const recallListSchema = recallSummarySchema.array();

/**
 * GET /recalls: the caller's share, newest first: a supplier's recalls of its lots, a buyer's recalls
 * touching its deliveries, every recall for a platform administrator.
 */
export function getRecalls(signal?: AbortSignal): Promise<RecallSummary[]> {
  return apiRequest('/recalls', { schema: recallListSchema, signal });
}

export const recallsQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: recallsQueryKey(orgId),
    queryFn: ({ signal }) => getRecalls(signal),
  });

export function useRecalls(orgId: string | null) {
  return useQuery(recallsQueryOptions(orgId));
}
