import { describe, expect, it } from 'vitest';
import { GTIN_MESSAGE, gtinCheckDigit, gtinField, normaliseGtin } from './gtin.ts';

describe('normaliseGtin', () => {
  it('accepts a GTIN-14 as it is', () => {
    expect(normaliseGtin('09506000134352')).toBe('09506000134352');
  });

  it('left-pads an EAN-13, a UPC-A and a GTIN-8 to 14 digits', () => {
    expect(normaliseGtin('4006381333931')).toBe('04006381333931');
    expect(normaliseGtin('036000291452')).toBe('00036000291452');
    expect(normaliseGtin('96385074')).toBe('00000096385074');
  });

  it('ignores spaces typed or pasted around and inside the digits', () => {
    expect(normaliseGtin(' 4 006381 333931 ')).toBe('04006381333931');
  });

  it('rejects a wrong check digit', () => {
    expect(normaliseGtin('09506000134353')).toBeNull();
    expect(normaliseGtin('4006381333932')).toBeNull();
    expect(normaliseGtin('036000291450')).toBeNull();
  });

  it('rejects letters, punctuation and lengths GS1 does not issue', () => {
    expect(normaliseGtin('4006381333A31')).toBeNull();
    expect(normaliseGtin('4006-381333931')).toBeNull();
    expect(normaliseGtin('1234567')).toBeNull();
    expect(normaliseGtin('12345678901')).toBeNull();
    expect(normaliseGtin('009506000134352')).toBeNull();
    expect(normaliseGtin('')).toBeNull();
  });

  it('rejects zeros alone, which pass the check digit but name no product', () => {
    for (const zeros of ['00000000', '000000000000', '0000000000000', '00000000000000', '0000 0000'])
      expect(normaliseGtin(zeros)).toBeNull();
  });
});

describe('gtinCheckDigit', () => {
  it('weighs 3, 1, 3 ... from the right', () => {
    expect(gtinCheckDigit('0950600013435')).toBe(2);
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('03600029145')).toBe(2);
  });
});

describe('gtinField', () => {
  it('turns blank or absent into null and a valid GTIN into its 14 digits', () => {
    expect(gtinField.parse(undefined)).toBeNull();
    expect(gtinField.parse(null)).toBeNull();
    expect(gtinField.parse('   ')).toBeNull();
    expect(gtinField.parse('036000291452')).toBe('00036000291452');
  });

  it('says what a GTIN must be when it is not one', () => {
    for (const bad of ['09506000134353', 'abc', '123', 12345678]) {
      const result = gtinField.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([GTIN_MESSAGE]);
    }
  });
});
