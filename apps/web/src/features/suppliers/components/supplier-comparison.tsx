import type { SupplierMatch } from '@aduro/shared/marketplace';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EligibilityNote } from '../../../components/ui/eligibility-note';
import { formatCedis, formatUnits } from '../../../lib/format';
import { MAX_COMPARED_SUPPLIERS } from '../utils/comparison';
import { creditLabel, supplierCategoryLabel } from '../utils/supplier-labels';

interface SupplierComparisonProps {
  selection: readonly SupplierMatch[];
  onRemove: (match: SupplierMatch) => void;
}

function RemoveButton({
  match,
  onRemove,
}: {
  match: SupplierMatch;
  onRemove: SupplierComparisonProps['onRemove'];
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Remove ${match.name} from comparison`}
      onClick={() => onRemove(match)}
    >
      <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
        <path d="m6 6 8 8M14 6l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      Remove
    </Button>
  );
}

/**
 * SPEC §2 supplier comparison: Supplier, Unit price, MOQ, Credit and Type for up to three chosen
 * suppliers. The lowest price is marked once two or more are side by side, and an offer the buyer may
 * not release yet says why under its name. A table from the small breakpoint up, one card per supplier
 * on a phone, so nothing scrolls sideways.
 */
export function SupplierComparison({ selection, onRemove }: SupplierComparisonProps) {
  if (selection.length === 0) {
    return (
      <p className="px-5 py-6 text-sm text-slate-600">
        Choose Compare on up to {MAX_COMPARED_SUPPLIERS} suppliers to see them side by side.
      </p>
    );
  }
  const lowest = Math.min(...selection.map((match) => match.unitPrice));
  const isLowest = (match: SupplierMatch) => selection.length > 1 && match.unitPrice === lowest;

  return (
    <>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Supplier comparison</caption>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-5 py-2.5">
                Supplier
              </th>
              <th scope="col" className="px-4 py-2.5 text-right whitespace-nowrap">
                Unit price
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                MOQ
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                Credit
              </th>
              <th scope="col" className="px-4 py-2.5">
                Type
              </th>
              <th scope="col" className="px-5 py-2.5">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {selection.map((match) => (
              <tr key={match.id}>
                <th scope="row" className="px-5 py-3 text-left font-medium text-slate-900">
                  {match.name}
                  <EligibilityNote eligibility={match.eligibility} className="mt-1.5 max-w-sm font-normal" />
                </th>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                  <span className="font-medium text-slate-900">{formatCedis(match.unitPrice)}</span>
                  {isLowest(match) && (
                    <span className="ml-2">
                      <Badge tone="green">Lowest</Badge>
                    </span>
                  )}
                </td>
                <td className="px-4 py-3 text-right text-slate-900 tabular-nums">{formatUnits(match.moq)}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                  {creditLabel(match.creditAvailable)}
                </td>
                <td className="px-4 py-3 text-slate-700">{supplierCategoryLabel(match.supplierCategory)}</td>
                <td className="px-5 py-2 text-right">
                  <RemoveButton match={match} onRemove={onRemove} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Supplier comparison" className="divide-y divide-slate-100 sm:hidden">
        {selection.map((match) => (
          <li key={match.id} className="px-5 py-4">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium text-slate-900">{match.name}</p>
              <RemoveButton match={match} onRemove={onRemove} />
            </div>
            <EligibilityNote eligibility={match.eligibility} className="mt-2" />
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Unit price</dt>
                <dd className="font-medium text-slate-900 tabular-nums">
                  {formatCedis(match.unitPrice)} {isLowest(match) && <Badge tone="green">Lowest</Badge>}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">MOQ</dt>
                <dd className="font-medium text-slate-900 tabular-nums">{formatUnits(match.moq)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Credit</dt>
                <dd className="font-medium text-slate-900 tabular-nums">
                  {creditLabel(match.creditAvailable)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Type</dt>
                <dd className="text-slate-900">{supplierCategoryLabel(match.supplierCategory)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
