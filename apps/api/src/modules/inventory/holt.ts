/**
 * The damped-trend model and its choice against the recent average: the recursion, the robust start, the
 * bounded grid fit and the held-out score. Why each choice: forecast.ts's opening comment.
 */

/** The recent average, and the baseline forecastDemand reports, are of this many weeks. */
export const BASELINE_WEEKS = 8;
/** Under this many weeks of history the projection is the baseline (DOMAIN.md). */
export const MIN_HOLT_WEEKS = 4;
/** At most this many of the last complete weeks are held out to score the model against the baseline. */
export const HOLDOUT_WEEKS = 4;
/** The bounded grid, in hundredths so that the reported α and β are exact two-decimal values. */
export const ALPHA_GRID = [5, 10, 15, 20, 25, 30, 35, 40, 45, 50] as const;
export const BETA_GRID = [1, 5, 10, 15, 20, 25, 30] as const;
export const PHI_GRID = [80, 85, 90, 95, 98] as const;
const START_WEEKS = 3;
const TIE_TOLERANCE = 1e-9;

/** The smoothing parameters of the damped trend model. */
export interface HoltParams {
  alpha: number;
  beta: number;
  phi: number;
}

/** Result of fitting the model: the chosen parameters, their SSE and the final level and trend. */
export interface HoltFit extends HoltParams {
  sse: number;
  level: number;
  trend: number;
}

/** One run of the recursion with fixed parameters: the level and trend at every t, the SSE and the forecasts. */
export interface HoltRun {
  levels: number[];
  trends: number[];
  sse: number;
  /** forecast[h−1] = max(0, l_{n−1} + (φ + … + φ^h)·b_{n−1}) for h = 1..horizon; not rounded. */
  forecast: number[];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The state at t = 0: b_0 the median of the first (up to 3) week-on-week changes, l_0 the median of the
 * first (up to 3) weeks less i·b_0. One point has no change to read, so b_0 = 0; no points start at 0.
 */
export function initialState(series: readonly number[]): { level: number; trend: number } {
  const head = series.slice(0, START_WEEKS + 1);
  const changes = head.slice(1).map((y, i) => y - head[i]!);
  const trend = median(changes);
  const level = median(head.slice(0, START_WEEKS).map((y, i) => y - i * trend));
  return { level, trend };
}

/** φ + φ² + … + φ^h: how many weeks of trend a damped forecast h weeks ahead adds to the level. */
export function dampedSteps(phi: number, h: number): number {
  let sum = 0;
  let power = 1;
  for (let i = 0; i < h; i++) {
    power *= phi;
    sum += power;
  }
  return sum;
}

/** The recursion with fixed parameters (see the file comment); an empty series forecasts 0. */
export function holtForecast(series: readonly number[], params: HoltParams, horizon: number): HoltRun {
  const { alpha, beta, phi } = params;
  const levels: number[] = [];
  const trends: number[] = [];
  let sse = 0;
  if (series.length > 0) {
    let { level, trend } = initialState(series);
    levels.push(level);
    trends.push(trend);
    for (let t = 1; t < series.length; t++) {
      const predicted = level + phi * trend;
      const error = (series[t] ?? 0) - predicted;
      sse += error * error;
      level = predicted + alpha * error;
      trend = phi * trend + alpha * beta * error;
      levels.push(level);
      trends.push(trend);
    }
  }
  const level = levels.at(-1) ?? 0;
  const trend = trends.at(-1) ?? 0;
  const steps = Math.max(0, Math.floor(horizon));
  const forecast = Array.from({ length: steps }, (_, i) =>
    Math.max(0, level + dampedSteps(phi, i + 1) * trend),
  );
  return { levels, trends, sse, forecast };
}

/** The fit's loss, Σ|e_t| over t = 1..n−1, for the grid: no arrays. */
function holtAbsoluteLoss(series: readonly number[], alpha: number, beta: number, phi: number): number {
  let { level, trend } = initialState(series);
  const gain = alpha * beta;
  let loss = 0;
  for (let t = 1; t < series.length; t++) {
    const predicted = level + phi * trend;
    const error = (series[t] ?? 0) - predicted;
    loss += Math.abs(error);
    level = predicted + alpha * error;
    trend = phi * trend + gain * error;
  }
  return loss;
}

/**
 * Damped Holt with α, β, φ chosen on the bounded grid by the least sum of absolute one-step-ahead errors.
 * The reported sse is the sum of their squares at that point.
 */
export function fitHolt(series: readonly number[]): HoltFit {
  let best: { a: number; b: number; p: number; loss: number } | null = null;
  for (const a of ALPHA_GRID) {
    for (const b of BETA_GRID) {
      for (const p of PHI_GRID) {
        const loss = holtAbsoluteLoss(series, a / 100, b / 100, p / 100);
        if (best === null || loss < best.loss - TIE_TOLERANCE * Math.max(1, best.loss))
          best = { a, b, p, loss };
      }
    }
  }
  const params = {
    alpha: (best?.a ?? ALPHA_GRID[0]) / 100,
    beta: (best?.b ?? BETA_GRID[0]) / 100,
    phi: (best?.p ?? PHI_GRID[0]) / 100,
  };
  const run = holtForecast(series, params, 0);
  return { ...params, sse: run.sse, level: run.levels.at(-1) ?? 0, trend: run.trends.at(-1) ?? 0 };
}

/** How the model fared on the held-out weeks against the recent average. */
export interface HoldoutScore {
  /** Complete weeks held out (the last ones). */
  weeks: number;
  /** Sum of absolute errors of the model fitted on the earlier weeks, projecting 1..weeks ahead. */
  modelError: number;
  /** Sum of absolute errors of the mean of the last 8 earlier weeks, held flat. */
  baselineError: number;
}

/** The model chosen for a series of complete weeks: the damped trend, or the baseline when it did worse. */
export interface ModelChoice {
  method: 'holt' | 'baseline';
  /** The parameters fitted on the earlier weeks, run over every week; null when the baseline was chosen. */
  fit: HoltFit | null;
  holdout: HoldoutScore;
}

/**
 * Fits on all but the last H = min(4, ⌊n/3⌋) weeks, scores both forecasts on those H weeks, and keeps the
 * model unless its score is worse than the baseline's. Needs n >= 3 so that H >= 1 and 2 weeks are fitted.
 */
export function chooseModel(series: readonly number[]): ModelChoice {
  const weeks = Math.max(1, Math.min(HOLDOUT_WEEKS, Math.floor(series.length / 3)));
  const train = series.slice(0, series.length - weeks);
  const heldOut = series.slice(series.length - weeks);
  const trained = fitHolt(train);
  const recent = train.slice(-BASELINE_WEEKS);
  const average = recent.length === 0 ? 0 : recent.reduce((s, v) => s + v, 0) / recent.length;
  const projected = holtForecast(train, trained, weeks).forecast;
  let modelError = 0;
  let baselineError = 0;
  heldOut.forEach((actual, i) => {
    modelError += Math.abs((projected[i] ?? 0) - actual);
    baselineError += Math.abs(average - actual);
  });
  const holdout = { weeks, modelError, baselineError };
  if (modelError > baselineError + TIE_TOLERANCE * Math.max(1, baselineError)) {
    return { method: 'baseline', fit: null, holdout };
  }
  const params = { alpha: trained.alpha, beta: trained.beta, phi: trained.phi };
  const run = holtForecast(series, params, 0);
  return {
    method: 'holt',
    fit: { ...params, sse: run.sse, level: run.levels.at(-1) ?? 0, trend: run.trends.at(-1) ?? 0 },
    holdout,
  };
}
