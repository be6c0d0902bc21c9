/** ISO-8601 weeks of UTC dates: the forecast's periods (forecast.ts). */

const DAY_MS = 86_400_000;

function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
}

/** Monday = 0 … Sunday = 6. */
export function isoDayIndex(date: Date): number {
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
