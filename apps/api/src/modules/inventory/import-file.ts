import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
  IMPORT_MESSAGES,
  IMPORT_READ_COLUMNS,
  type ImportColumn,
  type ImportValues,
} from '@aduro/shared/inventory-import';
import { AppError, badRequest } from '../../lib/errors.ts';

/**
 * Reading a stock file (CSV or XLSX) into rows of text, one per spreadsheet row under the header: the
 * import's only contact with file formats, so the service decides on plain strings whatever the clerk
 * saved. CSV goes through Papa Parse, XLSX through exceljs; the type is told by the bytes, not the name.
 */

export interface FileRow {
  /** The spreadsheet's row number: the header is row 1 when it is the first row. */
  line: number;
  values: ImportValues;
}

/** A ZIP's local file header: every XLSX starts with it. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Header names as people write them, squeezed (lower case, no spaces, '_' or '-'), to the column each
 * means. "Product", "batch number", "Expiry date" and the template's own names all match.
 */
const HEADER_ALIASES: Record<string, ImportColumn | 'productName'> = {
  product: 'product',
  productid: 'product',
  gtin: 'product',
  productname: 'productName',
  batchnumber: 'batchNumber',
  batch: 'batchNumber',
  batchno: 'batchNumber',
  lot: 'batchNumber',
  lotnumber: 'batchNumber',
  expirydate: 'expiryDate',
  expiry: 'expiryDate',
  expdate: 'expiryDate',
  quantity: 'quantity',
  qty: 'quantity',
  units: 'quantity',
  unitprice: 'unitPrice',
  price: 'unitPrice',
  gs1: 'gs1',
  barcode: 'gs1',
};

const squeeze = (header: string) => header.toLowerCase().replace(/[\s_.\-()]+/g, '');

const invalidFile = (message: string) => badRequest(message, { file: [message] }, 'IMPORT_FILE_INVALID');

/**
 * The rows of an uploaded CSV or XLSX file. Refused with 400 IMPORT_FILE_INVALID when the file is
 * neither, empty, has no header row naming the columns, lacks a needed column, has no rows, or has more
 * than IMPORT_MAX_ROWS rows (blank rows are not counted).
 */
export async function readImportFile(bytes: Buffer): Promise<FileRow[]> {
  if (bytes.length === 0) throw invalidFile(IMPORT_MESSAGES.empty);
  const table = bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await xlsxTable(bytes) : csvTable(bytes);
  return rowsOf(table);
}

/** Rows of cells as text, in file order, each with its spreadsheet row number. */
type Table = Array<{ line: number; cells: string[] }>;

/**
 * Refuses an archive that unpacks to more than `limit` bytes, before exceljs unpacks anything: exceljs
 * holds a workbook in memory whole, so a small file of repeated text unpacking to gigabytes (a "zip
 * bomb") would take the server down for everyone. The
 * sizes the archive declares are not believed: each entry is inflated with zlib's maxOutputLength, which
 * stops at the budget left without allocating past it, so a lying header costs no more than an honest
 * one. An archive this cannot walk (ZIP64, encrypted, another method, damaged) is not an XLSX we read.
 */
export function checkUnpackedSize(bytes: Buffer, limit = IMPORT_MAX_UNPACKED_BYTES): void {
  const unreadable = () => invalidFile(IMPORT_MESSAGES.unreadableXlsx);
  // The end of central directory record: 22 bytes and a comment of at most 65,535 bytes, at the end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let left = limit;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const packed = bytes.readUInt32LE(at + 20);
    const local = bytes.readUInt32LE(at + 42);
    // Encrypted (flag bit 0), or sizes only in a ZIP64 record: neither is a workbook Excel saves plainly.
    if (flags & 1 || packed === 0xffffffff || local === 0xffffffff) throw unreadable();
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw unreadable();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + packed > bytes.length) throw unreadable();
    const data = bytes.subarray(start, start + packed);
    let unpacked: number;
    if (method === 0) unpacked = packed;
    else if (method === 8) {
      try {
        unpacked = inflateRawSync(data, { maxOutputLength: left + 1 }).length;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw invalidFile(IMPORT_MESSAGES.unpackedTooLarge);
        throw unreadable();
      }
    } else throw unreadable();
    left -= unpacked;
    if (left < 0) throw invalidFile(IMPORT_MESSAGES.unpackedTooLarge);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
}

