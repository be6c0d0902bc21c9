import type { Order } from '@aduro/shared/orders';
import type { Page } from '@aduro/shared/pagination';
import type { InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { getErrorMessage } from '../../../lib/api-client';
import { formatUnits } from '../../../lib/format';

export const NO_MATCHING_ORDERS_MESSAGE = 'No orders match these filters.';

/** The orders of the pages read so far, in order; an order seen twice (a refresh racing a page) shows once. */
export function ordersOf(data: InfiniteData<Page<Order>> | undefined): Order[] {
  const seen = new Set<string>();
  const orders: Order[] = [];
  for (const order of data?.pages.flatMap((page) => page.items) ?? []) {
    if (seen.has(order.id)) continue;
    seen.add(order.id);
    orders.push(order);
  }
  return orders;
}

/** '1 order', '1,204 orders': every order the filters match, not only those loaded. */
export function orderCountText(total: number): string {
  return total === 1 ? '1 order' : `${formatUnits(total)} orders`;
}

export function OrdersCount({ total }: { total: number }) {
  return (
    <p className="text-sm text-slate-600 tabular-nums" aria-live="polite">
      {orderCountText(total)}
    </p>
  );
}

/** The list's empty state when the filters, not the account, leave it empty. */
export function NoMatchingOrders({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState message={NO_MATCHING_ORDERS_MESSAGE}>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Clear filters
      </Button>
    </EmptyState>
  );
}

interface LoadMoreOrdersProps {
  /** The next page is there to read. */
  hasMore: boolean;
  loading: boolean;
  /** The last attempt at the next page failed: said here, and not retried without a click. */
  failed: boolean;
  error: unknown;
  /** Pages read so far: each new page looks again whether the end of the list is still in view. */
  pageCount: number;
  onLoadMore: () => void;
}

/**
 * The foot of a paged order list: the next page loads as this scrolls into view, and the button stays
 * for keyboard and screen reader users (and where the browser cannot tell what is in view).
 */
export function LoadMoreOrders({
  hasMore,
  loading,
  failed,
  error,
  pageCount,
  onLoadMore,
}: LoadMoreOrdersProps) {
  const foot = useRef<HTMLDivElement>(null);
  const auto = hasMore && !loading && !failed;
  // The latest callback, read by the observer without re-creating it on every render.
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });

  useEffect(() => {
    const element = foot.current;
    if (!auto || !element || typeof IntersectionObserver === 'undefined') return;
    // Starts a screen early, so the cards are usually there by the time the reader gets to them.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [auto, pageCount]);

  if (!hasMore) return null;
  return (
    <div ref={foot} className="flex flex-col items-center gap-2 py-2">
      {failed && (
        <p role="alert" className="text-center text-sm text-rose-700">
          More orders could not be loaded. {getErrorMessage(error)}
        </p>
      )}
      <Button variant="secondary" loading={loading} onClick={onLoadMore} className="w-full sm:w-auto">
        {loading ? 'Loading more…' : 'Load more'}
      </Button>
    </div>
  );
}
