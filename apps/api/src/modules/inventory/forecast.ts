/**
 * Demand forecast of one product for one supplier (DOMAIN.md "Forecast"). Pure and deterministic: no
 * clock, no I/O, no randomness, so the same input always gives the same answer and every number can be
 * checked by hand.
 *
 * Choices, and why:
 * - Holt's linear exponential smoothing, l_t = α y_t + (1−α)(l_{t−1}+b_{t−1}),
 *   b_t = β(l_t − l_{t−1}) + (1−β) b_{t−1}, initialised l_0 = y_0, b_0 = y_1 − y_0. It is computed in the
 *   algebraically identical error-correction form (e_t = y_t − (l_{t−1}+b_{t−1}); l_t = l_{t−1}+b_{t−1}+α e_t;
 *   b_t = b_{t−1}+αβ e_t), which keeps a constant or perfectly linear integer series exact in floating point.
 * - SSE = Σ e_t² over t = 2..n−1. With that initialisation the t = 1 forecast is y_1 itself for every α, β,
 *   so t = 1 would only add a zero.
 * - α, β ∈ [0.01, 0.99]: a coarse grid {0.01, 0.05, 0.10, …, 0.95, 0.99}², then every 0.01 step within ±0.04
 *   of the coarse best (the whole cell around it). A point replaces the best only when its SSE is lower by
 *   more than a relative 1e-9, scanning α then β upwards, so ties (a constant or perfectly linear series fits
 *   exactly everywhere) go to the smallest α, then the smallest β: 0.01, 0.01, the smoothest model.
 *   A grid finds the global least-squares optimum only to its resolution and only in the cell of the coarse
 *   best; 441 + 81 evaluations of a 25-week series take well under a millisecond.
 * - Only the weeks since the product's first released order are fitted: the zero weeks before anyone had
 *   ordered it are not demand, and would make a new product look like a steep riser.
 * - The last history week is the current week so far. It is left out of the fit, because a partial week
 *   looks like a collapse in demand (every Monday it would drag the level and the trend down). The fit ends at
 *   the last complete week, so the current week is step h = 1 and the projected weeks are h = 2..horizon+1.
 *   The baseline is the plain mean of the last 8 history weeks, current week included, as the contract says.
 */
import { daysUntil, isIsoDate } from '@aduro/shared/inventory';

const DAY_MS = 86_400_000;
const DEFAULT_HORIZON = 8;
const BASELINE_WEEKS = 8;
/** Under this many weeks of history the projection is the baseline (DOMAIN.md). */
export const MIN_HOLT_WEEKS = 4;
/** A trend is worth mentioning when it moves demand by more than this share of the level per week. */
export const MATERIAL_TREND = 0.05;
// Grid points in hundredths, so the reported α and β are exact two-decimal values.
const COARSE_GRID = [1, ...Array.from({ length: 19 }, (_, i) => (i + 1) * 5), 99];
const FINE_RADIUS = 4;
const GRID_MIN = 1;
const GRID_MAX = 99;
const TIE_TOLERANCE = 1e-9;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
}

