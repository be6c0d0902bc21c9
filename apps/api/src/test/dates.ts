import { todayUtc } from '@aduro/shared/inventory';

/** A date `days` from today (UTC, the calendar the server uses), as YYYY-MM-DD. */
export function inDays(days: number): string {
  const d = new Date(`${todayUtc()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
