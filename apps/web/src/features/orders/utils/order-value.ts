import { toCedis, toPesewas } from '@aduro/shared/money';
import type { Order } from '@aduro/shared/orders';

/**
 * What an order is worth now, and the total as ordered when the two differ (else null). Once released
 * that is its invoice's amount, since a cancelled drop comes off the invoice (docs/domain.md); before
 * that, the units of the drops not cancelled at the order's price, so an order withdrawn before approval
 * reads GH₵0.00 like one whose every drop was cancelled after it.
 */
export function orderValue(order: Pick<Order, 'totalCost' | 'invoice' | 'unitPrice' | 'drops'>): {
  current: number;
  ordered: number | null;
} {
  const current =
    order.invoice?.amount ??
    toCedis(
      toPesewas(order.unitPrice) *
        order.drops.reduce((units, d) => (d.status === 'Cancelled' ? units : units + d.quantity), 0),
    );
  return { current, ordered: toPesewas(current) === toPesewas(order.totalCost) ? null : order.totalCost };
}