/** Monday = 0 … Sunday = 6. */
function isoDayIndex(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

/** Monday 00:00 UTC of the ISO week containing date. */
export function startOfIsoWeek(date: Date): Date {
  assertValidDate(date);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(midnight - isoDayIndex(date) * DAY_MS);
}

/** ISO-8601 week label of a UTC date, e.g. '2026-W48' (weeks start Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: Date): string {
  // A week belongs to the year of its Thursday; week 1's Thursday falls on day 0..6 of that year.
  const thursday = new Date(startOfIsoWeek(date).getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const dayOfYear = Math.round((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS);
  const week = Math.floor(dayOfYear / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The `count` ISO week labels following the week of `date` (not including it). */
export function nextIsoWeeks(date: Date, count: number): string[] {
  const monday = startOfIsoWeek(date).getTime();
  const n = Math.max(0, Math.floor(count));
  return Array.from({ length: n }, (_, i) => isoWeek(new Date(monday + (i + 1) * 7 * DAY_MS)));
}

/** Result of fitting Holt's model: the chosen α, β, their SSE and the final level and trend. */
export interface HoltFit {
  alpha: number;
  beta: number;
  sse: number;
  level: number;
  trend: number;
}

/** One run of Holt's recursion with fixed α, β: the level and trend at every t, the SSE and the forecasts. */
export interface HoltRun {
  levels: number[];
  trends: number[];
  sse: number;
  /** forecast[h−1] = max(0, l_{n−1} + h·b_{n−1}) for h = 1..horizon; not rounded. */
  forecast: number[];
}

/**
 * Holt's recursion with fixed α, β (see the file comment for the form and the SSE range). A one-point
 * series has no trend to start from, so b_0 = 0; an empty series forecasts 0.
 */
export function holtForecast(
  series: readonly number[],
  alpha: number,
  beta: number,
  horizon: number,
): HoltRun {
  const levels: number[] = [];
  const trends: number[] = [];
  let sse = 0;
  const first = series[0];
  if (first !== undefined) {
    let level = first;
    let trend = (series[1] ?? first) - first;
    levels.push(level);
    trends.push(trend);
    for (let t = 1; t < series.length; t++) {
      const error = (series[t] ?? 0) - (level + trend);
      if (t >= 2) sse += error * error;
      level += trend + alpha * error;
      trend += alpha * beta * error;
      levels.push(level);
      trends.push(trend);
    }
  }
  const level = levels.at(-1) ?? 0;
  const trend = trends.at(-1) ?? 0;
  const steps = Math.max(0, Math.floor(horizon));
  const forecast = Array.from({ length: steps }, (_, i) => Math.max(0, level + (i + 1) * trend));
  return { levels, trends, sse, forecast };
}

/** SSE only, for the grid: no arrays. The state at t = 1 is (y_1, y_1 − y_0) whatever α and β are. */
function holtSse(series: readonly number[], alpha: number, beta: number): number {
  if (series.length < 3) return 0;
  let level = series[1] ?? 0;
  let trend = level - (series[0] ?? 0);
  const gain = alpha * beta;
  let sse = 0;
  for (let t = 2; t < series.length; t++) {
    const error = (series[t] ?? 0) - (level + trend);
    sse += error * error;
    level += trend + alpha * error;
    trend += gain * error;
  }
  return sse;
}

interface GridBest {
  a: number;
  b: number;
  sse: number;
}

/** Scans α, then β, upwards; keeps the first point unless a later one is lower beyond the tie tolerance. */
function searchGrid(
  series: readonly number[],
  alphas: readonly number[],
  betas: readonly number[],
): GridBest {
  let best: GridBest | null = null;
  for (const a of alphas) {
    for (const b of betas) {
      const sse = holtSse(series, a / 100, b / 100);
      if (best === null || sse < best.sse - TIE_TOLERANCE * Math.max(1, best.sse)) best = { a, b, sse };
    }
  }
  return best ?? { a: GRID_MIN, b: GRID_MIN, sse: 0 };
}

function fineAround(centre: number): number[] {
  const from = Math.max(GRID_MIN, centre - FINE_RADIUS);
  const to = Math.min(GRID_MAX, centre + FINE_RADIUS);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Holt's linear exponential smoothing with alpha, beta fitted by least squares on one-step-ahead errors. */
export function fitHolt(series: readonly number[]): HoltFit {
  const coarse = searchGrid(series, COARSE_GRID, COARSE_GRID);
  const fine = searchGrid(series, fineAround(coarse.a), fineAround(coarse.b));
  const alpha = fine.a / 100;
  const beta = fine.b / 100;
  const run = holtForecast(series, alpha, beta, 0);
  return { alpha, beta, sse: run.sse, level: run.levels.at(-1) ?? 0, trend: run.trends.at(-1) ?? 0 };
}

/** A lot of the supplier's stock; expiryDate YYYY-MM-DD or null when the product does not expire. */
export interface ForecastLot {
  expiryDate: string | null;
  quantity: number;
}

/** What forecastDemand needs: the weekly history, the supplier's unexpired lots and today's date. */
export interface ForecastInput {
  /** Weekly units, oldest first; 26 zero-filled weeks, the last being the current week so far. */
  history: readonly number[];
  /** Weeks from the first week that had any released units up to now, current week included (0 when none). */
  weeksWithHistory: number;
  /** The supplier's unexpired lots of this product. */
  lots: readonly ForecastLot[];
  /** YYYY-MM-DD (UTC). */
  today: string;
  /** Weeks to project after the current one; default 8. */
  horizon?: number;
}

/** The projection, the fitted model, and what it means for the supplier's stock. */
export interface ForecastResult {
  /** One value per week after the current one, each >= 0, rounded to 1 decimal. */
  projected: number[];
  /** Mean weekly units of the last 8 history weeks (fewer when the product is newer), 1 decimal. */
  baseline: number;
  method: 'holt' | 'baseline';
  alpha: number | null;
  beta: number | null;
  /** SSE of the fitted model, 2 decimals; null for the baseline method. */
  sse: number | null;
  /** Sum of the unexpired lots' quantities. */
  unexpiredStock: number;
  /** unexpiredStock / mean projected weekly demand, 1 decimal; null when projected demand is 0. */
  weeksOfCover: number | null;
  /** Units that FEFO consumption at the projected demand leaves unsold past their expiry day, rounded down. */
  unitsAtRiskOfExpiry: number;
  /** Plain English for the supplier, 1-3 sentences. */
  commentary: string;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Weeks since the first week with released units, counting the current week. When the caller's count and
 * the data disagree (units earlier than it says), the data wins; never more than the history holds.
 */
function activeWeeks(history: readonly number[], weeksWithHistory: number): number {
  const first = history.findIndex((units) => units !== 0);
  const span = first === -1 ? 0 : history.length - first;
  const claimed = Number.isFinite(weeksWithHistory) ? Math.floor(weeksWithHistory) : 0;
  return Math.min(history.length, Math.max(0, claimed, span));
}

interface ExpiryRisk {
  /** Units at risk, ×70 so that demand spread over 7 days of a 1-decimal weekly rate stays an integer. */
  atRisk70: number;
  earliest: string | null;
}

/**
 * First-expiry-first-out over the lots. Demand starts tomorrow (today's count already reflects today's
 * orders, and a warning should err early) and a lot serves demand up to the end of its expiry day, so a lot
 * expiring in D days can absorb D days of demand. Each week's projection is spread evenly over its 7 days;
 * the rest of the current week runs at the model's estimate for the current week, and beyond the horizon
 * demand stays at the last projected rate. Because earlier lots always serve a prefix of time, lot i
 * consumes min(q_i, D(e_i) − served so far), with D the cumulative demand up to its expiry.
 */
function expiryRisk(
  lots: readonly ForecastLot[],
  today: string,
  currentRate: number,
  projected: readonly number[],
): ExpiryRisk {
  // Weekly rate in tenths of a unit per week = units×70 per day.
  const currentTenths = Math.round(currentRate * 10);
  const weekTenths = projected.map((rate) => Math.round(rate * 10));
  const tailTenths = weekTenths.at(-1) ?? currentTenths;
  const daysLeftThisWeek = 6 - isoDayIndex(new Date(`${today}T00:00:00Z`));

  const demand70Through = (days: number): number => {
    let remaining = days;
    let total = 0;
    const take = (limit: number, tenths: number) => {
      const d = Math.min(remaining, limit);
      total += d * tenths;
      remaining -= d;
    };
    take(daysLeftThisWeek, currentTenths);
    for (const tenths of weekTenths) {
      if (remaining === 0) break;
      take(7, tenths);
    }
    take(remaining, tailTenths);
    return total;
  };

  const dated = lots
    .filter((lot): lot is { expiryDate: string; quantity: number } => lot.expiryDate !== null)
    .sort((x, y) => (x.expiryDate < y.expiryDate ? -1 : x.expiryDate > y.expiryDate ? 1 : 0));
  // Lots without an expiry come last in FEFO and never expire, so they are never at risk.
  let served70 = 0;
  let atRisk70 = 0;
  let earliest: string | null = null;
  for (const lot of dated) {
    const quantity70 = Math.max(0, lot.quantity) * 70;
    const consumed = Math.min(
      quantity70,
      Math.max(0, demand70Through(daysUntil(lot.expiryDate, today)) - served70),
    );
    served70 += consumed;
    if (quantity70 > consumed) {
      atRisk70 += quantity70 - consumed;
      earliest ??= lot.expiryDate;
    }
  }
  return { atRisk70, earliest };
}

function formatNumber(value: number): string {
  const [whole = '0', tenth = '0'] = round1(value).toFixed(1).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return tenth === '0' ? grouped : `${grouped}.${tenth}`;
}

function plural(value: number, one: string, many: string): string {
  return `${formatNumber(value)} ${round1(value) === 1 ? one : many}`;
}

function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year ?? ''}`;
}

function coverSentence(stock: number, weeksOfCover: number | null, meanDemand: number): string {
  const demand = `${plural(meanDemand, 'unit', 'units')} a week`;
  if (stock === 0) return `There is no unexpired stock to cover the projected demand of ${demand}.`;
  if (weeksOfCover === null) {
    return `Projected demand is 0 units a week, so the ${plural(stock, 'unit', 'units')} in stock are not expected to sell.`;
  }
  return `About ${plural(weeksOfCover, 'week', 'weeks')} of cover at the projected demand of ${demand}.`;
}

function riskSentence(unitsAtRisk: number, earliest: string | null): string | null {
  if (unitsAtRisk < 1 || earliest === null) return null;
  return `${plural(unitsAtRisk, 'unit', 'units')} may expire before they are sold, starting with the lot that expires on ${formatDate(earliest)}.`;
}

function trendSentence(level: number, trend: number): string {
  const step = round1(Math.abs(trend));
  if (Math.abs(trend) <= MATERIAL_TREND * Math.abs(level) || step === 0) return 'Demand is steady.';
  return trend > 0
    ? `Demand is rising, by about ${plural(step, 'more unit', 'more units')} each week.`
    : `Demand is falling, by about ${plural(step, 'fewer unit', 'fewer units')} each week.`;
}

/** Projects weekly demand for the next `horizon` weeks and relates it to the supplier's unexpired stock. */
export function forecastDemand(input: ForecastInput): ForecastResult {
  const { history, lots, today } = input;
  if (!isIsoDate(today)) throw new RangeError(`today must be YYYY-MM-DD, got '${today}'`);
  for (const lot of lots) {
    if (lot.expiryDate !== null && !isIsoDate(lot.expiryDate)) {
      throw new RangeError(`Lot expiry must be YYYY-MM-DD, got '${lot.expiryDate}'`);
    }
  }
  const horizon = Math.max(0, Math.floor(input.horizon ?? DEFAULT_HORIZON));
  const weeks = activeWeeks(history, input.weeksWithHistory);
  const recent = weeks === 0 ? [] : history.slice(-Math.min(BASELINE_WEEKS, weeks));
  const baseline = round1(recent.length === 0 ? 0 : recent.reduce((s, v) => s + v, 0) / recent.length);

  // The caller promises unexpired lots; a lot past its date would otherwise count as stock and as all at risk.
  const usable = lots.filter((lot) => lot.expiryDate === null || daysUntil(lot.expiryDate, today) >= 0);
  const unexpiredStock = usable.reduce((s, lot) => s + lot.quantity, 0);

  const noOrders = history.every((units) => units === 0);
  let method: 'holt' | 'baseline' = 'baseline';
  let fit: HoltFit | null = null;
  let currentRate: number;
  let projected: number[];
  if (noOrders) {
    currentRate = 0;
    projected = Array.from({ length: horizon }, () => 0);
  } else if (weeks < MIN_HOLT_WEEKS) {
    currentRate = baseline;
    projected = Array.from({ length: horizon }, () => baseline);
  } else {
    method = 'holt';
    // Complete weeks since the first order: drop the leading zeros and the current, partial week.
    const series = history.slice(history.length - weeks, history.length - 1);
    fit = fitHolt(series);
    const { level, trend } = fit;
    currentRate = round1(Math.max(0, level + trend));
    projected = Array.from({ length: horizon }, (_, i) => round1(Math.max(0, level + (i + 2) * trend)));
  }

  // Cover and risk use the rounded projections, the numbers the supplier sees.
  const meanDemand = horizon === 0 ? 0 : projected.reduce((s, v) => s + v, 0) / horizon;
  const weeksOfCover = meanDemand > 0 ? round1(unexpiredStock / meanDemand) : null;
  const risk = expiryRisk(usable, today, currentRate, projected);
  const unitsAtRiskOfExpiry = Math.floor(risk.atRisk70 / 70);

  const sentences: (string | null)[] = [];
  if (noOrders) {
    sentences.push(
      `No released orders for this product in the last ${history.length} weeks, so no demand is projected.`,
    );
  } else if (method === 'baseline') {
    sentences.push(
      `There is too little order history (${plural(weeks, 'week', 'weeks')}) to project a trend, so the projection is the recent average of ${plural(baseline, 'unit', 'units')} a week.`,
      coverSentence(unexpiredStock, weeksOfCover, meanDemand),
    );
  } else if (fit) {
    sentences.push(
      trendSentence(fit.level, fit.trend),
      coverSentence(unexpiredStock, weeksOfCover, meanDemand),
    );
  }
  sentences.push(riskSentence(unitsAtRiskOfExpiry, risk.earliest));

  return {
    projected,
    baseline,
    method,
    alpha: fit?.alpha ?? null,
    beta: fit?.beta ?? null,
    // Two decimals: enough to compare fits, and a perfect fit reads 0 rather than 1e-28.
    sse: fit ? Math.round(fit.sse * 100) / 100 : null,
    unexpiredStock,
    weeksOfCover,
    unitsAtRiskOfExpiry,
    commentary: sentences.filter((s): s is string => s !== null).join(' '),
  };
}
