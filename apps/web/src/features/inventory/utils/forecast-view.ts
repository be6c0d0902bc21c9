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

/** '2026-W07' as 'W07': the year is in the axis label and the tooltip, not on every tick. */
export function shortWeek(period: string): string {
  const match = /-W(\d{2})$/.exec(period);
  return match ? `W${match[1]}` : period;
}

/**
 * docs/domain.md "Forecast": Holt's smoothing with a damped trend and fitted α and β, or the recent mean
 * (under 4 weeks of history, or when the trend did worse than it on the last weeks).
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
