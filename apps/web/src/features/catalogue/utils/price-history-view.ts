import type { PriceHistory } from '@aduro/shared/catalogue';

/** One moment on the chart: its UTC day as a time, and each supplier's price then, by supplier id. */
export type PriceHistoryRow = { time: number } & Record<string, number | null>;

/** A UTC calendar day ('2026-11-24') as the time of its midnight. */
export const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The lines as rows for one chart: a row for every day any price changed, plus the window's first and
 * last day, each carrying every supplier's price in force that day (a price holds until the next point,
 * so the lines are steps that reach today). A supplier is null before its first point: its offer did
 * not exist yet.
 */
export function priceHistoryRows(history: PriceHistory): PriceHistoryRow[] {
  const days = new Set<string>([history.from, history.to]);
  for (const line of history.suppliers) for (const point of line.points) days.add(point.at);
  return [...days].sort().map((day) => {
    const row: PriceHistoryRow = { time: dayTime(day) };
    for (const line of history.suppliers) {
      row[line.supplierId] = line.points.findLast((point) => point.at <= day)?.unitPrice ?? null;
    }
    return row;
  });
}

/** The first of each month inside the window, for the time axis's ticks. */
export function monthTicks(from: string, to: string): number[] {
  const ticks: number[] = [];
  const end = dayTime(to);
  const start = new Date(dayTime(from));
  for (
    let month = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
    month <= end;
    month = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1)
  ) {
    ticks.push(month);
  }
  return ticks;
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

/** A tick's time as 'Mar ’26': 'Mar 26' would read as the 26th of March. */
export function formatMonthTick(time: number): string {
  return `${monthName.format(time)} ’${String(new Date(time).getUTCFullYear()).slice(2)}`;
}
