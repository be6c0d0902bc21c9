import { Link } from 'react-router';
import { pageItems } from '../../../lib/pages';
import { formatDay } from '../../../lib/format';
import { useReturns } from '../api/get-returns';
import { reasonsText } from './buyer-returns';
import { unitsText } from './return-detail';
import { ReturnStatusBadge } from './return-status-badge';

interface OrderReturnsProps {
  orgId: string | null;
  orderId: string;
  /** Where a return opens (the buyer's Returns tab with `&return=`). */
  returnHref: (returnId: string) => string;
}

/** An order card's history, continued: the order's returns with their status, units and reasons. */
export function OrderReturns({ orgId, orderId, returnHref }: OrderReturnsProps) {
  const pages = useReturns(orgId, { orderId });
  const rows = pageItems(pages.data);
  if (pages.isPending) return <p className="text-sm text-slate-500">Loading returns…</p>;
  if (pages.isError && !pages.data)
    return <p className="text-sm text-rose-700">The returns could not be loaded.</p>;
  if (rows.length === 0) return null;
  return (
    <section aria-label="Returns of this order" className="mt-3 border-t border-slate-100 pt-2">
      <h4 className="text-xs font-medium text-slate-500">Returns</h4>
      <ul className="mt-1 space-y-1.5 text-sm">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
            <span className="text-slate-500 tabular-nums">{formatDay(row.createdAt)}</span>
            <Link to={returnHref(row.id)} className="font-medium text-emerald-800 hover:underline">
              {row.number}
            </Link>
            <span className="tabular-nums">{unitsText(row.quantity)}</span>
            <span className="text-slate-500">{reasonsText(row)}</span>
            <ReturnStatusBadge status={row.status} />
          </li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button
          type="button"
          className="-mx-2 mt-1 inline-flex min-h-8 items-center rounded px-2 text-sm font-medium text-emerald-800 hover:underline"
          onClick={() => void pages.fetchNextPage()}
        >
          More returns
        </button>
      )}
    </section>
  );
}
