import type { SupplierMatch } from '@aduro/shared/marketplace';
import { toast } from 'sonner';
import { downloadCsv, toCsv } from '../../../lib/csv';
import { paymentTermsLabel } from './supplier-labels';

/** SPEC §8: the export toast when there is nothing to write. */
export const NOTHING_TO_EXPORT = 'Nothing to export.';

/** SPEC §2: exactly these columns, in this order. */
export const SUPPLIER_MATCHES_CSV_COLUMNS = [
  'supplier',
  'price',
  'paymentTerms',
  'creditAvailable',
  'leadTimeDays',
] as const;

/**
 * SPEC §2: the product name lowercased, with underscores, then _supplier_matches.csv. Every run of
 * characters other than a-z and 0-9 becomes one underscore (spaces, '/', '%', 'GH₵'), and none is
 * left at either end, so the name is safe on every file system: 'Amoxicillin 500 mg capsules' ->
 * 'amoxicillin_500_mg_capsules_supplier_matches.csv'.
 */
export function supplierMatchesFilename(productName: string): string {
  const stem = productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${stem || 'product'}_supplier_matches.csv`;
}

/**
 * One line per supplier as the list shows it: the unit price with its 2 decimals, terms with the
 * Prepaid default, and a blank credit cell without a credit line (a number column stays numeric).
 */
export function supplierMatchesCsv(matches: readonly SupplierMatch[]): Promise<string> {
  return toCsv(
    SUPPLIER_MATCHES_CSV_COLUMNS,
    matches.map((match) => ({
      supplier: match.name,
      price: match.unitPrice.toFixed(2),
      paymentTerms: paymentTermsLabel(match.paymentTerms),
      creditAvailable: match.creditAvailable === null ? null : match.creditAvailable.toFixed(2),
      leadTimeDays: match.leadTimeDays,
    })),
  );
}

/** 'Export to Sheets' (SPEC §2): downloads the matches, or says there is nothing to export. */
export async function exportSupplierMatches(
  productName: string,
  matches: readonly SupplierMatch[],
): Promise<void> {
  if (matches.length === 0) {
    toast.error(NOTHING_TO_EXPORT);
    return;
  }
  await downloadCsv(supplierMatchesFilename(productName), supplierMatchesCsv(matches));
}
