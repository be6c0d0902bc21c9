import type { PriceHistory } from '@aduro/shared/catalogue';
import { lazy, Suspense } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatDay } from '../../../lib/format';
import { usePriceHistory } from '../api/get-price-history';

// recharts is most of a chart's weight; it loads only once a product's history is on screen.
const PriceHistoryChart = lazy(async () => ({
  default: (await import('./price-history-chart')).PriceHistoryChart,
}));

export const NO_PRICE_HISTORY_MESSAGE =
  'No supplier offers this product now, so there are no prices to chart.';

/** The chart's place while data or recharts loads: the plot and two legend rows. */
function ChartSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      <Skeleton className="h-56" />
      <div className="grid gap-2 sm:grid-cols-2">
        <Skeleton className="h-3.5" />
        <Skeleton className="h-3.5" />
      </div>
    </div>
  );
}

/** 'Cheapest now: Tema Pharma Distributors at GH₵12.50', or why there is none. */
function CheapestNow({ cheapest }: { cheapest: PriceHistory['cheapest'] }) {
  if (!cheapest)
    return <p className="text-sm text-slate-600">No supplier can fill an order for it right now.</p>;
  return (
    <p className="text-sm text-slate-700">
      Cheapest now: <span className="font-semibold text-slate-900">{cheapest.supplierName}</span> at{' '}
      <span className="font-semibold text-slate-900 tabular-nums">{formatCedis(cheapest.unitPrice)}</span>
    </p>
  );
}

/** What the chart shows, for readers who cannot see it. */
function chartSummary(history: PriceHistory): string {
  const lines = history.suppliers.map((line) => {
    const first = line.points[0];
    const changes = Math.max(0, line.points.length - 1);
    const start = first ? `${formatCedis(first.unitPrice)} on ${formatDay(first.at)}` : 'no earlier price';
    const since = `${changes} ${changes === 1 ? 'change' : 'changes'} since`;
    return `${line.supplierName}: ${start}, ${since}, ${formatCedis(line.currentPrice)} now.`;
  });
  return `Offer prices from ${formatDay(history.from)} to ${formatDay(history.to)}. ${lines.join(' ')}`;
}

/**
 * The product dialog's 'Price history' (issue 16): each supplier's offer price over the last 12
 * months, one line each, and the cheapest offer a buyer can order now.
 */
export function PriceHistorySection({ productId }: { productId: string }) {
  const history = usePriceHistory(productId);
  return (
    <section aria-labelledby="price-history-title" className="space-y-3">
      <div>
        <h3 id="price-history-title" className="text-sm font-semibold text-slate-900">
          Price history
        </h3>
        <p className="mt-0.5 text-xs text-slate-500">
          {history.data
            ? `${formatDay(history.data.from)} – ${formatDay(history.data.to)}, one line per supplier`
            : 'The last 12 months, one line per supplier'}
        </p>
      </div>
      {history.isPending ? (
        <ChartSkeleton label="Loading price history" />
      ) : history.isError ? (
        <LoadFailed message="We could not load the price history." onRetry={() => void history.refetch()} />
      ) : history.data.suppliers.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          {NO_PRICE_HISTORY_MESSAGE}
        </p>
      ) : (
        <>
          <CheapestNow cheapest={history.data.cheapest} />
          <figure>
            <figcaption className="sr-only">{chartSummary(history.data)}</figcaption>
            <Suspense fallback={<ChartSkeleton label="Loading chart" />}>
              <PriceHistoryChart history={history.data} />
            </Suspense>
          </figure>
        </>
      )}
    </section>
  );
}
