import type { Order } from '@aduro/shared/orders';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { orderCardId } from '../components/order-card';

/**
 * The order a link named (`?order=<id>`, as a notification's link does), scrolled into view once per
 * navigation when it is among the orders: not again on each live refresh, which would snatch the page
 * from a buyer who has scrolled on.
 */
export function useLinkedOrder(orders: readonly Order[] | undefined): string | null {
  const [searchParams] = useSearchParams();
  const { key } = useLocation();
  const linked = searchParams.get('order');
  const scrolledFor = useRef<string | null>(null);
  const present = linked !== null && (orders ?? []).some((order) => order.id === linked);

  useEffect(() => {
    if (!present || !linked || scrolledFor.current === key) return;
    scrolledFor.current = key;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    document
      .getElementById(orderCardId(linked))
      ?.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [present, linked, key]);

  return present ? linked : null;
}
