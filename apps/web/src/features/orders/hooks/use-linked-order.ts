import type { Order } from '@aduro/shared/orders';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { orderCardId } from '../components/order-card';
import { FILTER_NAVIGATION } from './use-order-filters';

/** True for the navigations the order filters make (their URL writes), which are not a new link followed. */
function isFilterNavigation(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>).orderFilters === FILTER_NAVIGATION.orderFilters
  );
}

/**
 * The order a link named (`?order=<id>`, as a notification's link does), scrolled into view once per
 * navigation when it is among the orders: not again on each live refresh, which would snatch the page
 * from a buyer who has scrolled on, nor when the user narrows the list with the filters (which keep
 * `?order=` on the URL).
 */
export function useLinkedOrder(orders: readonly Order[] | undefined): string | null {
  const [searchParams] = useSearchParams();
  const { key, state } = useLocation();
  const linked = searchParams.get('order');
  const scrolledFor = useRef<string | null>(null);
  const present = linked !== null && (orders ?? []).some((order) => order.id === linked);
  const filtering = isFilterNavigation(state);

  useEffect(() => {
    if (!present || !linked || filtering || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    document
      .getElementById(orderCardId(linked))
      ?.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [present, linked, key, filtering]);

  return present ? linked : null;
}
