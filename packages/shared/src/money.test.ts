import { describe, expect, it } from 'vitest';
import { formatCedis, hasWholePesewas, roundPesewas, sumCedis, toCedis, toPesewas } from './money.ts';

/** The largest numeric(14,2), GH₵999,999,999,999.99. */
const NUMERIC_14_2_MAX = 999_999_999_999.99;

describe('toPesewas', () => {
  it('reads cedis with up to two decimals as exact whole pesewas', () => {
    expect(toPesewas(0)).toBe(0);
    expect(toPesewas(1629)).toBe(162_900);
    expect(toPesewas(12.5)).toBe(1250);
    expect(toPesewas(1.15)).toBe(115);
    expect(toPesewas(0.29)).toBe(29);
    expect(toPesewas(1234567.89)).toBe(123_456_789);
  });

  it('absorbs floating-point noise: 0.1 + 0.2 cedis is 30 pesewas', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toPesewas(0.1 + 0.2)).toBe(30);
    expect(toPesewas(100.1 - 0.05)).toBe(10_005);
  });

  it('rounds half-up at .005, where multiplying by 100 would round down', () => {
    expect(1.005 * 100).toBeLessThan(100.5);
    expect(toPesewas(1.005)).toBe(101);
    expect(toPesewas(0.005)).toBe(1);
    expect(toPesewas(2.675)).toBe(268);
    expect(toPesewas(0.0049)).toBe(0);
    expect(toPesewas('1.005')).toBe(101);
  });

  it('rounds a negative amount half away from zero, so -x is always minus what x is', () => {
    expect(toPesewas(-1.005)).toBe(-101);
    expect(toPesewas(-0.005)).toBe(-1);
    expect(toPesewas(-0.0049)).toBe(0);
    expect(toPesewas(-12.5)).toBe(-1250);
    expect(Object.is(toPesewas(-0.001), 0)).toBe(true);
    for (const cedis of [0.005, 1.005, 2.675, 7.125, 0.1 + 0.2, 99.995]) {
      expect(toPesewas(-cedis), String(cedis)).toBe(-toPesewas(cedis));
    }
  });

  it('reads numeric text as PostgreSQL writes it', () => {
    expect(toPesewas('1629.00')).toBe(162_900);
    expect(toPesewas('905.5')).toBe(90_550);
    expect(toPesewas('0.00')).toBe(0);
    expect(toPesewas('-5.25')).toBe(-525);
    expect(toPesewas('12')).toBe(1200);
    expect(toPesewas('.5')).toBe(50);
    expect(toPesewas('1e3')).toBe(100_000);
  });

  it('is exact up to the largest numeric(14,2), and beyond to 2^53 pesewas', () => {
    expect(toPesewas(NUMERIC_14_2_MAX)).toBe(99_999_999_999_999);
    expect(toPesewas('999999999999.99')).toBe(99_999_999_999_999);
    expect(toPesewas('-999999999999.99')).toBe(-99_999_999_999_999);
    expect(toPesewas('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toPesewas(4.5e-2)).toBe(5);
  });

  it('refuses what is no amount: NaN, infinities, text that is no decimal, pesewas past a double', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => toPesewas(bad), String(bad)).toThrow(RangeError);
    }
    for (const bad of ['', ' 1', '1,629.00', 'GH₵5', 'NaN', 'Infinity', '-', '.', '0x10', '1e400', '1e307']) {
      expect(() => toPesewas(bad), bad).toThrow(RangeError);
    }
  });
});

describe('toCedis', () => {
  it('writes whole pesewas back as cedis with at most 2 decimals', () => {
    expect(toCedis(162_900)).toBe(1629);
    expect(toCedis(90_550)).toBe(905.5);
    expect(toCedis(30)).toBe(0.3);
    expect(toCedis(-525)).toBe(-5.25);
    expect(toCedis(99_999_999_999_999)).toBe(NUMERIC_14_2_MAX);
    expect(String(toCedis(10_005))).toBe('100.05');
  });

  it('refuses a fraction of a pesewa, which would be a rounding forgotten on the way', () => {
    expect(() => toCedis(100.5)).toThrow(RangeError);
    expect(() => toCedis(Number.NaN)).toThrow(RangeError);
    expect(() => toCedis(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips every amount toPesewas reads', () => {
    for (const cedis of [0, 0.01, 0.3, 12.5, 1629, 1234567.89, NUMERIC_14_2_MAX, -905]) {
      expect(toCedis(toPesewas(cedis))).toBe(cedis);
    }
  });
});

describe('roundPesewas', () => {
  it('rounds a fraction of a pesewa half away from zero, like toPesewas', () => {
    expect(roundPesewas(100.5)).toBe(101);
    expect(roundPesewas(100.49)).toBe(100);
    expect(roundPesewas(-100.5)).toBe(-101);
    expect(roundPesewas(1_000_000 / 6)).toBe(166_667);
    expect(() => roundPesewas(Number.NaN)).toThrow(RangeError);
  });
});

describe('sumCedis', () => {
  it('adds in pesewas, so the total has no float drift', () => {
    expect(sumCedis([0.1, 0.2])).toBe(0.3);
    expect(sumCedis([1629, -724])).toBe(905);
    expect(sumCedis([])).toBe(0);
  });
});

describe('formatCedis', () => {
  it('writes GH₵ with en-GH grouping and two decimals', () => {
    expect(formatCedis(1629)).toBe('GH₵1,629.00');
    expect(formatCedis(905)).toBe('GH₵905.00');
    expect(formatCedis(7450.5)).toBe('GH₵7,450.50');
    expect(formatCedis(0)).toBe('GH₵0.00');
    expect(formatCedis(0.1 + 0.2)).toBe('GH₵0.30');
    expect(formatCedis(NUMERIC_14_2_MAX)).toBe('GH₵999,999,999,999.99');
    expect(formatCedis(-5.5)).toBe('GH₵-5.50');
  });

  it('rounds to the pesewa by the same rule as toPesewas', () => {
    expect(formatCedis(1.005)).toBe('GH₵1.01');
    expect(formatCedis(-1.005)).toBe('GH₵-1.01');
  });

  it('rounds to the cedi for prose when asked, half away from zero', () => {
    expect(formatCedis(12_345.5, { wholeCedis: true })).toBe('GH₵12,346');
    expect(formatCedis(12_345.49, { wholeCedis: true })).toBe('GH₵12,345');
    expect(formatCedis(-2.5, { wholeCedis: true })).toBe('GH₵-3');
  });

  it('writes a non-finite amount instead of throwing while a screen renders', () => {
    expect(formatCedis(Number.NaN)).toBe('GH₵NaN');
  });
});

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
