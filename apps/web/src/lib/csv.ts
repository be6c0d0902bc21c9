import Papa from 'papaparse';
import { saveBlob } from './download';

/** A cell as the exports write it: empty for null and undefined, so a missing date is a blank field. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * RFC 4180 text with a header row of exactly `columns`, in that order. Papa Parse quotes every field
 * that holds a comma, quote or line break. Text starting with = + - @ is prefixed with ' so a
 * spreadsheet never runs a product name as a formula; numbers are left alone, so -3 stays -3.
 */
export function toCsv<C extends string>(
  columns: readonly C[],
  rows: ReadonlyArray<Record<C, CsvCell>>,
): string {
  return Papa.unparse(
    {
      fields: [...columns],
      data: rows.map((row) => columns.map((column) => row[column] ?? '')),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/**
 * Saves `csv` as a file. The byte order mark is what makes Excel read the file as UTF-8, so a name
 * such as 'GH₵ pack' is not garbled; every CSV-aware tool skips it.
 */
export function downloadCsv(filename: string, csv: string): void {
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), filename);
}
