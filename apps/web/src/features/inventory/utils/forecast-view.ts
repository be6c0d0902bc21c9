import type { Forecast } from '@aduro/shared/inventory';

/** One week on the chart: released units for the past, the projection for the next 8 weeks. */
export interface ForecastChartPoint {
  period: string;
  units: number | null;
  projected: number | null;
}

/**
 * 26 weeks of history then 8 projected weeks on one axis. The last history week also carries its units
 * as 'projected', so the dashed projection line starts where the actual line ends instead of floating.
 */
export function forecastChartData(forecast: Pick<Forecast, 'history' | 'points'>): ForecastChartPoint[] {
  const history: ForecastChartPoint[] = forecast.history.map((week) => ({
    period: week.period,
    units: week.units,
    projected: null,
  }));
  const last = history.at(-1);
  if (last && forecast.points.length > 0) last.projected = last.units;
  return [
    ...history,
    ...forecast.points.map((point) => ({ period: point.period, units: null, projected: point.projected })),
  ];
}

const DAY_MS = 86_400_000;

/**
 * The Monday (UTC) that starts an ISO week such as '2026-W45', the periods the API answers; null for
 * any other text. Week 1 is the week holding 4 January.
 */
export function weekStart(period: string): Date | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(period);
  if (!match) return null;
  const jan4 = Date.UTC(Number(match[1]), 0, 4);
  const mondayOfWeek1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return new Date(mondayOfWeek1 + (Number(match[2]) - 1) * 7 * DAY_MS);
}

// Calendar days in UTC, the server's calendar, as lib/format.ts reads them.
const dayAndMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A week as a pharmacist plans by it, its Monday: '2026-W45' is 'Week of 2 Nov' ('Week of 2 Nov 2026'
 * with the year), never an ISO week number (docs/domain.md "Forecast").
 */
export function weekOf(period: string, { year = false }: { year?: boolean } = {}): string {
  const start = weekStart(period);
  return start ? `Week of ${(year ? dayMonthYear : dayAndMonth).format(start)}` : period;
}

/** The chart's axis: each tick the week's Monday, '2 Nov'; the tooltip names the week in full. */
export function weekTick(period: string): string {
  const start = weekStart(period);
  return start ? dayAndMonth.format(start) : period;
}

/**
 * docs/domain.md "Forecast": Holt's smoothing with a damped trend and fitted α and β, or the recent mean
 * (under 4 weeks of history, or when the trend did worse than it on the last weeks). Model language:
 * shown only under the panel's "How this is worked out".
 */
export function modelLabel(model: Forecast['model']): string {
  if (model.method === 'baseline') return 'Recent average';
  if (model.alpha === null || model.beta === null) return 'Holt';
  return `Holt α ${model.alpha.toFixed(2)} · β ${model.beta.toFixed(2)}`;
}

/** The server tries a trend from this many weeks of history, the current week included. */
const MIN_TREND_WEEKS = 4;

/** Why this model: what it was fitted on, or why the recent average stands in for a trend. */
export function modelHint(forecast: Pick<Forecast, 'model' | 'history'>): string {
  if (forecast.model.method === 'holt')
    return `Damped trend, fitted on ${forecast.history.length} weeks of releases`;
  const first = forecast.history.findIndex((week) => week.units > 0);
  const weeksSold = first === -1 ? 0 : forecast.history.length - first;
  return weeksSold >= MIN_TREND_WEEKS ? 'Demand too irregular for a trend' : 'Too little history for a trend';
}

const oneDecimal = new Intl.NumberFormat('en-GH', { maximumFractionDigits: 1 });

/** Weekly units, which the model projects as fractions, to one decimal place at most. */
export function formatWeeklyUnits(value: number): string {
  return oneDecimal.format(value);
}

/** null weeks of cover means no projected demand to use the stock up, so cover cannot be measured. */
export function formatWeeksOfCover(weeks: number | null): string {
  if (weeks === null) return 'No demand';
  // Past a year of cover a tenth of a week means nothing; the commentary says "more than a year".
  if (weeks >= 52) return `${wholeNumber.format(Math.round(weeks))} weeks`;
  return `${oneDecimal.format(weeks)} ${weeks === 1 ? 'week' : 'weeks'}`;
}

const wholeNumber = new Intl.NumberFormat('en-GH', { maximumFractionDigits: 0 });
