import { describe, expect, it } from 'vitest';
import {
  creditLabel,
  paymentMethodLabels,
  paymentTermsLabel,
  ratingLabel,
  supplierCategoryLabel,
  supplierLocation,
} from './supplier-labels';

describe('supplier labels', () => {
  it("falls back to 'Location pending', 'Uncategorised', 'Prepaid' and 'No credit profile'", () => {
    expect(supplierLocation(null)).toBe('Location pending');
    expect(supplierLocation('  ')).toBe('Location pending');
    expect(supplierCategoryLabel(null)).toBe('Uncategorised');
    expect(paymentTermsLabel('')).toBe('Prepaid');
    expect(paymentTermsLabel(null)).toBe('Prepaid');
    expect(creditLabel(null)).toBe('No credit profile');
  });

  it('shows the values when they are known', () => {
    expect(supplierLocation('Tema')).toBe('Tema');
    expect(supplierCategoryLabel('manufacturer')).toBe('Manufacturer');
    expect(paymentTermsLabel('Net 30')).toBe('Net 30');
    expect(creditLabel(0)).toBe('GH₵0.00');
    expect(creditLabel(43711.5)).toBe('GH₵43,711.50');
  });

  it("rates out of 5 with one decimal, or 'No rating yet' below three deliveries", () => {
    expect(ratingLabel(4.6)).toBe('4.6 / 5');
    expect(ratingLabel(5)).toBe('5.0 / 5');
    expect(ratingLabel(null)).toBe('No rating yet');
  });

  it('names payment methods as buyers read them', () => {
    expect(paymentMethodLabels(['mobile_money', 'credit_facility', 'cheque'])).toEqual([
      'Mobile money',
      'Credit facility',
      'Cheque',
    ]);
  });
});
