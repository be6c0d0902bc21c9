// The parser library ships no types; its declaration travels with this file, so every app that
// compiles it (the web app's tsconfig does not include packages/shared/src/types) finds it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./types/gs1-barcode-parser-mod.d.ts" />
import gs1BarcodeParser from 'gs1-barcode-parser-mod';
import { normaliseGtin } from './gtin.ts';

/**
 * Reading the GS1 element string on a medicine pack (the GS1 DataMatrix every pack in Ghana's supply
 * chain carries): GTIN (AI 01), batch/lot (AI 10) and expiry (AI 17). Pure: no DOM and no Node APIs,
 * so the web app can use it on what a scanner types into a field.
 *
 * The element string is split into elements by gs1-barcode-parser-mod; what the library hands back
 * is then checked here, because it checks nothing for plausibility: it returns a GTIN with a wrong
 * check digit as it is, and rolls an impossible date over (month 13 becomes January of the next
 * year), so the expiry is worked out again from the six digits it was read from.
 */

/** The messages parseGs1 gives, for the form to show as they are. */
export const GS1_MESSAGES = {
  unreadable: 'This barcode could not be read. Scan it again or type the details.',
  gtinCheckDigit: "The barcode's GTIN has a wrong check digit",
  expiryNotADate: "The barcode's expiry date is not a real date",
} as const;

export type Gs1Result =
  | { ok: true; gtin: string | null; batch: string | null; expiry: string | null }
  | { ok: false; message: string };

/** The ASCII group separator (GS, 29), which stands for FNC1 between elements once scanned. */
const GS = '\x1d';

/**
 * How a GS arrives as text rather than as the control character: "<GS>" (the notation of GS1's own
 * documents, and what several scanners' data-formatting options emit), "{GS}", and the escapes "\x1d"
 * and "\u001d" copied out of logs or JSON. None of "\", "{" and "}" may appear in GS1 data (character
 * set 82), so these cannot be mistaken for data. Not supported: "~1" and "^]", which are encoder or
 * terminal notations rather than what a scanner sends.
 */
const ESCAPED_GS = /<GS>|\{GS\}|\\x1d|\\u001d/gi;

/**
 * The symbology identifiers of the GS1 symbologies: GS1 DataMatrix, GS1-128, GS1 QR Code, GS1
 * DataBar and GS1 Composite. A scanner set to transmit them puts one in front of the data.
 */
const SYMBOLOGY_IDENTIFIER = /^\](?:d2|C1|Q3|e0|e1|e2)/;

/** A parenthesised AI, as printed under the barcode: "(01)09506000134352(17)271130(10)AB123". */
const PARENTHESISED_AI = /^\(\d{2,4}\)/;

/** AI 10 holds at most 20 characters; a longer "batch" swallowed what followed a dropped GS. */
const BATCH_MAX_LENGTH = 20;

/** The AIs parseGs1 reads: GTIN, batch/lot and expiry. */
const WANTED_AIS = new Set(['01', '10', '17']);

const unreadable = (): Gs1Result => ({ ok: false, message: GS1_MESSAGES.unreadable });

/**
 * The element string in the form gs1-barcode-parser-mod reads: trimmed, textual GS turned into the
 * real character, the symbology identifier and any leading FNC1 taken off (the library would only
 * read the identifier if it were the very first thing), and, in the printed form, the spaces people
 * type around the parenthesised AIs dropped. The library itself reads the parenthesised form.
 */
function normalise(input: string): string {
  let code = input.trim().replace(ESCAPED_GS, GS);
  code = code.replace(SYMBOLOGY_IDENTIFIER, '');
  code = trimSeparators(code);
  if (PARENTHESISED_AI.test(code)) code = code.replace(/\s*(\(\d{2,4}\))\s*/g, '$1');
  return code;
}

/** The code without the GS characters and whitespace at either end. */
function trimSeparators(code: string): string {
  const isEdge = (char: string | undefined) => char === GS || (char !== undefined && char.trim() === '');
  let start = 0;
  let end = code.length;
  while (start < end && isEdge(code[start])) start++;
  while (end > start && isEdge(code[end - 1])) end--;
  return code.slice(start, end);
}

/** The number of days in a month (1-12) of a year. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * An AI 17 expiry (YYMMDD) as 'YYYY-MM-DD'; null when it is not a real date. The century is always
 * 20YY: GS1's general specifications allow a sliding window of -49/+50 years around today, but a
 * medicine on sale expires in this century and a fixed rule reads the same whenever it runs. Day 00
 * means the last day of the month (GS1 rule), so 280200 is 2028-02-29.
 */
function expiryDate(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const lastDay = daysInMonth(year, month);
  if (day === 0) day = lastDay;
  if (day > lastDay) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Reads the GTIN (AI 01), batch/lot (AI 10) and expiry (AI 17) out of a scanned or pasted GS1 element
 * string. Accepted:
 * - the raw element string with GS (ASCII 29) separators, as a GS1 DataMatrix carries it, optionally
 *   preceded by a symbology identifier (]d2, ]C1, ]Q3, ]e0, ]e1, ]e2) and/or a leading GS;
 * - the GS written as text: "<GS>", "{GS}", "\x1d" or "\u001d" (case-insensitive);
 * - the printed (human readable) form with parenthesised AIs, spaces around them allowed;
 * - a keyboard-wedge scan that lost its GS characters still reads when the only variable-length
 *   element, the batch, comes last; a batch read as longer than AI 10's 20 characters means it
 *   swallowed the elements after a lost GS, and the code is refused as unreadable.
 * Any of the three may be absent (null); a code holding none of them, a code the library cannot
 * split, a non-numeric GTIN, or an AI given twice with different values is unreadable.
 */
export function parseGs1(input: string): Gs1Result {
  const code = normalise(input);
  if (code === '') return unreadable();

  let elements: gs1BarcodeParser.ParsedElement[];
  try {
    elements = gs1BarcodeParser.parseBarcode(code).parsedCodeItems;
  } catch {
    // The library throws a plain string ("no valid AI", "invalid month in date" ...).
    return unreadable();
  }

  const found = new Map<string, string>();
  for (const element of elements) {
    if (!WANTED_AIS.has(element.ai)) continue;
    const value = element.raw;
    const earlier = found.get(element.ai);
    if (earlier !== undefined && earlier !== value) return unreadable();
    found.set(element.ai, value);
  }
  if (found.size === 0) return unreadable();

  let gtin: string | null = null;
  const rawGtin = found.get('01');
  if (rawGtin !== undefined) {
    if (!/^\d{14}$/.test(rawGtin)) return unreadable();
    gtin = normaliseGtin(rawGtin);
    if (gtin === null) return { ok: false, message: GS1_MESSAGES.gtinCheckDigit };
  }

  let expiry: string | null = null;
  const rawExpiry = found.get('17');
  if (rawExpiry !== undefined) {
    expiry = expiryDate(rawExpiry);
    if (expiry === null) return { ok: false, message: GS1_MESSAGES.expiryNotADate };
  }

  const batch = found.get('10')?.trim() || null;
  if (batch !== null && batch.length > BATCH_MAX_LENGTH) return unreadable();

  return { ok: true, gtin, batch, expiry };
}
