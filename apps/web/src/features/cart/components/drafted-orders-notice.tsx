import type { DraftedOrderSummary } from '@aduro/shared/marketplace';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { formatCedis, formatUnits } from '../../../lib/format';
import { draftedOrdersMessage } from '../utils/cart-view';

interface DraftedOrdersNoticeProps {
  orders: readonly DraftedOrderSummary[];
  onDismiss: () => void;
}

/**
 * What the last checkout created, by order number, so the buyer can find each one on the orders page
 * where it waits for their approval.
 */
export function DraftedOrdersNotice({ orders, onDismiss }: DraftedOrdersNoticeProps) {
  return (
    <section
      aria-labelledby="drafted-orders-title"
      className="rounded-xl border border-emerald-200 bg-emerald-50/70 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="drafted-orders-title" className="text-base font-semibold text-emerald-900">
            {draftedOrdersMessage(orders.length)}
          </h2>
          <p className="mt-1 text-sm text-emerald-900/80">
            Each order waits for your approval before the supplier ships. Prices are the suppliers' current
            offers.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/customer/orders" className={buttonClasses('primary', 'sm')}>
            Review in Orders
          </Link>
          <button
            type="button"
            onClick={onDismiss}
            className={buttonClasses('ghost', 'sm', 'text-emerald-900 hover:bg-emerald-100')}
          >
            Dismiss
          </button>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-emerald-200/70 rounded-lg bg-white/80 ring-1 ring-emerald-200">
        {orders.map((order) => (
          <li
            key={order.id}
            className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="min-w-0">
              <p className="font-mono text-sm font-semibold text-slate-900">{order.number}</p>
              <p className="text-slate-600 [overflow-wrap:anywhere]">
                {order.productName} · {order.supplierName}
              </p>
            </div>
            <p className="shrink-0 text-slate-700 tabular-nums sm:text-right">
              {formatUnits(order.totalQuantity)} units ·{' '}
              <span className="font-semibold text-slate-900">{formatCedis(order.totalCost)}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
