/**
 * Numbers and days in words the way the web app shows them (apps/web/src/lib/format.ts), for text the
 * server writes, such as the admin market summary: en-GH grouping, GH₵ with two decimals, '27 Nov 2026'.
 */

// Amounts are formatted by the money module, with the rest of money's rules.
export { formatCedis } from './money.ts';

const units = new Intl.NumberFormat('en-GH');
// Calendar days are read as UTC, the server's calendar, so no time zone moves the day.
const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 11200 as '11,200'. */
export function formatUnits(count: number): string {
  return units.format(count);
}

/** A calendar day ('2026-11-27', or the date part of an instant) as '27 Nov 2026'; other text as it came. */
export function formatDay(iso: string): string {
  const time = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? iso : day.format(time);
}
