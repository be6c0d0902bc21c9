import type { Product } from '@aduro/shared/catalogue';
import { describe, expect, it } from 'vitest';
import { findProductMatch, QUICK_COMPARE_MESSAGES } from './quick-compare';

const product = (name: string, brandName = 'Kinapharma'): Product => ({
  id: name,
  name,
  brandName,
  category: 'Analgesics',
  description: null,
  unitOfMeasure: 'box',
  itemsPerUnit: '100 tablets',
  isService: false,
  gtin: null,
  medicineClass: 'C',
  controlled: null,
  fdaRegistrationNumber: null,
  fdaRegistrationExpiresOn: null,
});

describe('findProductMatch', () => {
  const answers = [
    product('Co-amoxiclav 625 mg tablets'),
    product('Paracetamol 120 mg/5 mL syrup'),
    product('Paracetamol 500 mg tablets'),
    product('Paracetamol 500 mg tablets, blister'),
  ];

  it('prefers the exact name, whatever the case and spacing', () => {
    expect(findProductMatch(answers, '  paracetamol   500 MG tablets ')?.name).toBe(
      'Paracetamol 500 mg tablets',
    );
  });

  it('then a name starting with the text, then one containing it', () => {
    expect(findProductMatch(answers, 'paracetamol 500')?.name).toBe('Paracetamol 500 mg tablets');
    expect(findProductMatch(answers, 'amoxiclav')?.name).toBe('Co-amoxiclav 625 mg tablets');
  });

  it('takes a brand-only hit last, and nothing from no answers', () => {
    expect(findProductMatch([product('Ibuprofen 400 mg tablets', 'Ernest Chemists')], 'ernest')?.name).toBe(
      'Ibuprofen 400 mg tablets',
    );
    expect(findProductMatch([], 'anything')).toBeNull();
    expect(findProductMatch(answers, '   ')).toBeNull();
  });

  it('words the three answers as SPEC §5 does', () => {
    expect(QUICK_COMPARE_MESSAGES.empty).toBe('Enter a product name to compare pricing.');
    expect(QUICK_COMPARE_MESSAGES.notFound).toBe('No product found matching that query.');
    expect(QUICK_COMPARE_MESSAGES.loaded('Paracetamol 500 mg tablets')).toBe(
      'Loaded Paracetamol 500 mg tablets for supplier comparison.',
    );
  });
});
