import type { InventoryRow } from '@aduro/shared/inventory';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ShowMoreButton, usePhonePaging } from '../../../components/ui/phone-paging';
import { ExportButton } from '../../../components/ui/export-button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Select } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { downloadCsv } from '../../../lib/csv';
import { formatCedis, formatDay, formatUnits } from '../../../lib/format';
import { useInventory } from '../api/get-inventory';
import { INVENTORY_EXPORT_FILENAME, NO_INVENTORY_TO_EXPORT, inventoryCsv } from '../utils/inventory-csv';
import {
  DEFAULT_SORT,
  filterRows,
  nextSort,
  sortRows,
  type SortKey,
  type SortState,
} from '../utils/inventory-view';
import { LotStatusBadge } from './lot-status-badge';

export const EMPTY_INVENTORY_MESSAGE =
  'No inventory data yet. Push your first stock update to activate analytics.';

/** Cards shown per step on a phone: a long stock list otherwise becomes metres of scrolling. */

const COLUMNS: ReadonlyArray<{ key: SortKey | 'batch'; label: string; numeric?: boolean }> = [
  { key: 'product', label: 'Product' },
  // Not sortable: a batch number orders nothing a supplier looks for; the search finds one.
  { key: 'batch', label: 'Batch' },
  { key: 'units', label: 'Units', numeric: true },
  { key: 'price', label: 'Unit price', numeric: true },
  { key: 'expiry', label: 'Expiry' },
];

/** The phone layout has no column headers to click, so it offers each order as a choice. */
const SORT_CHOICES: ReadonlyArray<{ value: string; label: string; sort: SortState }> = [
  { value: 'product-asc', label: 'Product A–Z', sort: { key: 'product', direction: 'asc' } },
  { value: 'product-desc', label: 'Product Z–A', sort: { key: 'product', direction: 'desc' } },
  { value: 'units-desc', label: 'Most units', sort: { key: 'units', direction: 'desc' } },
  { value: 'units-asc', label: 'Fewest units', sort: { key: 'units', direction: 'asc' } },
  { value: 'price-desc', label: 'Highest price', sort: { key: 'price', direction: 'desc' } },
  { value: 'price-asc', label: 'Lowest price', sort: { key: 'price', direction: 'asc' } },
  { value: 'expiry-asc', label: 'Expiring first', sort: { key: 'expiry', direction: 'asc' } },
  { value: 'expiry-desc', label: 'Expiring last', sort: { key: 'expiry', direction: 'desc' } },
];

export interface ForecastTarget {
  id: string;
  name: string;
}

interface InventoryTableProps {
  orgId: string;
  onForecast: (product: ForecastTarget) => void;
  /** The product whose forecast is open, highlighted in the list. */
  forecastProductId?: string | null;
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg className="size-3.5 shrink-0" viewBox="0 0 12 12" fill="none" aria-hidden="true">
      <path
        d="M3.5 4.5 6 2l2.5 2.5"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={direction === 'asc' ? 1 : 0.35}
      />
      <path
        d="M3.5 7.5 6 10l2.5-2.5"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={direction === 'desc' ? 1 : 0.35}
      />
    </svg>
  );
}

function ForecastButton({
  row,
  onForecast,
}: {
  row: InventoryRow;
  onForecast: InventoryTableProps['onForecast'];
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      // Every row has this button; the name says which product's forecast it opens.
      aria-label={`Forecast for ${row.product.name}`}
      onClick={() => onForecast({ id: row.product.id, name: row.product.name })}
    >
      <svg className="size-4 text-emerald-700" viewBox="0 0 20 20" fill="none" aria-hidden="true">
        <path
          d="M3 16h14M4.5 12.5l3.5-4 3 2.5 4.5-5.5"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Forecast
    </Button>
  );
}

/**
 * SPEC §2 current inventory: one row per stock lot with its expiry badge and a Forecast action, a
 * client-side search and sort (the list is the supplier's own, already whole), and the CSV export.
 */
