import { rfqsPageSchema, type RfqStatus, type RfqsPage } from '@aduro/shared/rfqs';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Rows per page of the RFQ lists: a row is short (number, products, deadline, answers). */
export const RFQS_PAGE = 20;

/**
 * Every RFQ read of an organisation sits under ['rfqs', orgId], so a create, a quote, a close, an award
 * or a live 'rfq.*' event refreshes the lists and each detail at once.
 */
export const rfqsKeys = {
  all: (orgId: string | null) => ['rfqs', orgId] as const,
  pages: (orgId: string | null, statuses: readonly RfqStatus[]) =>
    ['rfqs', orgId, 'pages', statuses.join(',')] as const,
  detail: (orgId: string | null, rfqId: string) => ['rfqs', orgId, 'detail', rfqId] as const,
};

/**
 * GET /rfqs?status=&limit=&cursor=: one page, newest first. The buyer's own RFQs, or the ones a supplier
 * was invited to; `statuses` empty means every status.
 */
export function getRfqsPage(
  statuses: readonly RfqStatus[],
  cursor: string | null,
  signal?: AbortSignal,
): Promise<RfqsPage> {
  const query = new URLSearchParams({ limit: String(RFQS_PAGE) });
  if (statuses.length > 0) query.set('status', statuses.join(','));
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/rfqs?${query.toString()}`, { schema: rfqsPageSchema, signal });
}

export const rfqsInfiniteQueryOptions = (orgId: string | null, statuses: readonly RfqStatus[]) =>
  infiniteQueryOptions({
    queryKey: rfqsKeys.pages(orgId, statuses),
    queryFn: ({ pageParam, signal }) => getRfqsPage(statuses, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: RfqsPage) => last.nextCursor,
  });

/** The caller's RFQs of the given statuses, page by page (fetchNextPage for more). */
export function useRfqs(orgId: string | null, statuses: readonly RfqStatus[] = []) {
  return useInfiniteQuery(rfqsInfiniteQueryOptions(orgId, statuses));
}
