import type { SupplierDirectoryEntry } from '@aduro/shared/marketplace';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatUnits } from '../../../lib/format';
import { creditLabel, supplierCategoryLabel, supplierLocation } from '../utils/supplier-labels';

interface SupplierCardProps {
  supplier: SupplierDirectoryEntry;
  selected: boolean;
  onSelect: (supplier: SupplierDirectoryEntry) => void;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * SPEC §2 supplier card. The supplier's name is the button (its accessible name), stretched over the
 * card so the whole card is the hit area; the figures stay ordinary text for screen readers.
 */
export function SupplierCard({ supplier, selected, onSelect }: SupplierCardProps) {
  const relationship = supplier.relationship;
  const pending = relationship?.pendingDiscountApprovals ?? 0;
  return (
    <article
      className={cn(
        'relative flex h-full flex-col gap-3 rounded-xl border bg-white p-4 shadow-xs transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600',
        selected
          ? 'border-emerald-600 ring-1 ring-emerald-600'
          : 'border-slate-200 hover:border-emerald-600/60',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(supplier)}
              className="text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
            >
              {supplier.name}
            </button>
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {supplierLocation(supplier.location)} · {supplierCategoryLabel(supplier.supplierCategory)}
          </p>
        </div>
        {supplier.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
      </div>

      <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <Figure label="Inventory lines" value={formatUnits(supplier.inventory.lines)} />
        <Figure label="Customers" value={formatUnits(supplier.customerCount)} />
        <Figure label="GMV" value={formatCedis(supplier.gmv)} />
      </dl>

      {relationship && (
        <div className="mt-auto space-y-2 border-t border-slate-100 pt-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            {relationship.isCustomer ? (
              <Badge tone="blue">Connected customer</Badge>
            ) : (
              <span className="text-slate-500">No trading history</span>
            )}
            {pending > 0 && (
              <Badge tone="yellow">
                {pending} pending discount {pending === 1 ? 'approval' : 'approvals'}
              </Badge>
            )}
          </div>
          {relationship.creditLimit === null ? (
            <p className="text-slate-500">{creditLabel(null)}</p>
          ) : (
            <dl className="flex flex-wrap gap-x-5 gap-y-2">
              <Figure label="Credit limit" value={formatCedis(relationship.creditLimit)} />
              <Figure label="Available credit" value={creditLabel(relationship.creditAvailable)} />
            </dl>
          )}
        </div>
      )}
    </article>
  );
}

export function SupplierCardSkeleton() {
  return (
    <div className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex justify-between gap-3">
        <div className="w-2/3 space-y-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-3.5 w-1/2" />
        </div>
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <div className="grid grid-cols-3 gap-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    </div>
  );
}
