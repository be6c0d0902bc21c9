import { toast } from 'sonner';
import { saveBlob } from './download';

/** Said when an export cannot be built: on a weak connection, Papa Parse may fail to download. */
export const EXPORT_FAILED = 'The export could not be prepared. Check your connection and try again.';

/** A cell as the exports write it: empty for null and undefined, so a missing date is a blank field. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * RFC 4180 text with a header row of exactly `columns`, in that order. Papa Parse quotes every field
 * that holds a comma, quote or line break. Text starting with = + - @ is prefixed with ' so a
 * spreadsheet never runs a product name as a formula; numbers are left alone, so -3 stays -3.
 * Papa Parse is downloaded on the first export, not with each screen that offers one: the customer
 * hub, the credit page and the recall trace drew 7 KB sooner on a phone without it.
 */
export async function toCsv<C extends string>(
  columns: readonly C[],
  rows: ReadonlyArray<Record<C, CsvCell>>,
): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    {
      fields: [...columns],
      data: rows.map((row) => columns.map((column) => row[column] ?? '')),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/**
 * Saves `csv` as a file once it is built; if building fails (Papa Parse could not be downloaded), a
 * toast says so and nothing is saved, and the next click tries again. The byte order mark is what
 * makes Excel read the file as UTF-8, so a name such as 'GH₵ pack' is not garbled; every CSV-aware
 * tool skips it.
 */
export async function downloadCsv(filename: string, csv: string | Promise<string>): Promise<void> {
  let text: string;
  try {
    text = await csv;
  } catch {
    toast.error(EXPORT_FAILED);
    return;
  }
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), filename);
}
