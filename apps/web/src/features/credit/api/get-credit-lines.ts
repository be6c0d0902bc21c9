import { creditLineSchema, type CreditLine } from '@aduro/shared/credit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Under ['credit', orgId]: order approvals and payments change balances, and they invalidate that root. */
export const creditLinesQueryKey = (orgId: string | null) => ['credit', orgId, 'lines'] as const;

const linesSchema = z.array(creditLineSchema);

/** GET /credit/lines?customerId=: the buyer's lines with each supplier. */
export function getCreditLines(customerId: string, signal?: AbortSignal): Promise<CreditLine[]> {
  return apiRequest(`/credit/lines?customerId=${encodeURIComponent(customerId)}`, {
    schema: linesSchema,
    signal,
  });
}

export const creditLinesQueryOptions = (orgId: string | null) =>
  queryOptions({
    queryKey: creditLinesQueryKey(orgId),
    queryFn: ({ signal }) => getCreditLines(orgId!, signal),
    enabled: Boolean(orgId),
  });

export function useCreditLines(orgId: string | null) {
  return useQuery(creditLinesQueryOptions(orgId));
}
