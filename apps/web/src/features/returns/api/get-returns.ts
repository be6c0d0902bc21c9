import { returnsPageSchema, type ReturnStatus, type ReturnsPage } from '@aduro/shared/returns';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Rows per page of the returns lists: a row is short (number, product, units, status). */
export const RETURNS_PAGE = 20;

/** What GET /returns narrows by (returnsQuerySchema): statuses (none means every status) and one order. */
export interface ReturnsFilters {
  status?: readonly ReturnStatus[];
  orderId?: string | null;
}

/** The filters as sent, blanks left out, so equal filters share one cache entry. */
function sentFilters(filters: ReturnsFilters): Record<string, string> {
  const sent: Record<string, string> = {};
  if (filters.status?.length) sent.status = filters.status.join(',');
  if (filters.orderId) sent.orderId = filters.orderId;
  return sent;
}

/**
 * Every return read of an organisation sits under ['returns', orgId], so a request, a decision, a receipt,
 * an inspection or a live 'return.*' event refreshes the lists and each detail at once.
 */
export const returnsKeys = {
  all: (orgId: string | null) => ['returns', orgId] as const,
  pages: (orgId: string | null, filters: ReturnsFilters = {}) =>
    ['returns', orgId, 'pages', sentFilters(filters)] as const,
  detail: (orgId: string | null, returnId: string) => ['returns', orgId, 'detail', returnId] as const,
};

/**
 * GET /returns?status=&orderId=&limit=&cursor=: one page, newest first: the buyer's own returns, or the
 * ones sent to a supplier.
 */
export function getReturnsPage(
  filters: ReturnsFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReturnsPage> {
  const query = new URLSearchParams({ ...sentFilters(filters), limit: String(RETURNS_PAGE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/returns?${query.toString()}`, { schema: returnsPageSchema, signal });
}

export const returnsInfiniteQueryOptions = (orgId: string | null, filters: ReturnsFilters = {}) =>
  infiniteQueryOptions({
    queryKey: returnsKeys.pages(orgId, filters),
    queryFn: ({ pageParam, signal }) => getReturnsPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ReturnsPage) => last.nextCursor,
    enabled: Boolean(orgId),
  });

/**
 * The caller's returns the filters match, page by page (fetchNextPage for more). While a new filter is
 * read the previous rows stay on screen rather than flashing back to skeletons.
 */
export function useReturns(orgId: string | null, filters: ReturnsFilters = {}) {
  return useInfiniteQuery({
    ...returnsInfiniteQueryOptions(orgId, filters),
    placeholderData: keepPreviousData,
  });
}
