/**
 * Demand forecast of one product for one supplier (DOMAIN.md "Forecast", docs/domain.md "Forecast"). Pure
 * and deterministic: no clock, no I/O, no randomness, so the same input always gives the same answer and
 * every number can be checked by hand.
 *
 * Choices, and why:
 * - Holt's linear exponential smoothing with a damped trend (Gardner and McKenzie), in error-correction
 *   form: ŷ_t = l_{t−1} + φ b_{t−1}, e_t = y_t − ŷ_t, l_t = ŷ_t + α e_t, b_t = φ b_{t−1} + αβ e_t; h weeks
 *   ahead of the last state, l + (φ + φ² + … + φ^h) b. A damped trend levels off instead of running on
 *   for ever, so one busy week cannot turn into a projection that climbs week after week.
 * - The parameters are bounded: α ∈ [0.05, 0.5], β ∈ [0.01, 0.3], φ ∈ [0.8, 0.98]. Least squares over
 *   α, β ∈ [0.01, 0.99] chose α = β = 0.99 for a product with two spikes around 15 a week (the level and
 *   trend then copy the last week and its change) and projected 354 rising to 1,143 units a week.
 * - The start is robust to one odd week: b_0 is the median of the first (up to 3) week-on-week changes and
 *   l_0 the median of the first (up to 3) weeks with that trend taken out (y_i − i·b_0). A perfect line
 *   starts exactly on itself; a spike in the first weeks starts nothing.
 * - Fit: the grid α ∈ {0.05, 0.10, …, 0.50} × β ∈ {0.01, 0.05, 0.10, …, 0.30} × φ ∈ {0.80, 0.85, 0.90,
 *   0.95, 0.98} (350 points), least squares on the one-step-ahead errors e_1..e_{n−1}. A point replaces the
 *   best only when its SSE is lower by more than a relative 1e-9, scanning α, then β, then φ upwards, so
 *   ties (a constant series fits exactly everywhere) go to the smoothest model: 0.05, 0.01, 0.80.
 * - Held out: the parameters are fitted on all but the last H = min(4, ⌊n/3⌋) complete weeks, which are
 *   then projected 1..H weeks ahead and scored (sum of squared errors) against the recent average at the
 *   same point (the mean of the last 8 fitted weeks). When the model scores worse than that average, the
 *   projection is the baseline. Otherwise the fitted α, β, φ are run over every complete week and projected.
 * - Only the weeks since the product's first released order are fitted: the zero weeks before anyone had
 *   ordered it are not demand, and would make a new product look like a steep riser.
 * - The last history week is the current week so far. It is left out of the fit, because a partial week
 *   looks like a collapse in demand (every Monday it would drag the level and the trend down). The fit ends at
 *   the last complete week, so the current week is step h = 1 and the projected weeks are h = 2..horizon+1.
 *   The baseline is the plain mean of the last 8 history weeks, current week included, as the contract says.
 */
import { daysUntil, isIsoDate } from '@aduro/shared/inventory';
import { BASELINE_WEEKS, chooseModel, dampedSteps, MIN_HOLT_WEEKS, type HoltFit } from './holt.ts';
import { coverSentence, plural, riskSentence, round1, trendSentence } from './forecast-prose.ts';
import { isoDayIndex } from './iso-weeks.ts';

const DEFAULT_HORIZON = 8;

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
  /** 'holt': the damped trend model; 'baseline': too little history, or the model lost on the held-out weeks. */
  method: 'holt' | 'baseline';
  alpha: number | null;
  beta: number | null;
  /** The trend's damping factor; null for the baseline method (not in the API's contract). */
  phi: number | null;
  /** Why the baseline was used: 'short' history, or an 'irregular' one the model did not beat; null for holt or no orders. */
  baselineReason: 'short' | 'irregular' | null;
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

export interface ExpiryRisk {
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
export function expiryRisk(
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
  let baselineReason: ForecastResult['baselineReason'] = null;
  let fit: HoltFit | null = null;
  let currentRate: number;
  let projected: number[];
  if (noOrders) {
    currentRate = 0;
    projected = Array.from({ length: horizon }, () => 0);
  } else {
    // Complete weeks since the first order: drop the leading zeros and the current, partial week.
    const choice =
      weeks < MIN_HOLT_WEEKS ? null : chooseModel(history.slice(history.length - weeks, history.length - 1));
    fit = choice?.fit ?? null;
    if (fit) {
      method = 'holt';
      const { level, trend, phi } = fit;
      currentRate = round1(Math.max(0, level + phi * trend));
      projected = Array.from({ length: horizon }, (_, i) =>
        round1(Math.max(0, level + dampedSteps(phi, i + 2) * trend)),
      );
    } else {
      baselineReason = choice ? 'irregular' : 'short';
      currentRate = baseline;
      projected = Array.from({ length: horizon }, () => baseline);
    }
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
  } else if (baselineReason === 'short') {
    sentences.push(
      `There is too little order history (${plural(weeks, 'week', 'weeks')}) to project a trend, so the projection is the recent average of ${plural(baseline, 'unit', 'units')} a week.`,
      coverSentence(unexpiredStock, weeksOfCover, meanDemand, today),
    );
  } else if (baselineReason === 'irregular') {
    sentences.push(
      `Demand has been too irregular to project a trend, so the projection is the recent average of ${plural(baseline, 'unit', 'units')} a week.`,
      coverSentence(unexpiredStock, weeksOfCover, meanDemand, today),
    );
  } else if (fit) {
    sentences.push(
      trendSentence(fit.level, fit.phi * fit.trend),
      coverSentence(unexpiredStock, weeksOfCover, meanDemand, today),
    );
  }
  sentences.push(riskSentence(unitsAtRiskOfExpiry, risk.earliest));

  return {
    projected,
    baseline,
    method,
    alpha: fit?.alpha ?? null,
    beta: fit?.beta ?? null,
    phi: fit?.phi ?? null,
    baselineReason,
    // Two decimals: enough to compare fits, and a perfect fit reads 0 rather than 1e-28.
    sse: fit ? Math.round(fit.sse * 100) / 100 : null,
    unexpiredStock,
    weeksOfCover,
    unitsAtRiskOfExpiry,
    commentary: sentences.filter((s): s is string => s !== null).join(' '),
  };
}
