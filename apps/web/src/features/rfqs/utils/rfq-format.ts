import type { RfqLine, RfqResponseCounts } from '@aduro/shared/rfqs';
import { formatMoment } from '../../../lib/format';

// 'in 1 day' rather than 'tomorrow': a deadline 30 hours ahead may well fall the day after tomorrow.
const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' });

/**
 * Each unit, from the largest, with the span from which it is used: hours up to two days, since "in 1
 * day" for 47 hours undersells what a supplier has left.
 */
const STEPS: readonly [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['day', 86_400_000, 2 * 86_400_000],
  ['hour', 3_600_000, 3_600_000],
  ['minute', 60_000, 60_000],
];

/**
 * How far an instant is from now: 'in 3 days', 'in 47 hours', '5 minutes ago', or 'now'. Whole units,
 * cut toward zero, so a deadline never reads further off than it is.
 */
export function fromNow(iso: string, now: number = Date.now()): string {
  const diff = Date.parse(iso) - now;
  if (Number.isNaN(diff)) return iso;
  for (const [unit, size, from] of STEPS) {
    if (Math.abs(diff) >= from) return relative.format(Math.trunc(diff / size), unit);
  }
  return 'now';
}

/** The deadline both ways, as a buyer plans around it: 'in 3 days · 2 Dec 2026, 5:00 pm'. */
export function deadlineText(iso: string, now?: number): string {
  return `${fromNow(iso, now)} · ${formatMoment(iso)}`;
}

/** The first two products, then how many more: 'Amoxicillin, Zinc and 3 more'. */
export function productsText(lines: readonly Pick<RfqLine, 'product'>[]): string {
  const names = lines.slice(0, 2).map((line) => line.product.name);
  const more = lines.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(' and ');
}

/** '2 of 3 answered': a decline is an answer too. */
export function answeredText(responses: RfqResponseCounts): string {
  return `${responses.quoted + responses.declined} of ${responses.invited} answered`;
}

/**
 * '2 quoted · 1 declined · 0 waiting': what a sealed, open request may tell the buyer. Once quoting has
 * ended nobody is waiting any more: the silent ones did not answer.
 */
export function countsText(responses: RfqResponseCounts, open = true): string {
  const silent = Math.max(0, responses.invited - responses.quoted - responses.declined);
  return `${responses.quoted} quoted · ${responses.declined} declined · ${silent} ${open ? 'waiting' : 'did not answer'}`;
}
