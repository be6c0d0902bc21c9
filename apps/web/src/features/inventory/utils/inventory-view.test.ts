import { describe, expect, it } from 'vitest';
import { inventoryRow } from '../testing/fixtures';
import { DEFAULT_SORT, filterRows, nextSort, sortRows } from './inventory-view';

const amox = inventoryRow({
  product: { name: 'Amoxicillin 500 mg capsules', brandName: 'Ernest Chemists' },
  quantity: 40,
  unitPrice: 45,
  expiryDate: '2026-09-01',
});
const amoxLater = inventoryRow({
  product: { name: 'Amoxicillin 500 mg capsules', brandName: 'Ernest Chemists' },
  quantity: 5,
  unitPrice: 45,
  expiryDate: '2027-03-01',
});
const para = inventoryRow({
  product: { id: 'p2', name: 'paracetamol 500 mg tablets', brandName: 'M&G Pharmaceuticals' },
  quantity: 300,
  unitPrice: 8.5,
  expiryDate: '2026-07-15',
});
const gauze = inventoryRow({
  product: { id: 'p3', name: 'Gauze swabs', brandName: 'Kinapharma' },
  quantity: 12,
  unitPrice: 120,
  expiryDate: null,
  expiryStatus: 'not_applicable',
  daysUntilExpiry: null,
});
const rows = [para, gauze, amoxLater, amox];
const names = (list: typeof rows) => list.map((row) => `${row.product.name}@${row.expiryDate ?? '-'}`);

describe('filterRows', () => {
  it('matches product name or brand, case-insensitively, every word anywhere', () => {
    expect(filterRows(rows, 'AMOX').map((r) => r.id)).toEqual([amoxLater.id, amox.id]);
    expect(filterRows(rows, 'm&g').map((r) => r.id)).toEqual([para.id]);
    expect(filterRows(rows, 'kinapharma swabs').map((r) => r.id)).toEqual([gauze.id]);
    expect(filterRows(rows, 'amox swabs')).toEqual([]);
  });

  it('returns everything for a blank search', () => {
    expect(filterRows(rows, '   ')).toHaveLength(4);
  });
});

describe('sortRows', () => {
  it('sorts by product A to Z by default, ignoring case, with a product’s lots by expiry', () => {
    expect(names(sortRows(rows, DEFAULT_SORT))).toEqual([
      'Amoxicillin 500 mg capsules@2026-09-01',
      'Amoxicillin 500 mg capsules@2027-03-01',
      'Gauze swabs@-',
      'paracetamol 500 mg tablets@2026-07-15',
    ]);
  });

  it('sorts by units and by price in either direction', () => {
    expect(sortRows(rows, { key: 'units', direction: 'desc' }).map((r) => r.quantity)).toEqual([
      300, 40, 12, 5,
    ]);
    expect(sortRows(rows, { key: 'units', direction: 'asc' }).map((r) => r.quantity)).toEqual([
      5, 12, 40, 300,
    ]);
    expect(sortRows(rows, { key: 'price', direction: 'asc' }).map((r) => r.unitPrice)).toEqual([
      8.5, 45, 45, 120,
    ]);
  });

  it('sorts by expiry with lots that never expire last in both directions', () => {
    expect(names(sortRows(rows, { key: 'expiry', direction: 'asc' }))).toEqual([
      'paracetamol 500 mg tablets@2026-07-15',
      'Amoxicillin 500 mg capsules@2026-09-01',
      'Amoxicillin 500 mg capsules@2027-03-01',
      'Gauze swabs@-',
    ]);
    expect(names(sortRows(rows, { key: 'expiry', direction: 'desc' }))).toEqual([
      'Amoxicillin 500 mg capsules@2027-03-01',
      'Amoxicillin 500 mg capsules@2026-09-01',
      'paracetamol 500 mg tablets@2026-07-15',
      'Gauze swabs@-',
    ]);
  });

  it('never changes the list it was given', () => {
    const copy = [...rows];
    sortRows(rows, { key: 'units', direction: 'asc' });
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('flips the current column and starts another in its own first direction', () => {
    expect(nextSort(DEFAULT_SORT, 'product')).toEqual({ key: 'product', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'units')).toEqual({ key: 'units', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'expiry')).toEqual({ key: 'expiry', direction: 'asc' });
  });
});
