import { recallDetailSchema, type RecallDetail } from '@aduro/shared/recalls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const recallQueryKey = (orgId: string | null, recallId: string) =>
  ['recalls', orgId, 'detail', recallId] as const;

/** GET /recalls/{id}: the recall, its quarantined lots and its trace, as far as the caller may see them. */
export function getRecall(recallId: string, signal?: AbortSignal): Promise<RecallDetail> {
  return apiRequest(`/recalls/${encodeURIComponent(recallId)}`, { schema: recallDetailSchema, signal });
}

export const recallQueryOptions = (orgId: string | null, recallId: string) =>
  queryOptions({
    queryKey: recallQueryKey(orgId, recallId),
    queryFn: ({ signal }) => getRecall(recallId, signal),
  });

export function useRecall(orgId: string | null, recallId: string | null) {
  return useQuery({ ...recallQueryOptions(orgId, recallId ?? ''), enabled: recallId !== null });
}
