import type { AdminEntity } from '@aduro/shared/admin';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ENTITIES_CSV_COLUMNS, entitiesToCsv } from './entities-csv';

const entity = (over: Partial<AdminEntity>): AdminEntity => ({
  id: 'e1',
  name: 'Tema Pharma Distributors',
  kind: 'supplier',
  users: [
    { id: 'u1', name: 'Kofi', email: 'admin@tema-pharma.demo' },
    { id: 'u2', name: 'Ama', email: 'dispatch@tema-pharma.demo' },
  ],
  isActive: true,
  paymentTerms: 'Net 30, cheque or mobile money',
  location: 'Tema',
  phone: null,
  supplierCategory: 'distributor',
  hasLicence: true,
  licenceFileName: 'licence.pdf',
  createdAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

describe('entities.csv', () => {
  it('has the SPEC columns, the number of users, active as true or false, and quotes commas', () => {
    const csv = entitiesToCsv([
      entity({}),
      entity({
        name: 'Kejetia "Health"',
        kind: 'customer',
        users: [],
        isActive: false,
        paymentTerms: 'Prepaid',
      }),
    ]);
    const { data } = Papa.parse<string[]>(csv.trim());
    expect(data).toEqual([
      [...ENTITIES_CSV_COLUMNS],
      ['Tema Pharma Distributors', 'supplier', '2', 'true', 'Net 30, cheque or mobile money'],
      ['Kejetia "Health"', 'customer', '0', 'false', 'Prepaid'],
    ]);
  });
});
