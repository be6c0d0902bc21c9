import type { CreditLine } from '@aduro/shared/credit';
import { sumCedis, toCedis, toPesewas } from '@aduro/shared/money';
import { toCsv } from '../../../lib/csv';

export const CREDIT_LINES_CSV_FILE = 'credit_lines.csv';
/** SPEC §2: exactly these columns, in this order. */
export const CREDIT_LINES_CSV_COLUMNS = ['supplier', 'limit', 'balance', 'status', 'updated'] as const;

/** SPEC §2 'Credit headroom': limit minus balance summed over all lines, added up in pesewas. */
export function creditHeadroom(lines: readonly CreditLine[]): number {
  return toCedis(lines.reduce((sum, line) => sum + toPesewas(line.limit) - toPesewas(line.balance), 0));
}

/** What the buyer owes across its lines, and the limits granted, for the tiles beside the headroom. */
export function creditTotals(lines: readonly CreditLine[]) {
  return {
    limit: sumCedis(lines.map((line) => line.limit)),
    outstanding: sumCedis(lines.map((line) => line.balance)),
    headroom: creditHeadroom(lines),
  };
}

/** How much of the line is used, 0 to 100, for the usage bar. */
export function creditUsedPercent(line: CreditLine): number {
  if (line.limit <= 0) return line.balance > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((line.balance / line.limit) * 100)));
}

/** The lines as CSV: amounts with 2 decimals, updated as the ISO instant the limit was last set. */
export function creditLinesToCsv(lines: readonly CreditLine[]): Promise<string> {
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
