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
      'product,units,unitPrice,expiry,status,daysUntilExpiry,batch,recall',
      'Paracetamol 500 mg tablets,40,12.50,2026-06-30,expiring_soon,12,,',
      'Gauze swabs,7,3.00,,not_applicable,,,',
      // A negative day count is a number, not a formula, and stays as it is.
      'ORS sachets,2,0.10,2026-05-01,expired,-3,,',
    ]);
  });

  it('keeps the SPEC columns first and in order, then each lot’s batch and the recall quarantining it', () => {
    const csv = inventoryCsv([
      inventoryRow({
        product: { name: 'Amoxicillin 500 mg capsules' },
        quantity: 40,
        unitPrice: 18.1,
        batchNumber: 'AMX2406B',
        expiryDate: '2027-05-31',
        expiryStatus: 'healthy',
        daysUntilExpiry: 360,
        recall: { id: 'r-1', number: 'RC-2026-000001' },
      }),
      inventoryRow({
        product: { name: 'Amoxicillin 500 mg capsules' },
        quantity: 12,
        unitPrice: 18.1,
        batchNumber: 'AMX2407C',
        expiryDate: '2027-07-31',
        expiryStatus: 'healthy',
        daysUntilExpiry: 421,
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'product,units,unitPrice,expiry,status,daysUntilExpiry,batch,recall',
      'Amoxicillin 500 mg capsules,40,18.10,2027-05-31,healthy,360,AMX2406B,RC-2026-000001',
      'Amoxicillin 500 mg capsules,12,18.10,2027-07-31,healthy,421,AMX2407C,',
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
