import { returnDetailSchema, type ReturnDetail } from '@aduro/shared/returns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { returnsKeys } from './get-returns';

/** GET /returns/{id}: the return as both sides see it: lines, reasons, notes, fates and credit note. */
export function getReturn(returnId: string, signal?: AbortSignal): Promise<ReturnDetail> {
  return apiRequest(`/returns/${encodeURIComponent(returnId)}`, { schema: returnDetailSchema, signal });
}

export const returnQueryOptions = (orgId: string | null, returnId: string) =>
  queryOptions({
    queryKey: returnsKeys.detail(orgId, returnId),
    queryFn: ({ signal }) => getReturn(returnId, signal),
  });

/** One return, read while `returnId` is set (an expanded row, a sheet opened from a link). */
export function useReturn(orgId: string | null, returnId: string | null) {
  return useQuery({ ...returnQueryOptions(orgId, returnId ?? ''), enabled: returnId !== null });
}
