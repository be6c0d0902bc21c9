import { PAYMENT_METHOD_LABELS } from '@aduro/shared/payments';
import type { OrderHistoryEntry } from '@aduro/shared/orders';
import { formatCedis, formatMoment } from '../../../lib/format';
import { useOrder } from '../api/get-order';

/** Who moved the order or a drop, or recorded a payment, and when; loaded when first opened. */
export function OrderHistory({ orgId, orderId }: { orgId: string | null; orderId: string }) {
  const detail = useOrder(orgId, orderId, true);
  if (detail.isPending) return <p className="text-sm text-slate-500">Loading history…</p>;
  if (detail.isError) return <p className="text-sm text-rose-700">The history could not be loaded.</p>;
  return (
    <ol className="space-y-1.5 text-sm">
      {detail.data.history.map((h, i) => (
        <li key={i} className="flex flex-wrap gap-x-2 text-slate-700">
          <span className="text-slate-500 tabular-nums">{formatMoment(h.at)}</span>
          <HistoryWhat entry={h} />
          {h.actorName && <span className="text-slate-500">by {h.actorName}</span>}
          {h.note && (
            <span className="w-full text-xs text-slate-500">
              {h.kind === 'payment' ? `Reference ${h.note}` : h.note}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

function HistoryWhat({ entry: h }: { entry: OrderHistoryEntry }) {
  if (h.kind === 'payment') {
    return (
      <span>
        <span className="font-medium">Payment of {formatCedis(h.amount ?? 0)} received</span>
        {h.method ? ` (${PAYMENT_METHOD_LABELS[h.method]})` : ''}
      </span>
    );
  }
  // A drop never moves back to where it was: a row that leaves it in place is a re-pick off a recalled
  // batch (its note names the batches), told as such rather than as a move to the same status.
  if (h.dropSequence !== null && h.fromStatus === h.toStatus) {
    return (
      <span>
        {`Drop ${h.dropSequence}: `}
        <span className="font-medium">Re-picked from another batch</span>
      </span>
    );
  }
  return (
    <span>
      {h.dropSequence !== null ? `Drop ${h.dropSequence}: ` : ''}
      {h.fromStatus ? `${h.fromStatus.replaceAll('_', ' ')} → ` : ''}
      <span className="font-medium">{h.toStatus.replaceAll('_', ' ')}</span>
    </span>
  );
}
