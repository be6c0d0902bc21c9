import { parseGs1, type Gs1Result } from '@aduro/shared/gs1';
import { normaliseGtin } from '@aduro/shared/gtin';

/** Messages of the Barcode field that the shared parser does not give. */
export const PACK_CODE_MESSAGES = {
  unknownGtin: (gtin: string) => `No catalogue product has GTIN ${gtin}. Add it to the catalogue first.`,
} as const;

/**
 * What a pack's code says: a GS1 element string (DataMatrix, GS1-128, GS1 QR) read by the shared
 * parser, or a bare GTIN, which is all an EAN-13 (or a GTIN-8/12/14 typed alone) carries. A bare number
 * is tried as a GTIN first because the parser would read its first digits as an AI and refuse it.
 */
export function readPackCode(code: string): Gs1Result {
  const digits = code.trim();
  if (/^\d+$/.test(digits)) {
    const gtin = normaliseGtin(digits);
    if (gtin !== null) return { ok: true, gtin, batch: null, expiry: null };
  }
  return parseGs1(code);
}
