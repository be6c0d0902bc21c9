import type { AllocatedBatch } from '@aduro/shared/inventory';
import type { Drop } from '@aduro/shared/orders';
import { RECALL_SEVERITY_SHORT } from '@aduro/shared/recalls';
import { Badge } from '../../../components/ui/badge';
import { formatDay, formatUnits } from '../../../lib/format';

/** 'Batch AMX2406B · exp 31 May 2027 · 40 units'; 'No batch recorded' for a lot synced without one. */
export function batchLine(batch: AllocatedBatch): string {
  return [
    batch.batchNumber ? `Batch ${batch.batchNumber}` : 'No batch recorded',
    batch.expiryDate && `exp ${formatDay(batch.expiryDate)}`,
    `${formatUnits(batch.quantity)} ${batch.quantity === 1 ? 'unit' : 'units'}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Where a recall of the drop's batches stands, as each side reads it. Only a delivered drop reached the
 * pharmacy, so only it asks the buyer to act; an undelivered one is held by the supplier, who re-picks or
 * cancels it (docs/domain.md "Recalls").
 */
function recallState(drop: Drop, recall: Drop['recalls'][number], side: 'buyer' | 'seller') {
  if (recall.acknowledgedAt)
    return <span className="text-slate-600">Quarantined at pharmacy {formatDay(recall.acknowledgedAt)}</span>;
  const held = `${formatUnits(recall.units)} ${recall.units === 1 ? 'unit' : 'units'} of batch ${recall.batchNumbers.join(', ')}`;
  if (drop.status !== 'Delivered') {
    if (side === 'buyer') return <span className="text-amber-800">Held by the supplier: not delivered</span>;
    return (
      <span className="text-rose-800">
        {drop.status === 'Awaiting Dispatch'
          ? `${held} held back: re-pick or cancel`
          : `${held} on the way: cancel to bring them back`}
      </span>
    );
  }
  if (side === 'buyer') return <span className="font-semibold text-rose-700">Action needed</span>;
  return <span className="text-amber-800">Awaiting pharmacy&apos;s confirmation</span>;
}

/**
 * What a drop received, lot by lot (first expiry first out), and the recalls naming any of its batches.
 * The buyer confirms a quarantine in the recall notices, so here a recall only says where it stands.
 */
export function DropBatches({ drop, side }: { drop: Drop; side: 'buyer' | 'seller' }) {
  if (drop.batches.length === 0 && drop.recalls.length === 0) return null;
  return (
    <div className="mt-1.5 space-y-1.5">
      {drop.recalls.map((recall) => (
        <p key={recall.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
          <Badge tone="red">
            Recall {recall.number} · {RECALL_SEVERITY_SHORT[recall.severity]}
          </Badge>
          {recallState(drop, recall, side)}
        </p>
      ))}
      {drop.batches.length > 0 && (
        <ul
          className="space-y-0.5 border-l-2 border-slate-200 pl-2 text-xs text-slate-600"
          aria-label={`Batches in drop ${drop.sequence}`}
        >
          {drop.batches.map((batch, index) => (
            <li
              key={`${batch.batchNumber ?? ''}-${batch.expiryDate ?? ''}-${index}`}
              className="tabular-nums"
            >
              {batchLine(batch)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
