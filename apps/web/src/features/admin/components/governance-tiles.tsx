import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useAdminStats } from '../api/get-admin-stats';

/** SPEC §2 'Governance analytics': the four platform figures. */
export function GovernanceTiles() {
  const stats = useAdminStats();
  const value = (figure: (s: NonNullable<typeof stats.data>) => string) =>
    stats.data ? (
      figure(stats.data)
    ) : stats.isError ? (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not available</span>
      </>
    ) : (
      <Skeleton className="h-8 w-full max-w-24" />
    );
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatTile label="Total products" value={value((s) => formatUnits(s.totalProducts))} />
      <StatTile
        label="Active suppliers"
        value={value((s) => formatUnits(s.totalSuppliers))}
        // Suppliers awaiting licence review are not deactivated ones: counted apart, beside the active.
        hint={
          stats.data && stats.data.suppliersAwaitingReview > 0
            ? `${formatUnits(stats.data.suppliersAwaitingReview)} awaiting review`
            : undefined
        }
      />
      <StatTile label="Active customers" value={value((s) => formatUnits(s.activeCustomers))} />
      <StatTile
        label="Gross merchandise value"
        value={value((s) => formatCedis(s.gmv))}
        hint="Released orders, all time"
        // The three counts share a row on a phone and the amount, in millions, takes the next one whole.
        className="col-span-3 lg:col-span-1"
      />
    </dl>
  );
}