export function InventoryTable({ orgId, onForecast, forecastProductId }: InventoryTableProps) {
  const inventory = useInventory(orgId);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const phone = usePhonePaging();
  const rows = inventory.data;
  const sorted = useMemo(() => (rows ? sortRows(rows, sort) : []), [rows, sort]);
  const shown = useMemo(() => filterRows(sorted, search), [sorted, search]);

  function exportCsv() {
    // The whole inventory, not just the rows a search left on screen: an export is a stock report.
    if (sorted.length === 0) {
      toast.error(NO_INVENTORY_TO_EXPORT);
      return;
    }
    downloadCsv(INVENTORY_EXPORT_FILENAME, inventoryCsv(sorted));
  }

  const sortChoice = `${sort.key}-${sort.direction}`;
  let body: React.ReactNode;
  if (inventory.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-500">
        <Spinner className="size-5 text-emerald-700" />
        Loading inventory
      </div>
    );
  } else if (inventory.isError) {
    body = (
      <EmptyState message="We could not load your inventory.">
        <Button variant="secondary" size="sm" onClick={() => void inventory.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  } else if (sorted.length === 0) {
    body = <EmptyState message={EMPTY_INVENTORY_MESSAGE} />;
  } else {
    body = (
      <>
        <div className="flex flex-col gap-2 border-b border-slate-100 px-5 py-3 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <svg
              className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400"
              viewBox="0 0 20 20"
              fill="none"
              aria-hidden="true"
            >
              <circle cx="9" cy="9" r="5.5" stroke="currentColor" strokeWidth="1.5" />
              <path d="m13.5 13.5 3 3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
            <Input
              type="search"
              aria-label="Search inventory"
              placeholder="Search product, brand or batch"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
          </div>
          <Select
            aria-label="Sort inventory"
            value={sortChoice}
            onChange={(event) => {
              const choice = SORT_CHOICES.find((c) => c.value === event.target.value);
              if (choice) setSort(choice.sort);
            }}
            className="md:hidden"
          >
            {SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
          <p className="text-xs whitespace-nowrap text-slate-500 sm:text-right" aria-live="polite">
            {shown.length === sorted.length
              ? `${formatUnits(sorted.length)} ${sorted.length === 1 ? 'lot' : 'lots'}`
              : `${formatUnits(shown.length)} of ${formatUnits(sorted.length)} lots`}
          </p>
        </div>

        {shown.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600">No lots match “{search.trim()}”.</p>
        ) : (
          <>
            {/* Laptop: a table whose body scrolls under a sticky header, so totals and form stay in view. */}
            <div className="hidden max-h-[36rem] overflow-auto md:block">
              <table className="w-full text-sm">
                <caption className="sr-only">Current inventory, one row per stock lot</caption>
                <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase shadow-[inset_0_-1px_0_var(--color-slate-200)]">
                  <tr>
                    {COLUMNS.map((column) => {
                      if (column.key === 'batch') {
                        return (
                          <th key={column.key} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                            {column.label}
                          </th>
                        );
                      }
                      const key = column.key;
                      const active = sort.key === key;
                      return (
                        <th
                          key={column.key}
                          scope="col"
                          aria-sort={
                            active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                          }
                          className={cn('px-3 py-2.5 whitespace-nowrap', column.numeric && 'text-right')}
                        >
                          <button
                            type="button"
                            onClick={() => setSort((current) => nextSort(current, key))}
                            className={cn(
                              'inline-flex items-center gap-1 rounded uppercase hover:text-slate-900',
                              active && 'text-slate-900',
                            )}
                          >
                            {column.label}
                            <SortIcon direction={active ? sort.direction : null} />
                          </button>
                        </th>
                      );
                    })}
                    <th scope="col" className="px-3 py-2.5 text-right">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {shown.map((row) => (
                    <tr
                      key={row.id}
                      className={cn(
                        'align-top',
                        row.product.id === forecastProductId
                          ? 'bg-emerald-50/60'
                          : row.recall
                            ? 'bg-rose-50/40'
                            : 'hover:bg-slate-50',
                      )}
                    >
                      {/* Long names wrap anywhere rather than push Actions out of the side column. */}
                      <td className="px-3 py-3 [overflow-wrap:anywhere]">
                        <p className="font-medium text-slate-900">{row.product.name}</p>
                        <p className="text-xs text-slate-500">
                          {row.product.brandName} · {row.product.category}
                        </p>
                      </td>
                      <td className="px-3 py-3 font-mono text-xs whitespace-nowrap text-slate-800">
                        {row.batchNumber ?? <span className="font-sans text-slate-400">—</span>}
                      </td>
                      <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                        <p className="font-medium text-slate-900">{formatUnits(row.quantity)}</p>
                        <p className="text-xs text-slate-500">{row.product.unitOfMeasure}</p>
                      </td>
                      <td className="px-3 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                        {formatCedis(row.unitPrice)}
                      </td>
                      <td className="px-3 py-3">
                        <p className="whitespace-nowrap text-slate-700">
                          {row.expiryDate ? formatDay(row.expiryDate) : '—'}
                        </p>
                        <div className="mt-1 whitespace-nowrap">
                          <LotStatusBadge row={row} />
                        </div>
                      </td>
                      <td className="px-3 py-3 text-right">
                        <ForecastButton row={row} onForecast={onForecast} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            {/* Phone: one card per lot, so nothing scrolls sideways. */}
            <ul className="divide-y divide-slate-100 md:hidden" aria-label="Current inventory">
              {shown.slice(0, phone.limit).map((row) => (
                <li
                  key={row.id}
                  className={cn(
                    'px-5 py-4',
                    row.product.id === forecastProductId ? 'bg-emerald-50/60' : row.recall && 'bg-rose-50/40',
                  )}
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{row.product.name}</p>
                      <p className="text-xs text-slate-500">
                        {row.product.brandName} · {row.product.category}
                      </p>
                      <div className="mt-1.5">
                        <LotStatusBadge row={row} />
                      </div>
                    </div>
                    <ForecastButton row={row} onForecast={onForecast} />
                  </div>
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                    <div>
                      <dt className="text-xs text-slate-500">Units</dt>
                      <dd className="font-medium text-slate-900 tabular-nums">
                        {formatUnits(row.quantity)}{' '}
                        <span className="text-xs font-normal text-slate-500">
                          {row.product.unitOfMeasure}
                        </span>
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Unit price</dt>
                      <dd className="font-medium text-slate-900 tabular-nums">
                        {formatCedis(row.unitPrice)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Batch</dt>
                      <dd className="font-mono text-slate-900">
                        {row.batchNumber ?? <span className="font-sans text-slate-400">—</span>}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">Expiry</dt>
                      <dd className="text-slate-900">{row.expiryDate ? formatDay(row.expiryDate) : '—'}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
            <ShowMoreButton total={shown.length} limit={phone.limit} onShowMore={phone.showMore} />
          </>
        )}
      </>
    );
  }

  return (
    <Card aria-labelledby="inventory-title">
      <CardHeader
        id="inventory-title"
        as="h3"
        title="Current inventory"
        description="Every stock lot, with your unit price and its expiry."
        actions={<ExportButton onClick={exportCsv} disabled={inventory.isPending} />}
      />
      {body}
    </Card>
  );
}