async function xlsxTable(bytes: Buffer): Promise<Table> {
  checkUnpackedSize(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings want its own Buffer type; a Node Buffer is what it reads.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    // Another ZIP (a .docx, an .ods) or a damaged file: exceljs throws on either.
    throw invalidFile(IMPORT_MESSAGES.unreadableXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidFile(IMPORT_MESSAGES.empty);
  const table: Table = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values is 1-based: index 0 is always empty.
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    table.push({ line, cells: Array.from(values, cellText) });
    // Stop reading a sheet far past the limit: it is refused anyway.
    if (table.length > IMPORT_MAX_ROWS + 2) throw invalidFile(IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
  });
  return table;
}

/**
 * A cell's value as the clerk sees it. Excel keeps dates as dates (exceljs gives a Date at UTC
 * midnight): written YYYY-MM-DD. Formulas give their result, links their text, rich text its runs.
 */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/** Control characters no text file holds (tab, line feed and carriage return aside). */
const isBinary = (text: string) => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 8 || (code >= 14 && code <= 26)) return true;
  }
  return false;
};

function csvTable(bytes: Buffer): Table {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Excel on Windows saves "CSV" in the Windows code page: read it as that rather than refuse it.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (isBinary(text.slice(0, 65_536))) throw invalidFile(IMPORT_MESSAGES.notSpreadsheet);
  // Papa Parse guesses the delimiter: ',' as most write it, ';' as Excel writes it where ',' is the
  // decimal mark.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  return parsed.data.map((cells, i) => ({ line: i + 1, cells: cells.map(String) }));
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

function rowsOf(table: Table): FileRow[] {
  const headerAt = table.findIndex((r) => !isBlank(r.cells));
  if (headerAt < 0) throw invalidFile(IMPORT_MESSAGES.empty);
  const header = table[headerAt]!.cells.map((h) => HEADER_ALIASES[squeeze(h)]);
  const known = header.filter((h) => h !== undefined);
  if (known.length === 0) throw invalidFile(IMPORT_MESSAGES.noHeader);
  const has = (c: string) => known.includes(c as ImportColumn);
  const missing: string[] = [];
  if (!has('product') && !has('gs1')) missing.push('product');
  if (!has('quantity')) missing.push('quantity');
  if (!has('unitPrice')) missing.push('unitPrice');
  if (missing.length > 0) throw invalidFile(IMPORT_MESSAGES.missingColumns(missing));

  const rows: FileRow[] = [];
  for (const { line, cells } of table.slice(headerAt + 1)) {
    if (isBlank(cells)) continue;
    if (rows.length >= IMPORT_MAX_ROWS) throw invalidFile(IMPORT_MESSAGES.tooManyRows(IMPORT_MAX_ROWS));
    const values = Object.fromEntries(IMPORT_READ_COLUMNS.map((c) => [c, ''])) as ImportValues;
    header.forEach((column, i) => {
      // The first column of a name wins; productName is for people only.
      if (column && column !== 'productName' && values[column] === '')
        values[column] = (cells[i] ?? '').trim();
    });
    rows.push({ line, values });
  }
  if (rows.length === 0) throw invalidFile(IMPORT_MESSAGES.noRows);
  return rows;
}

/** 413 for a file past the limit, in the import's words. */
export const fileTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, {
    fieldErrors: { file: [IMPORT_MESSAGES.tooLarge] },
  });
