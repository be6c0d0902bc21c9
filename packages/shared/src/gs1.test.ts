import { describe, expect, it } from 'vitest';
import { GS1_MESSAGES, parseGs1 } from './gs1.ts';

const GS = '\x1d';
// GS1's own example GTIN (valid check digit) and one digit off.
const GTIN = '09506000134352';
const BAD_GTIN = '09506000134353';

const unreadable = { ok: false, message: GS1_MESSAGES.unreadable };

describe('parseGs1', () => {
  it('reads a GS1 DataMatrix scan with a ]d2 prefix and GS separators', () => {
    expect(parseGs1(`]d201${GTIN}17271130${'10'}AB123${GS}21SN0001`)).toEqual({
      ok: true,
      gtin: GTIN,
      batch: 'AB123',
      expiry: '2027-11-30',
    });
  });

  it('reads a scan with a leading FNC1 after the symbology identifier and a trailing newline', () => {
    expect(parseGs1(`]d2${GS}01${GTIN}10LOT-7/B${GS}17260531\r\n`)).toEqual({
      ok: true,
      gtin: GTIN,
      batch: 'LOT-7/B',
      expiry: '2026-05-31',
    });
  });

  it('reads the other GS1 symbology identifiers and none at all', () => {
    for (const prefix of [']C1', ']Q3', ']e0', '']) {
      expect(parseGs1(`${prefix}01${GTIN}17271130`)).toEqual({
        ok: true,
        gtin: GTIN,
        batch: null,
        expiry: '2027-11-30',
      });
    }
  });

  it('reads the printed form with parenthesised AIs', () => {
    expect(parseGs1(`(01)${GTIN}(17)271130(10)AB123`)).toEqual({
      ok: true,
      gtin: GTIN,
      batch: 'AB123',
      expiry: '2027-11-30',
    });
  });

  it('reads the printed form with spaces around the AIs and a symbology identifier', () => {
    expect(parseGs1(` (01) ${GTIN} (10) AB123 (17) 271130 `)).toEqual({
      ok: true,
      gtin: GTIN,
      batch: 'AB123',
      expiry: '2027-11-30',
    });
    expect(parseGs1(`]d2(01)${GTIN}(17)271130`)).toMatchObject({ ok: true, gtin: GTIN });
  });

  it('reads the GS written as text: <GS>, {GS}, \\x1d and \\u001d', () => {
    for (const sep of ['<GS>', '<gs>', '{GS}', '\\x1d', '\\x1D', '\\u001d']) {
      expect(parseGs1(`01${GTIN}10AB123${sep}17271130`)).toEqual({
        ok: true,
        gtin: GTIN,
        batch: 'AB123',
        expiry: '2027-11-30',
      });
    }
  });

  it('reads elements in another order: batch before expiry, and batch last without a trailing GS', () => {
    expect(parseGs1(`]d201${GTIN}10B2024-17${GS}17280131`)).toEqual({
      ok: true,
      gtin: GTIN,
      batch: 'B2024-17',
      expiry: '2028-01-31',
    });
    expect(parseGs1(`17280131${'01'}${GTIN}10B2024-17`)).toEqual({
      ok: true,
      gtin: GTIN,
      batch: 'B2024-17',
      expiry: '2028-01-31',
    });
  });

  it('reads a keyboard-wedge scan that dropped the GS when the batch comes last', () => {
    expect(parseGs1(`01${GTIN}1727113010AB123`)).toEqual({
      ok: true,
      gtin: GTIN,
      batch: 'AB123',
      expiry: '2027-11-30',
    });
  });

  it('refuses a batch longer than 20 characters: a lost GS let it swallow what followed', () => {
    expect(parseGs1(`01${GTIN}10ABCDEFGH1234567817271130`)).toEqual(unreadable);
  });

  it('takes day 00 as the last day of the month, in a leap February too', () => {
    expect(parseGs1(`01${GTIN}17280200`)).toMatchObject({ ok: true, expiry: '2028-02-29' });
    expect(parseGs1(`01${GTIN}17270200`)).toMatchObject({ ok: true, expiry: '2027-02-28' });
    expect(parseGs1(`01${GTIN}17270400`)).toMatchObject({ ok: true, expiry: '2027-04-30' });
    expect(parseGs1(`01${GTIN}17271200`)).toMatchObject({ ok: true, expiry: '2027-12-31' });
  });

  it('puts every two-digit year in the 2000s', () => {
    expect(parseGs1(`01${GTIN}17991231`)).toMatchObject({ ok: true, expiry: '2099-12-31' });
    expect(parseGs1(`01${GTIN}17000101`)).toMatchObject({ ok: true, expiry: '2000-01-01' });
  });

  it('refuses a GTIN with a wrong check digit', () => {
    expect(parseGs1(`]d201${BAD_GTIN}17271130${'10'}AB123`)).toEqual({
      ok: false,
      message: GS1_MESSAGES.gtinCheckDigit,
    });
    expect(GS1_MESSAGES.gtinCheckDigit).toBe("The barcode's GTIN has a wrong check digit");
  });

  it('refuses an expiry that is not a real date: month 13, month 00, 31 April, 29 February 2027', () => {
    for (const date of ['271330', '270010', '270431', '270229']) {
      expect(parseGs1(`01${GTIN}17${date}10AB123`)).toEqual({
        ok: false,
        message: GS1_MESSAGES.expiryNotADate,
      });
    }
    expect(GS1_MESSAGES.expiryNotADate).toBe("The barcode's expiry date is not a real date");
  });

  it('refuses garbage text, an empty string and whitespace', () => {
    for (const input of ['hello world', 'not a barcode', '', '   ', GS, ']d2', '()', '0109506']) {
      expect(parseGs1(input)).toEqual(unreadable);
    }
    expect(GS1_MESSAGES.unreadable).toBe(
      'This barcode could not be read. Scan it again or type the details.',
    );
  });

  it('refuses a plain EAN-13 and a code without a GTIN, batch or expiry', () => {
    expect(parseGs1('4006381333931')).toEqual(unreadable);
    expect(parseGs1('21SERIAL123')).toEqual(unreadable);
  });

  it('refuses letters in the GTIN or the expiry, a truncated expiry and a conflicting repeated AI', () => {
    expect(parseGs1('010950600013435X17271130')).toEqual(unreadable);
    expect(parseGs1(`01${GTIN}172711`)).toEqual(unreadable);
    expect(parseGs1(`01${GTIN}17AB1130`)).toEqual(unreadable);
    expect(parseGs1(`01${GTIN}10A${GS}10B`)).toEqual(unreadable);
  });

  it('reads a code with only some of the three', () => {
    expect(parseGs1(`(01)${GTIN}`)).toEqual({ ok: true, gtin: GTIN, batch: null, expiry: null });
    expect(parseGs1('(17)271130(10)AB123')).toEqual({
      ok: true,
      gtin: null,
      batch: 'AB123',
      expiry: '2027-11-30',
    });
  });
});
