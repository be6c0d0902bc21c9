import { z } from 'zod';

/** The one message for a GTIN that cannot be a barcode number (docs/domain.md "GTIN"). */
export const GTIN_MESSAGE = 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit';

/** The lengths GS1 issues GTINs in: GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/**
 * The GS1 mod-10 check digit of the digits before it: weights 3, 1, 3, 1 ... from the right, and the
 * digit that brings the weighted sum up to a multiple of 10.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A GTIN as stored: the 14-digit form (shorter ones left-padded with zeros, which keeps the check digit
 * valid) of the digits typed or scanned, spaces ignored; null when it is not a GTIN.
 */
export function normaliseGtin(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.has(digits.length)) return null;
  const gtin = digits.padStart(14, '0');
  // Zeros alone pass the check digit but name no product: GS1 issues no company prefix of zeros, and a
  // scanner reads them off a blank or damaged label.
  if (/^0+$/.test(gtin)) return null;
  return gtinCheckDigit(gtin.slice(0, 13)) === Number(gtin[13]) ? gtin : null;
}

/** A stored GTIN: always 14 digits. */
export const gtinSchema = z.string().regex(/^\d{14}$/);

/**
 * An optional GTIN field of a request or form: blank or absent is null, anything else must be a GTIN
 * and comes out in its 14-digit form.
 */
export const gtinField = z
  .string({ error: GTIN_MESSAGE })
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value.trim() === '') return null;
    const gtin = normaliseGtin(value);
    if (gtin === null) {
      ctx.addIssue({ code: 'custom', message: GTIN_MESSAGE });
      return z.NEVER;
    }
    return gtin;
  })
  .describe('GTIN-8, -12, -13 or -14 (spaces allowed); stored as 14 digits');
