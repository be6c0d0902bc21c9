import type { CreditLine } from '@aduro/shared/credit';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CREDIT_LINES_CSV_COLUMNS,
  creditHeadroom,
  creditLinesToCsv,
  creditTotals,
  creditUsedPercent,
} from './credit-lines';

const line = (over: Partial<CreditLine> = {}): CreditLine => ({
  id: 'l1',
  supplier: { id: 's1', name: 'Tema Pharma Distributors' },
  limit: 50_000,
  balance: 12_500.5,
  available: 37_499.5,
  status: 'active',
  dateSet: '2026-11-02T09:30:00.000Z',
  ...over,
});

describe('credit headroom', () => {
  it('sums limit minus balance over every line without floating-point drift', () => {
    const lines = [
      line({ limit: 0.3, balance: 0.1 }),
      line({ limit: 0.2, balance: 0.1 }),
      line({ limit: 1000, balance: 999.99 }),
    ];
    expect(creditHeadroom(lines)).toBe(0.31);
    expect(creditHeadroom([])).toBe(0);
  });

  it('totals limits and balances beside the headroom', () => {
    expect(creditTotals([line(), line({ limit: 10_000, balance: 0 })])).toEqual({
      limit: 60_000,
      outstanding: 12_500.5,
      headroom: 47_499.5,
    });
  });

  it('reports usage as a whole percentage kept within 0 to 100', () => {
    expect(creditUsedPercent(line({ limit: 1000, balance: 333 }))).toBe(33);
    expect(creditUsedPercent(line({ limit: 1000, balance: 1500 }))).toBe(100);
    expect(creditUsedPercent(line({ limit: 0, balance: 0 }))).toBe(0);
  });
});

describe('credit_lines.csv', () => {
  it('has the SPEC columns in order, amounts with 2 decimals and the ISO instant the limit was set', async () => {
    const csv = await creditLinesToCsv([
      line(),
      line({ supplier: { id: 's2', name: 'Kumasi "Health", Ltd' }, status: 'suspended', balance: 0 }),
    ]);
    const { data } = Papa.parse<string[]>(csv.trim());
    expect(data[0]).toEqual([...CREDIT_LINES_CSV_COLUMNS]);
    expect(data[1]).toEqual([
      'Tema Pharma Distributors',
      '50000.00',
      '12500.50',
      'active',
      '2026-11-02T09:30:00.000Z',
    ]);
    expect(data[2]).toEqual([
      'Kumasi "Health", Ltd',
      '50000.00',
      '0.00',
      'suspended',
      '2026-11-02T09:30:00.000Z',
    ]);
  });
});
