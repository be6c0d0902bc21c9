const cedis = new Intl.NumberFormat('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** SPEC §9: amounts in Ghana cedis with two decimals, e.g. GH₵1,250.00. */
export function formatCedis(amount: number): string {
  return `GH₵${cedis.format(amount)}`;
}

const day = new Intl.DateTimeFormat('en-GH', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day ('2026-11-27', or the date part of an instant) as '27 Nov 2026', never moved by the time zone. */
export function formatDay(iso: string): string {
  const time = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? iso : day.format(time);
}
