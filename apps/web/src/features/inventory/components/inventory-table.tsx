import type { InventoryRow } from '@aduro/shared/inventory';
import type { Page } from '@aduro/shared/pagination';
import type { InfiniteData } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, Input } from '../../../components/ui/form-field';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { formatCedis, formatDay, formatUnits } from '../../../lib/format';
import { NO_INVENTORY_TO_EXPORT, useDownloadInventoryCsv } from '../api/download-inventory-csv';
import { useInventoryPages } from '../api/get-inventory';
import { useInventoryFilters } from '../hooks/use-inventory-filters';
import { EXPIRY_STATUS_NAMES } from '../utils/expiry';
import { LoadMore } from '../../../components/ui/load-more';
import { LotStatusBadge } from './lot-status-badge';
import { countText, loadMoreProps, pageItems, pageTotal } from '../../../lib/pages';

export const EMPTY_INVENTORY_MESSAGE =
  'No inventory data yet. Push your first stock update to activate analytics.';
export const NO_MATCHING_LOTS_MESSAGE = 'No lots match these filters.';

/** The expiry filter's choices, named as the badges name them; '' is every lot. */
const STATUS_CHOICES = [
  { value: '', label: 'All' },
  { value: 'expired', label: EXPIRY_STATUS_NAMES.expired },
  { value: 'expiring_soon', label: EXPIRY_STATUS_NAMES.expiring_soon },
  { value: 'healthy', label: EXPIRY_STATUS_NAMES.healthy },
  { value: 'not_applicable', label: EXPIRY_STATUS_NAMES.not_applicable },
] as const;

const COLUMNS: ReadonlyArray<{ label: string; numeric?: boolean }> = [
  { label: 'Product' },
  { label: 'Batch' },
  { label: 'Units', numeric: true },
  { label: 'Unit price', numeric: true },
  { label: 'Expiry' },
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
  /**
   * Written onto the URL with every filter change (the cockpit's { tab: 'inventory' }), so that a
   * reloaded or shared link opens on the table.
   */
  pinnedParams?: Readonly<Record<string, string>>;
}

/** '1 lot', '1,204 lots': every lot the filters match, not only those loaded. */
export const lotCountText = (total: number): string => countText(total, 'lot');

/** The lots of the pages read so far; one seen twice (a refresh racing a page) shows once. */
function lotsOf(data: InfiniteData<Page<InventoryRow>> | undefined): InventoryRow[] {
  return pageItems(data);
}

