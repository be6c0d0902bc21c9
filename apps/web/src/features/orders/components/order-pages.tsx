import type { Order } from '@aduro/shared/orders';
import type { Page } from '@aduro/shared/pagination';
import type { InfiniteData } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { countText } from '../../../lib/pages';

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
export const orderCountText = (total: number): string => countText(total, 'order');

/** The count line; empty while a new filter's count is on its way (`pageTotal`). */
export function OrdersCount({ total }: { total: number | undefined }) {
  return (
    <p className="text-sm text-slate-600 tabular-nums" aria-live="polite">
      {total === undefined ? null : orderCountText(total)}
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
