import { rfqDetailSchema, type RfqDetail } from '@aduro/shared/rfqs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rfqsKeys } from './get-rfqs';

/**
 * GET /rfqs/{id}: the request as the caller may see it: the buyer its invitations and, once open, the
 * quotes and their comparison; a supplier only its own answer, quote and awards.
 */
export function getRfq(rfqId: string, signal?: AbortSignal): Promise<RfqDetail> {
  return apiRequest(`/rfqs/${encodeURIComponent(rfqId)}`, { schema: rfqDetailSchema, signal });
}

export const rfqQueryOptions = (orgId: string | null, rfqId: string) =>
  queryOptions({
    queryKey: rfqsKeys.detail(orgId, rfqId),
    queryFn: ({ signal }) => getRfq(rfqId, signal),
  });

export function useRfq(orgId: string | null, rfqId: string | null) {
  return useQuery({ ...rfqQueryOptions(orgId, rfqId ?? ''), enabled: rfqId !== null });
}
