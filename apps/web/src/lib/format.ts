// SPEC §9 amounts (GH₵1,250.00) are formatted by the money module, with the rest of money's rules.
export { formatCedis } from '@aduro/shared/money';

const units = new Intl.NumberFormat('en-GH');

/** 1500 as '1,500'. */
export function formatUnits(count: number): string {
  return units.format(count);
}

// Calendar days are read as UTC, the server's calendar, so no time zone moves the day.
const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayWithWeekday = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar day ('2026-11-27', or the date part of an instant) as '27 Nov 2026', or with its weekday
 * ('Fri, 27 Nov 2026') where a buyer plans around it. Text that is no date is shown as it came.
 */
export function formatDay(iso: string, opts: { weekday?: boolean } = {}): string {
  const time = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return iso;
  return (opts.weekday ? dayWithWeekday : day).format(time);
}

const moment = new Intl.DateTimeFormat('en-GH', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant in the reader's own time: '27 Nov 2026, 2:05 pm'. */
export function formatMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : moment.format(time);
}
