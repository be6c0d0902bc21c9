import { StatTile } from '../../../components/ui/stat-tile';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useInventoryTotals } from '../api/get-inventory';

/** SPEC §2 totals 'Units on hand' and 'Inventory value', plus the lots that need attention. */
export function InventoryTotals({ orgId }: { orgId: string }) {
  const totals = useInventoryTotals(orgId).data;
  const pending = '—';
  return (
    <section aria-label="Inventory totals">
      {/* Phone: the value across the top, the two counts side by side below it, to save height. */}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <StatTile
          label="Units on hand"
          value={totals ? formatUnits(totals.unitsOnHand) : pending}
          hint={totals && `${formatUnits(totals.lots)} ${totals.lots === 1 ? 'lot' : 'lots'}`}
        />
        {/* A sum must not break inside the number: it stays on one line, and its size follows the
            tile's width (cqi), at most the tiles' usual size, so seven figures fit a third of a tablet. */}
        <StatTile
          label="Inventory value"
          value={
            totals ? (
              <span className="text-[length:min(1.25rem,9cqi)] whitespace-nowrap sm:text-[length:min(1.5rem,9cqi)]">
                {formatCedis(totals.value)}
              </span>
            ) : (
              pending
            )
          }
          hint="Units × your unit price"
          className="@container order-first col-span-2 sm:order-none sm:col-span-1"
        />
        <StatTile
          label="Lots to act on"
          value={totals ? formatUnits(totals.lotsAtRisk) : pending}
          hint="Expired or expiring within 90 days"
        />
      </dl>
    </section>
  );
}
