import { RECALL_CSV_COLUMNS, type RecallDetail } from '@aduro/shared/recalls';
import { toCsv, type CsvCell } from '../../../lib/csv';

/** recall_{id}.csv, as the export is named wherever it is downloaded. */
export const recallCsvFile = (recallId: string) => `recall_${recallId}.csv`;

type RecallCsvRow = Record<(typeof RECALL_CSV_COLUMNS)[number], CsvCell>;

/**
 * One row per delivery and recalled batch it received, so a spreadsheet can total units per batch.
 * Instants stay ISO (a spreadsheet reads them); a drop with no batch line still gets its row.
 */
export function recallCsvRows(recall: RecallDetail): RecallCsvRow[] {
  return recall.trace.flatMap((row) => {
    const batches = row.batches.length
      ? row.batches
      : [{ batchNumber: null, expiryDate: null, quantity: row.units }];
    return batches.map((batch) => ({
      recall: recall.number,
      order: row.orderNumber,
      drop: row.dropSequence,
      buyer: row.buyer.name,
      addressName: row.addressName,
      address: row.address,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      batch: batch.batchNumber,
      expiry: batch.expiryDate,
      units: batch.quantity,
      status: row.status,
      deliveredAt: row.deliveredAt,
      acknowledgedAt: row.acknowledgedAt,
      acknowledgedBy: row.acknowledgedBy,
    }));
  });
}

export function recallToCsv(recall: RecallDetail): Promise<string> {
  return toCsv(RECALL_CSV_COLUMNS, recallCsvRows(recall));
}
