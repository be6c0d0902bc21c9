import { creditApplicationSchema, type CreditApplication } from '@aduro/shared/credit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The supplier decides the applications made to it; the customer follows the ones it made. */
export type ApplicationSide = 'supplier' | 'customer';

export const creditApplicationsQueryKey = (orgId: string | null, side: ApplicationSide) =>
  ['credit', orgId, 'applications', side] as const;

const applicationsSchema = z.array(creditApplicationSchema);

/** GET /credit/applications?supplierId|customerId=&status=all: pending first (oldest first), then decided. */
export function getCreditApplications(
  orgId: string,
  side: ApplicationSide,
  signal?: AbortSignal,
): Promise<CreditApplication[]> {
  const key = side === 'supplier' ? 'supplierId' : 'customerId';
  return apiRequest(`/credit/applications?${key}=${encodeURIComponent(orgId)}&status=all`, {
    schema: applicationsSchema,
    signal,
  });
}

export const creditApplicationsQueryOptions = (orgId: string | null, side: ApplicationSide) =>
  queryOptions({
    queryKey: creditApplicationsQueryKey(orgId, side),
    queryFn: ({ signal }) => getCreditApplications(orgId!, side, signal),
    enabled: Boolean(orgId),
  });

export function useCreditApplications(orgId: string | null, side: ApplicationSide) {
  return useQuery(creditApplicationsQueryOptions(orgId, side));
}
