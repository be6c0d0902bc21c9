/**
 * CSV written by the API, by the rules the web app's exports follow (apps/web/src/lib/csv.ts, papaparse
 * with escapeFormulae; docs/domain.md "Exports"): RFC 4180 lines ending CRLF, a field quoted when it holds
 * a comma, a quote, a line break or spaces at either end, quotes doubled; text starting with = + - @ (or a
 * tab or carriage return) prefixed with ' so a spreadsheet never runs a name as a formula. Numbers are
 * left alone, so -3 stays -3.
 */
export type CsvCell = string | number | boolean | null | undefined;

/** The byte order mark that makes Excel read the file as UTF-8 (so 'GH₵' is not garbled). */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function toCsvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
