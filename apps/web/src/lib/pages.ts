import type { Page } from '@aduro/shared/pagination';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { formatUnits } from './format';

/**
 * What every paged list on screen shares (docs/domain.md "Lists"): its rows, its count and its foot.
 */

/** The rows of the pages read so far; a row met twice (a refresh racing a page) shows once. */
export function pageItems<T extends { id: string }>(data: InfiniteData<Page<T>> | undefined): T[] {
  const seen = new Set<string>();
  return (data?.pages.flatMap((page) => page.items) ?? []).filter((row) => {
    if (seen.has(row.id)) return false;
    seen.add(row.id);
    return true;
  });
}

/**
 * How many rows the filters match, once known. While the previous filter's rows stand in (TanStack
 * Query's `isPlaceholderData`, from `keepPreviousData`) their total is the previous filter's, so it is
 * not shown as the new one's: the supplier who picked 'Delivered' read the 8 shipments still on the way
 * as '8 orders' until the answer came.
 */
export function pageTotal(pages: UseInfiniteQueryResult<InfiniteData<Page<unknown>>>): number | undefined {
  return pages.isPlaceholderData ? undefined : pages.data?.pages[0]?.total;
}

/** '1 lot', '1,204 lots': every row the filters match, not only those loaded. */
export function countText(total: number, singular: string, plural = `${singular}s`): string {
  return total === 1 ? `1 ${singular}` : `${formatUnits(total)} ${plural}`;
}

/**
 * The LoadMore foot's props from a paged query. While the rows of a previous filter stand in
 * (`isPlaceholderData`, as above), there is nothing more of them to load.
 */
export function loadMoreProps(pages: UseInfiniteQueryResult<InfiniteData<Page<unknown>>>) {
  return {
    hasMore: Boolean(pages.hasNextPage) && !pages.isPlaceholderData,
    loading: pages.isFetchingNextPage,
    failed: pages.isFetchNextPageError,
    error: pages.error,
    pageCount: pages.data?.pages.length ?? 0,
    onLoadMore: () => void pages.fetchNextPage(),
  };
}
