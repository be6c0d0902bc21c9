import type { CreditLine } from '@aduro/shared/credit';
import { toCsv } from '../../../lib/csv';

export const CREDIT_LINES_CSV_FILE = 'credit_lines.csv';
/** SPEC §2: exactly these columns, in this order. */
export const CREDIT_LINES_CSV_COLUMNS = ['supplier', 'limit', 'balance', 'status', 'updated'] as const;

const pesewas = (cedis: number) => Math.round(cedis * 100);

/** SPEC §2 'Credit headroom': limit minus balance summed over all lines, added up in pesewas. */
export function creditHeadroom(lines: readonly CreditLine[]): number {
  return lines.reduce((sum, line) => sum + pesewas(line.limit) - pesewas(line.balance), 0) / 100;
}

/** What the buyer owes across its lines, and the limits granted, for the tiles beside the headroom. */
export function creditTotals(lines: readonly CreditLine[]) {
  return {
    limit: lines.reduce((sum, line) => sum + pesewas(line.limit), 0) / 100,
    outstanding: lines.reduce((sum, line) => sum + pesewas(line.balance), 0) / 100,
    headroom: creditHeadroom(lines),
  };
}

/** How much of the line is used, 0 to 100, for the usage bar. */
export function creditUsedPercent(line: CreditLine): number {
  if (line.limit <= 0) return line.balance > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((line.balance / line.limit) * 100)));
}

/** The lines as CSV: amounts with 2 decimals, updated as the ISO instant the limit was last set. */
export function creditLinesToCsv(lines: readonly CreditLine[]): string {
  return toCsv(
    CREDIT_LINES_CSV_COLUMNS,
    lines.map((line) => ({
      supplier: line.supplier.name,
      limit: line.limit.toFixed(2),
      balance: line.balance.toFixed(2),
      status: line.status,
      updated: new Date(line.dateSet).toISOString(),
    })),
  );
}
