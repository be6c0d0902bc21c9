import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { inventoryRow } from '../testing/fixtures';
import { inventoryCsv } from './inventory-csv';

describe('inventoryCsv', () => {
  it('has exactly the SPEC columns, a blank expiry for lots without one, and 2-decimal prices', () => {
    const csv = inventoryCsv([
      inventoryRow({
        product: { name: 'Paracetamol 500 mg tablets' },
        quantity: 40,
        unitPrice: 12.5,
        expiryDate: '2026-06-30',
        expiryStatus: 'expiring_soon',
        daysUntilExpiry: 12,
      }),
      inventoryRow({
        product: { name: 'Gauze swabs' },
        quantity: 7,
        unitPrice: 3,
        expiryDate: null,
        expiryStatus: 'not_applicable',
        daysUntilExpiry: null,
      }),
      inventoryRow({
        product: { name: 'ORS sachets' },
        quantity: 2,
        unitPrice: 0.1,
        expiryDate: '2026-05-01',
        expiryStatus: 'expired',
        daysUntilExpiry: -3,
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'product,units,unitPrice,expiry,status,daysUntilExpiry',
      'Paracetamol 500 mg tablets,40,12.50,2026-06-30,expiring_soon,12',
      'Gauze swabs,7,3.00,,not_applicable,',
      // A negative day count is a number, not a formula, and stays as it is.
      'ORS sachets,2,0.10,2026-05-01,expired,-3',
    ]);
  });

  it('quotes commas, quotes and line breaks, keeps GH₵, and round-trips through a CSV parser', () => {
    const names = ['Amoxicillin, 500 mg', 'Vitamin C "Effervescent"', 'Two-line\nname', 'GH₵ value pack'];
    const csv = inventoryCsv(names.map((name) => inventoryRow({ product: { name } })));
    expect(csv).toContain('"Amoxicillin, 500 mg",');
    expect(csv).toContain('"Vitamin C ""Effervescent""",');
    expect(csv).toContain('"Two-line\nname",');
    expect(csv).toContain('\r\nGH₵ value pack,');
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((row) => row.product)).toEqual(names);
  });

  it('defuses a product name a spreadsheet would run as a formula', () => {
    const csv = inventoryCsv([inventoryRow({ product: { name: '=HYPERLINK("http://x")' } })]);
    expect(csv.split('\r\n')[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",/);
  });
});
