import Papa from 'papaparse';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supplierMatch } from '../testing/fixtures';
import {
  exportSupplierMatches,
  NOTHING_TO_EXPORT,
  supplierMatchesCsv,
  supplierMatchesFilename,
} from './supplier-matches-csv';

describe('supplierMatchesFilename', () => {
  it('lowercases the product name with underscores and adds _supplier_matches.csv', () => {
    expect(supplierMatchesFilename('Amoxicillin 500 mg capsules')).toBe(
      'amoxicillin_500_mg_capsules_supplier_matches.csv',
    );
  });

  it('turns every run of other characters into one underscore and trims them at the ends', () => {
    expect(supplierMatchesFilename('Paracetamol 120 mg/5 mL syrup')).toBe(
      'paracetamol_120_mg_5_ml_syrup_supplier_matches.csv',
    );
    expect(supplierMatchesFilename('Oral rehydration salts (low osmolarity)')).toBe(
      'oral_rehydration_salts_low_osmolarity_supplier_matches.csv',
    );
    expect(supplierMatchesFilename('  Zinc 20 mg — GH₵ pack, "promo"  ')).toBe(
      'zinc_20_mg_gh_pack_promo_supplier_matches.csv',
    );
  });
});

describe('supplierMatchesCsv', () => {
  it('has exactly the SPEC columns, 2-decimal prices, the Prepaid default and a blank credit cell', async () => {
    const csv = await supplierMatchesCsv([
      supplierMatch({
        name: 'Tema Pharma Distributors',
        unitPrice: 104.5,
        paymentTerms: 'Net 30',
        creditAvailable: 43711.5,
        leadTimeDays: 5,
      }),
      supplierMatch({
        name: 'Accra Medilink Importers',
        unitPrice: 113,
        paymentTerms: '',
        creditAvailable: null,
        leadTimeDays: 6,
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'supplier,price,paymentTerms,creditAvailable,leadTimeDays',
      'Tema Pharma Distributors,104.50,Net 30,43711.50,5',
      'Accra Medilink Importers,113.00,Prepaid,,6',
    ]);
  });

  it('quotes commas, quotes and line breaks, keeps GH₵, and reads back to the same values', async () => {
    const name = 'Kwame "Best" Pharma, GH₵ deals\nAccra';
    const terms = 'Net 14, or cash on delivery';
    const csv = await supplierMatchesCsv([supplierMatch({ name, paymentTerms: terms, unitPrice: 9.9 })]);
    expect(csv).toContain('"Kwame ""Best"" Pharma, GH₵ deals\nAccra"');
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true });
    expect(parsed.data).toEqual([
      { supplier: name, price: '9.90', paymentTerms: terms, creditAvailable: '43711.50', leadTimeDays: '3' },
    ]);
  });

  it('never lets a supplier name run as a spreadsheet formula', async () => {
    const csv = await supplierMatchesCsv([supplierMatch({ name: '=HYPERLINK("x")' })]);
    expect(csv.split('\r\n')[1]).toMatch(/^"'=HYPERLINK/);
  });
});

describe('exportSupplierMatches', () => {
  const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
  afterEach(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });

  it("toasts 'Nothing to export.' and downloads nothing when there are no matches", () => {
    const toastError = vi.spyOn(toast, 'error');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    void exportSupplierMatches('Amoxicillin 500 mg capsules', []);
    expect(NOTHING_TO_EXPORT).toBe('Nothing to export.');
    expect(toastError).toHaveBeenCalledWith('Nothing to export.');
    expect(click).not.toHaveBeenCalled();
  });

  it('downloads the matches under the product file name', async () => {
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:matches';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await exportSupplierMatches('Amoxicillin 500 mg capsules', [
      supplierMatch({ name: 'Tema Pharma Distributors' }),
    ]);
    expect(names).toEqual(['amoxicillin_500_mg_capsules_supplier_matches.csv']);
    const text = new TextDecoder().decode(new Uint8Array(await saved!.arrayBuffer()).slice(3));
    expect(text.split('\r\n')[0]).toBe('supplier,price,paymentTerms,creditAvailable,leadTimeDays');
    expect(text).toContain('Tema Pharma Distributors,104.50,Net 30,43711.50,3');
  });
});
