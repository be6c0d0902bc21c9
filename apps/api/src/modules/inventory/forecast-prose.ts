/**
 * The forecast's commentary for the supplier: plain English, numbers as the screens show them, weeks as
 * the dates a pharmacist plans by ("the week of 23 Mar"), never ISO week numbers or the model's
 * parameters (docs/domain.md "Forecast").
 */
import { startOfIsoWeek } from './iso-weeks.ts';

/** A trend is worth mentioning when it moves demand by more than this share of the level per week. */
export const MATERIAL_TREND = 0.05;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** One decimal, as every figure the forecast reports. */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function formatNumber(value: number): string {
  const [whole = '0', tenth = '0'] = round1(value).toFixed(1).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return tenth === '0' ? grouped : `${grouped}.${tenth}`;
}

export function plural(value: number, one: string, many: string): string {
  return `${formatNumber(value)} ${round1(value) === 1 ? one : many}`;
}

function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year ?? ''}`;
}

const DAY_MS = 86_400_000;

/**
 * 'the week of 23 Mar': the Monday of the week that holds `date`, with its year only when that is not
 * the year of `today` (so a date around New Year cannot be read as the wrong January).
 */
export function weekOf(date: Date, today: string): string {
  const monday = startOfIsoWeek(date);
  const day = `${monday.getUTCDate()} ${MONTHS[monday.getUTCMonth()] ?? ''}`;
  const year = String(monday.getUTCFullYear());
  return `the week of ${year === today.slice(0, 4) ? day : `${day} ${year}`}`;
}

/**
 * Cover in weeks, and the week the stock runs out in at that demand, counted from `today` (YYYY-MM-DD):
 * a supplier reorders by the calendar, not by a count of weeks.
 */
export function coverSentence(
  stock: number,
  weeksOfCover: number | null,
  meanDemand: number,
  today: string,
): string {
  const demand = `${plural(meanDemand, 'unit', 'units')} a week`;
  if (stock === 0) return `There is no unexpired stock to cover the projected demand of ${demand}.`;
  if (weeksOfCover === null) {
    return `Projected demand is 0 units a week, so the ${plural(stock, 'unit', 'units')} in stock are not expected to sell.`;
  }
  // Past a year, tenths of a week say nothing to a pharmacist: the year first, whole weeks beside it.
  if (weeksOfCover >= WEEKS_A_YEAR) {
    return `More than a year of cover (about ${formatNumber(Math.round(weeksOfCover))} weeks) at the projected demand of ${demand}.`;
  }
  const start = new Date(`${today}T00:00:00Z`);
  const runsOut = new Date(start.getTime() + Math.round(weeksOfCover * 7) * DAY_MS);
  const when =
    startOfIsoWeek(runsOut).getTime() === startOfIsoWeek(start).getTime()
      ? 'this week'
      : `around ${weekOf(runsOut, today)}`;
  return `About ${plural(weeksOfCover, 'week', 'weeks')} of cover at the projected demand of ${demand}, so the stock runs out ${when}.`;
}

const WEEKS_A_YEAR = 52;

export function riskSentence(unitsAtRisk: number, earliest: string | null): string | null {
  if (unitsAtRisk < 1 || earliest === null) return null;
  return `${plural(unitsAtRisk, 'unit', 'units')} may expire before they are sold, starting with the lot that expires on ${formatDate(earliest)}.`;
}

/** The trend as next week's change (φ·b): what the damped model adds to the level a week from now. */
export function trendSentence(level: number, trend: number): string {
  const step = round1(Math.abs(trend));
  if (Math.abs(trend) <= MATERIAL_TREND * Math.abs(level) || step === 0) return 'Demand is steady.';
  return trend > 0
    ? `Demand is rising, by about ${plural(step, 'more unit', 'more units')} each week.`
    : `Demand is falling, by about ${plural(step, 'fewer unit', 'fewer units')} each week.`;
}
