import type { InventoryRow } from '@aduro/shared/inventory';
import { Badge } from '../../../components/ui/badge';
import { expiryBadge } from '../utils/expiry';

/** SPEC §4 expiry status of a lot, coloured by status, with its day count when known. */
export function ExpiryBadge({ row }: { row: Pick<InventoryRow, 'expiryStatus' | 'daysUntilExpiry'> }) {
  const { label, tone } = expiryBadge(row);
  return <Badge tone={tone}>{label}</Badge>;
}
