import {
  creditApplicationsPageSchema,
  type CreditApplication,
  type CreditApplicationStatus,
} from '@aduro/shared/credit';
import { PAGE_DEFAULT, type Page } from '@aduro/shared/pagination';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The supplier decides the applications made to it; the customer follows the ones it made. */
export type ApplicationSide = 'supplier' | 'customer';

/** What GET /credit/applications narrows by (creditApplicationsQuerySchema), less the party and paging. */
export interface ApplicationFilters {
  /** One status; absent lists every application. */
  status?: CreditApplicationStatus;
}

/**
 * Under ['credit', orgId]: a decision, a new request and the live feed (lib/live/live-invalidations.ts)
 * refresh that root, so every filtered list follows.
 */
export const creditApplicationsKeys = {
  pages: (orgId: string | null, side: ApplicationSide, filters: ApplicationFilters) =>
    ['credit', orgId, 'applications', side, 'pages', { status: filters.status ?? 'all' }] as const,
};

/**
 * GET /credit/applications/page?supplierId|customerId=&status=&limit=&cursor=: one page, pending first (oldest
 * first), then the decided ones (latest decision first), and the filtered total.
 */
export function getCreditApplicationsPage(
  orgId: string,
  side: ApplicationSide,
  filters: ApplicationFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<CreditApplication>> {
  const query = new URLSearchParams({
    [side === 'supplier' ? 'supplierId' : 'customerId']: orgId,
    ...(filters.status ? { status: filters.status } : {}),
    limit: String(PAGE_DEFAULT),
    ...(cursor ? { cursor } : {}),
  });
  return apiRequest(`/credit/applications/page?${query.toString()}`, {
    schema: creditApplicationsPageSchema,
    signal,
  });
}

export const creditApplicationsPagesQueryOptions = (
  orgId: string | null,
  side: ApplicationSide,
  filters: ApplicationFilters,
) =>
  infiniteQueryOptions({
    queryKey: creditApplicationsKeys.pages(orgId, side, filters),
    queryFn: ({ pageParam, signal }) => getCreditApplicationsPage(orgId!, side, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(orgId),
  });

/** The applications the filters match, a page at a time; the previous filter's rows stay while the next load. */
export function useCreditApplicationsPages(
  orgId: string | null,
  side: ApplicationSide,
  filters: ApplicationFilters = {},
) {
  return useInfiniteQuery({
    ...creditApplicationsPagesQueryOptions(orgId, side, filters),
    placeholderData: keepPreviousData,
  });
}