function SearchIcon() {
  return (
    <svg
      className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400"
      viewBox="0 0 20 20"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="9" cy="9" r="5.5" stroke="currentColor" strokeWidth="1.5" />
      <path d="m13.5 13.5 3 3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/** Why buyers no longer see a product: its FDA registration has passed (issue 32). */
export function registrationLapsedText(product: InventoryRow['product']): string {
  const on = product.fdaRegistrationExpiresOn ? ` on ${formatDay(product.fdaRegistrationExpiresOn)}` : '';
  return `FDA registration lapsed${on} — buyers are not offered this product`;
}

/** The product's class and Controlled badges, and the lapsed registration that hides it from buyers. */
function LegalStatus({ product }: { product: InventoryRow['product'] }) {
  return (
    <>
      <MedicineBadges product={product} className="mt-1" />
      {product.registrationLapsed && (
        <p className="mt-1 rounded-md bg-rose-50 px-2 py-1 text-xs font-medium text-rose-800 ring-1 ring-rose-200 ring-inset">
          {registrationLapsedText(product)}
        </p>
      )}
    </>
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
 * SPEC §2 current inventory: one row per stock lot with its expiry badge and a Forecast action. The
 * server filters (product, expiry status, batch; kept in the URL), pages (in its order: product A to Z,
 * then soonest expiry) and writes the CSV export of every lot the filters match.
 */
export function InventoryTable({ orgId, onForecast, forecastProductId, pinnedParams }: InventoryTableProps) {
  const filters = useInventoryFilters(pinnedParams);
  const pages = useInventoryPages(orgId, filters.applied);
  const download = useDownloadInventoryCsv(orgId);
  const fieldId = useId();
  const shown = lotsOf(pages.data);
  const total = pageTotal(pages);

  function exportCsv() {
    // What the filters match, as the table shows it; the server would answer a header alone.
    if (total === 0) {
      toast.error(NO_INVENTORY_TO_EXPORT);
      return;
    }
    download.mutate(filters.applied);
  }

  let body: React.ReactNode;
  if (pages.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 px-6 py-12 text-sm text-slate-500">
        <Spinner className="size-5 text-emerald-700" />
        Loading inventory
      </div>
    );
  } else if (pages.isError && !pages.isFetchNextPageError) {
    body = (
      <EmptyState message="We could not load your inventory.">
        <Button variant="secondary" size="sm" onClick={() => void pages.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  } else if (shown.length === 0 && !filters.active) {
    body = <EmptyState message={EMPTY_INVENTORY_MESSAGE} />;
  } else {
    body = (
      <>
        <div
          role="group"
          aria-label="Filter inventory"
          className="grid gap-3 border-b border-slate-100 px-5 py-3 sm:grid-cols-2"
        >
          <FormField id={`${fieldId}-product`} label="Product">
            {(control) => (
              <div className="relative">
                <SearchIcon />
                <Input
                  {...control}
                  type="search"
                  placeholder="Name or brand"
                  value={filters.values.product}
                  onChange={(event) => filters.setText('product', event.target.value)}
                  className="pl-9"
                />
              </div>
            )}
          </FormField>
          <FormField id={`${fieldId}-batch`} label="Batch">
            {(control) => (
              <div className="relative">
                <SearchIcon />
                <Input
                  {...control}
                  type="search"
                  placeholder="Batch number"
                  value={filters.values.batch}
                  onChange={(event) => filters.setText('batch', event.target.value)}
                  className="pl-9"
                />
              </div>
            )}
          </FormField>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <span className="text-sm font-medium text-slate-800" aria-hidden="true">
              Expiry status
            </span>
            <SegmentedControl
              label="Expiry status"
              options={STATUS_CHOICES}
              value={filters.values.status}
              onChange={filters.setStatus}
              className="self-start"
            />
          </div>
        </div>
        <div className="flex min-h-11 items-center justify-between gap-3 border-b border-slate-100 px-5 py-1.5 text-sm">
          <p className="text-slate-600 tabular-nums" aria-live="polite">
            {total !== undefined ? lotCountText(total) : null}
          </p>
          {filters.active && shown.length > 0 && (
            <Button variant="ghost" size="sm" onClick={filters.clear}>
              Clear filters
            </Button>
          )}
        </div>

        {shown.length === 0 ? (
          <EmptyState message={NO_MATCHING_LOTS_MESSAGE}>
            <Button variant="secondary" size="sm" onClick={filters.clear}>
              Clear filters
            </Button>
          </EmptyState>
        ) : (
          <div
            className={cn('transition-opacity', pages.isPlaceholderData && 'opacity-60')}
            aria-busy={pages.isPlaceholderData || undefined}
          >
            {/* Laptop: a table whose body scrolls under a sticky header, so totals and form stay in view. */}
            <div className="hidden max-h-[36rem] overflow-auto md:block">
              <table className="w-full text-sm">
                <caption className="sr-only">Current inventory, one row per stock lot</caption>
                <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase shadow-[inset_0_-1px_0_var(--color-slate-200)]">
                  <tr>
                    {COLUMNS.map((column) => (
                      <th
                        key={column.label}
                        scope="col"
                        className={cn('px-3 py-2.5 whitespace-nowrap', column.numeric && 'text-right')}
                      >
                        {column.label}
                      </th>
                    ))}
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
                        <LegalStatus product={row.product} />
                      </td>
                      <td className="px-3 py-3 font-mono text-xs whitespace-nowrap text-slate-800">
                        {row.batchNumber ?? <span className="font-sans text-slate-500">—</span>}
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
              <LoadMore noun="lots" {...loadMoreProps(pages)} />
            </div>

            {/* Phone: one card per lot, so nothing scrolls sideways. */}
            <ul className="divide-y divide-slate-100 md:hidden" aria-label="Current inventory">
              {shown.map((row) => (
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
                      <LegalStatus product={row.product} />
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
                        {row.batchNumber ?? <span className="font-sans text-slate-500">—</span>}
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
            <div className="md:hidden">
              <LoadMore noun="lots" {...loadMoreProps(pages)} />
            </div>
          </div>
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
        actions={
          <Button
            variant="secondary"
            size="sm"
            loading={download.isPending}
            disabled={pages.isPending}
            onClick={exportCsv}
          >
            {!download.isPending && (
              <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
                <path
                  d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-1.5"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            )}
            Export CSV
          </Button>
        }
      />
      {body}
    </Card>
  );
}
