import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@aduro/shared/inventory-import';
import type { AppError } from '../../lib/errors.ts';
import { checkUnpackedSize, readImportFile } from './import-file.ts';
import { readDate } from './imports.service.ts';

const refusal = async (bytes: Buffer) => {
  try {
    await readImportFile(bytes);
  } catch (err) {
    return { code: (err as AppError).code, message: (err as AppError).message };
  }
  throw new Error('the file was read');
};

describe('reading a stock file', () => {
  it('matches headers whatever their case and spacing, and numbers rows as a spreadsheet does', async () => {
    const rows = await readImportFile(
      Buffer.from(
        '\uFEFFProduct, Batch Number ,EXPIRY DATE,Qty,unit_price,Product name\r\n\r\nPanadol,ab1,2030-01-31,5,1.5,ignored\r\n',
      ),
    );
    expect(rows).toEqual([
      {
        line: 3,
        values: {
          product: 'Panadol',
          batchNumber: 'ab1',
          expiryDate: '2030-01-31',
          quantity: '5',
          unitPrice: '1.5',
          gs1: '',
        },
      },
    ]);
  });

  it('reads CSV separated by semicolons, as Excel writes it where the comma is the decimal mark', async () => {
    const rows = await readImportFile(Buffer.from('product;quantity;unitPrice\nPanadol;5;2\n'));
    expect(rows[0]!.values).toMatchObject({ product: 'Panadol', quantity: '5', unitPrice: '2' });
  });

  it('reads a CSV saved in the Windows code page rather than refusing it', async () => {
    const rows = await readImportFile(
      Buffer.from('product,quantity,unitPrice\nCaf\xe9 tablets,5,2\n', 'latin1'),
    );
    expect(rows[0]!.values.product).toBe('Café tablets');
  });

  it('reads XLSX dates, formulas and rich text as the clerk sees them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['product', 'expiryDate', 'quantity', 'unitPrice']);
    sheet.addRow([
      { richText: [{ text: 'Pana' }, { text: 'dol' }] },
      new Date('2030-02-28T00:00:00Z'),
      { formula: '2*3', result: 6 },
      2.5,
    ]);
    const rows = await readImportFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      {
        line: 2,
        values: {
          product: 'Panadol',
          batchNumber: '',
          expiryDate: '2030-02-28',
          quantity: '6',
          unitPrice: '2.5',
          gs1: '',
        },
      },
    ]);
  });

  it('refuses a file with a header but no rows, and one whose first row names no column', async () => {
    expect(await refusal(Buffer.from('product,quantity,unitPrice\n\n'))).toEqual({
      code: 'IMPORT_FILE_INVALID',
      message: IMPORT_MESSAGES.noRows,
    });
    expect((await refusal(Buffer.from('a,b,c\n1,2,3\n'))).message).toBe(IMPORT_MESSAGES.noHeader);
  });
});

describe('reading a date', () => {
  it('takes YYYY-MM-DD and day-first DD/MM/YYYY, and refuses dates that do not exist', () => {
    expect(readDate('2027-03-31')).toBe('2027-03-31');
    expect(readDate('31/03/2027')).toBe('2027-03-31');
    expect(readDate('1.4.2027')).toBe('2027-04-01');
    expect(readDate('03/31/2027')).toBeNull();
    expect(readDate('2027-02-29')).toBeNull();
    expect(readDate('March 2027')).toBeNull();
  });
});

/**
 * A one-entry ZIP, deflated, whose headers declare `declared` as its unpacked size (the truth or a lie):
 * what a zip bomb looks like to the reader.
 */
function zipOf(name: string, content: Buffer, declared = content.length): Buffer {
  const packed = deflateRawSync(content, { level: 9 });
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(file.length, 28);
  const centralAt = local.length + file.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, file, packed, central, file, end]);
}

describe('an XLSX that unpacks to far more than a stock list (a zip bomb)', () => {
  it('is refused before exceljs unpacks it, whatever size its headers declare', async () => {
    // 160 MB of one character packs to a fraction of a megabyte.
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(160 * 1024 * 1024, 0x20), 100);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb)).toEqual({
      code: 'IMPORT_FILE_INVALID',
      message: IMPORT_MESSAGES.unpackedTooLarge,
    });
  });

  it('passes a real workbook, and counts every entry against the budget', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['product', 'quantity', 'unitPrice']);
    for (let i = 0; i < 500; i++) sheet.addRow([`Product ${i}`, i, 2.5]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(() => checkUnpackedSize(xlsx)).not.toThrow();
    expect(() => checkUnpackedSize(xlsx, 1_000)).toThrow(IMPORT_MESSAGES.unpackedTooLarge);
    // A damaged archive is not read at all.
    expect(() => checkUnpackedSize(xlsx.subarray(0, xlsx.length - 30))).toThrow(
      IMPORT_MESSAGES.unreadableXlsx,
    );
  });
});
