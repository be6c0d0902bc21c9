import Papa from 'papaparse';
import { RECALL_CSV_COLUMNS } from '@aduro/shared/recalls';
import { describe, expect, it } from 'vitest';
import { recallDetail, RECALL_ID, traceRow } from '../testing/fixtures';
import { recallCsvFile, recallToCsv } from './recall-csv';

const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

describe('recall CSV export', () => {
  it('is named after the recall id', () => {
    expect(recallCsvFile(RECALL_ID)).toBe(`recall_${RECALL_ID}.csv`);
  });

  // A phone number starting with + is written '+233…, as every export does (lib/csv.ts), so a spreadsheet
  // reads it as text rather than a formula.
  it('writes the shared columns and one row per delivery and batch, with the acknowledgement', async () => {
    const [header, ...rows] = parse(await recallToCsv(recallDetail()));
    expect(header).toEqual([...RECALL_CSV_COLUMNS]);
    expect(rows).toEqual([
      [
        'RC-2026-000007',
        'PO-2026-000042',
        '1',
        'AccraCare Pharmacy',
        'Osu branch',
        '12 Oxford Street, Osu, Accra',
        'Ama Owusu',
        "'+233 24 000 0001",
        'AMX2405A',
        '2027-05-31',
        '30',
        'Delivered',
        '2026-11-22T14:00:00.000Z',
        '',
        '',
      ],
      [
        'RC-2026-000007',
        'PO-2026-000042',
        '1',
        'AccraCare Pharmacy',
        'Osu branch',
        '12 Oxford Street, Osu, Accra',
        'Ama Owusu',
        "'+233 24 000 0001",
        'AMX2405B',
        '2027-06-30',
        '20',
        'Delivered',
        '2026-11-22T14:00:00.000Z',
        '',
        '',
      ],
      [
        'RC-2026-000007',
        'PO-2026-000042',
        '2',
        'AccraCare Pharmacy',
        'Kumasi branch',
        'Adum, Kumasi',
        '',
        '',
        'AMX2405A',
        '2027-05-31',
        '40',
        'Delivered',
        '2026-11-22T14:00:00.000Z',
        '2026-11-25T10:15:00.000Z',
        'Efua Asante',
      ],
    ]);
  });

  it('keeps a delivery without batch lines as one row of its units', async () => {
    const [, ...rows] = parse(
      await recallToCsv(recallDetail({ trace: [traceRow({ batches: [], units: 12 })] })),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(8, 11)).toEqual(['', '', '12']);
  });

  it('writes only the header for a recall no delivery received', async () => {
    expect(parse(await recallToCsv(recallDetail({ trace: [] })))).toEqual([[...RECALL_CSV_COLUMNS]]);
  });
});
