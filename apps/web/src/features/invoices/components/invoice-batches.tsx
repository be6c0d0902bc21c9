import type { Invoice } from '@aduro/shared/invoices';
import { formatDay, formatUnits } from '../../../lib/format';

const units = (n: number) => `${formatUnits(n)} ${n === 1 ? 'unit' : 'units'}`;

/**
 * The batches an invoice's drops received, folded into one line ('Batches: AMX2406B, AMX2407C') that
 * opens to each drop's lots with their expiries: what a pharmacist matches against a recall notice.
 */
export function InvoiceBatches({ invoice }: { invoice: Invoice }) {
  const drops = invoice.drops.filter((drop) => drop.batches.length > 0);
  if (drops.length === 0) return null;
  const names = [
    ...new Set(drops.flatMap((drop) => drop.batches.map((b) => b.batchNumber ?? 'no batch recorded'))),
  ];
  return (
    <details className="group mt-1 text-xs text-slate-600">
      <summary className="cursor-pointer list-none truncate text-slate-600 hover:text-slate-900 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className="mr-1 inline-block text-slate-400 transition-transform group-open:rotate-90"
        >
          ▸
        </span>
        {names.length === 1 ? 'Batch' : 'Batches'}: <span className="font-mono">{names.join(', ')}</span>
      </summary>
      <ul className="mt-1.5 space-y-1 border-l-2 border-slate-100 pl-3">
        {drops.map((drop) => (
          <li key={drop.sequence}>
            <span className="font-medium text-slate-700">
              Drop {drop.sequence} · {drop.addressName}
            </span>{' '}
            <span className="text-slate-500">({units(drop.quantity)})</span>
            <ul>
              {drop.batches.map((batch, index) => (
                <li
                  key={`${batch.batchNumber ?? ''}-${batch.expiryDate ?? ''}-${index}`}
                  className="tabular-nums"
                >
                  {batch.batchNumber ? (
                    <span className="font-mono">{batch.batchNumber}</span>
                  ) : (
                    'No batch recorded'
                  )}
                  {batch.expiryDate && ` · exp ${formatDay(batch.expiryDate)}`} · {units(batch.quantity)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}
