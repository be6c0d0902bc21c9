import type { InventoryRow } from '@aduro/shared/inventory';
import { Badge } from '../../../components/ui/badge';
import { ExpiryBadge } from './expiry-badge';

/**
 * A lot's state: 'Recalled' (red, with the recall's number) once a recall quarantined it, since then
 * its expiry no longer decides anything; else its expiry status.
 */
export function LotStatusBadge({
  row,
}: {
  row: Pick<InventoryRow, 'expiryStatus' | 'daysUntilExpiry' | 'recall'>;
}) {
  if (row.recall) {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
        <span title={`Quarantined by recall ${row.recall.number}: not for sale`}>
          <Badge tone="red">Recalled</Badge>
        </span>
        <span className="text-xs whitespace-nowrap text-rose-700">{row.recall.number}</span>
      </span>
    );
  }
  return <ExpiryBadge row={row} />;
}
