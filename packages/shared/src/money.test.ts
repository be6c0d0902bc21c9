import { describe, expect, it } from 'vitest';
import { hasWholePesewas } from './money.ts';

describe('hasWholePesewas', () => {
  it('accepts cedis with up to two decimals, floating point noise included', () => {
    for (const amount of [0, 1, 12.5, 18.75, 0.01, 0.1 + 0.2, 99_999_999.99]) {
      expect(hasWholePesewas(amount), String(amount)).toBe(true);
    }
  });

  it('refuses a third decimal, and a non-zero amount too small to be a pesewa', () => {
    for (const amount of [0.001, 12.345, 1e-9, 5e-324, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(hasWholePesewas(amount), String(amount)).toBe(false);
    }
  });
});
