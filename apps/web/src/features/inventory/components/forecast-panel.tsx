import type { Forecast } from '@aduro/shared/inventory';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatUnits } from '../../../lib/format';
import { useForecast } from '../api/get-forecast';
import {
  formatWeeklyUnits,
  formatWeeksOfCover,
  modelHint,
  modelLabel,
  weekOf,
  weekTick,
} from '../utils/forecast-view';

// recharts is most of a chart's weight; it loads only once a supplier opens a forecast.
const ForecastChart = lazy(async () => ({ default: (await import('./forecast-chart')).ForecastChart }));

interface ForecastPanelProps {
  orgId: string;
  product: { id: string; name: string };
  onClose: () => void;
}

function ChartPlaceholder({ label }: { label: string }) {
  return (
    <div role="status" className="flex h-72 items-center justify-center gap-2 text-sm text-slate-500">
      <Spinner className="size-5 text-emerald-700" />
      {label}
    </div>
  );
}

/**
 * What the forecast means for the stock, in a pharmacist's words: cover, units at risk, the recent
 * average and the demand ahead. How the model got there is under "How this is worked out".
 */
function ForecastFigures({ forecast }: { forecast: Forecast }) {
  const ahead = forecast.points.reduce((sum, point) => sum + point.projected, 0);
  const firstWeek = forecast.points[0]?.period;
  const figures = [
    {
      label: 'Weeks of cover',
      value: formatWeeksOfCover(forecast.weeksOfCover),
      hint: `${formatUnits(forecast.unexpiredStock)} unexpired units`,
    },
    {
      label: 'Units at risk of expiry',
      value: formatUnits(forecast.unitsAtRiskOfExpiry),
      hint: 'Expire before demand uses them',
    },
    {
      label: 'Baseline',
      value: `${formatWeeklyUnits(forecast.baseline)} / week`,
      hint: 'Average of the last 8 weeks',
    },
    {
      label: 'Projected demand',
      value: `${formatUnits(Math.round(ahead))} units`,
      hint: firstWeek ? `${forecast.points.length} weeks from ${weekTick(firstWeek)}` : 'No weeks projected',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200 lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="flex flex-col bg-white px-3 py-2.5">
          <dt className="text-xs text-slate-500">{figure.label}</dt>
          <dd className="order-first text-sm font-semibold text-slate-900 tabular-nums sm:text-base">
            {figure.value}
          </dd>
          <dd className="text-xs text-slate-500">{figure.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The model behind the projection, for whoever wants it: the method, why it was chosen and its fitted
 * parameters. Kept out of the main text, which speaks of stock and weeks, not of α and β.
 */
function HowItIsWorkedOut({ forecast }: { forecast: Forecast }) {
  const { model } = forecast;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-slate-700 hover:text-slate-900">
        How this is worked out
      </summary>
      <div className="mt-2 space-y-2 text-slate-600">
        <p>
          {model.method === 'holt'
            ? 'A trend is fitted to the units released each week, damped so that one busy week cannot turn into a climb that goes on for ever. It is used only when it predicted the last few weeks better than the recent average did.'
            : 'Each week ahead is projected at the average of the last 8 weeks, because a trend could not be trusted on this history.'}
        </p>
        <dl className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-500">Model</dt>
          <dd className="text-slate-800">{modelLabel(model)}</dd>
          <dt className="text-slate-500">Why</dt>
          <dd className="text-slate-800">{modelHint(forecast)}</dd>
          {model.method === 'holt' && model.alpha !== null && model.beta !== null && (
            <>
              <dt className="text-slate-500">Level smoothing (α)</dt>
              <dd className="text-slate-800 tabular-nums">{model.alpha.toFixed(2)}</dd>
              <dt className="text-slate-500">Trend smoothing (β)</dt>
              <dd className="text-slate-800 tabular-nums">{model.beta.toFixed(2)}</dd>
            </>
          )}
          {model.sse !== null && (
            <>
              <dt className="text-slate-500">Fit error (sum of squared errors)</dt>
              <dd className="text-slate-800 tabular-nums">{formatWeeklyUnits(model.sse)}</dd>
            </>
          )}
        </dl>
      </div>
    </details>
  );
}

/**
 * SPEC §2 'AI demand forecast' (an experiment): released units per week, the projection with its
 * baseline, the commentary, the model used, and what the stock on hand means against that demand.
 */
export function ForecastPanel({ orgId, product, onClose }: ForecastPanelProps) {
  const forecast = useForecast(orgId, product.id);
  const panelRef = useRef<HTMLDivElement>(null);

  // Opened from a row that may be far down the list: bring the panel into view and move focus to it,
  // so keyboard and screen reader users land on what they asked for.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
    panel.focus({ preventScroll: true });
  }, [product.id]);

  const data = forecast.data;
  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      className="scroll-mt-32 rounded-xl sm:scroll-mt-20 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600/30"
    >
      <Card aria-labelledby="forecast-title">
        <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id="forecast-title" className="text-base font-semibold text-slate-900">
                AI demand forecast
              </h3>
              <Badge tone="blue">Experiment</Badge>
            </div>
            <p className="mt-1 text-sm text-slate-500">{data?.productName ?? product.name}</p>
          </div>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close forecast">
            <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
              <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
          </Button>
        </div>

        {forecast.isPending ? (
          <ChartPlaceholder label="Loading forecast" />
        ) : forecast.isError ? (
          <EmptyState message="We could not load this forecast.">
            <Button variant="secondary" size="sm" onClick={() => void forecast.refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : (
          <div className="space-y-4 p-5">
            <ForecastFigures forecast={forecast.data} />
            <figure>
              <figcaption className="sr-only">
                Units released per week over the last {forecast.data.history.length} weeks and projected for
                the next {forecast.data.points.length} weeks, against a baseline of{' '}
                {formatWeeklyUnits(forecast.data.baseline)} units per week.
              </figcaption>
              <Suspense fallback={<ChartPlaceholder label="Loading chart" />}>
                <ForecastChart forecast={forecast.data} />
              </Suspense>
            </figure>
            <div className="flex gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
              <svg
                className="mt-0.5 size-4 shrink-0 text-emerald-700"
                viewBox="0 0 20 20"
                fill="none"
                aria-hidden="true"
              >
                <path
                  d="M10 2.5 11.8 8.2 17.5 10l-5.7 1.8L10 17.5l-1.8-5.7L2.5 10l5.7-1.8L10 2.5Z"
                  stroke="currentColor"
                  strokeWidth="1.4"
                  strokeLinejoin="round"
                />
              </svg>
              <p>{forecast.data.commentary ?? 'No commentary is available for this product yet.'}</p>
            </div>
            {forecast.data.points.length > 0 && (
              <details className="group text-sm">
                <summary className="cursor-pointer font-medium text-slate-700 hover:text-slate-900">
                  Projected units per week
                </summary>
                <table className="mt-2 w-full max-w-md text-left">
                  <thead className="text-xs text-slate-500">
                    <tr>
                      <th scope="col" className="py-1 font-medium">
                        Week
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Projected units
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 tabular-nums">
                    {forecast.data.points.map((point) => (
                      <tr key={point.period}>
                        <td className="py-1">{weekOf(point.period)}</td>
                        <td className="py-1 text-right">{formatWeeklyUnits(point.projected)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
            <HowItIsWorkedOut forecast={forecast.data} />
          </div>
        )}
      </Card>
    </div>
  );
}
