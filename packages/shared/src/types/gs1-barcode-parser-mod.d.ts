/**
 * Types for gs1-barcode-parser-mod (a CommonJS module shipping no declarations), covering what
 * packages/shared/src/gs1.ts uses. parseBarcode throws a plain string, not an Error, on a code it
 * cannot read.
 */
declare module 'gs1-barcode-parser-mod' {
  namespace gs1BarcodeParser {
    interface ParsedElement {
      /** The application identifier, e.g. "01", "10", "17". */
      ai: string;
      /** A short description, e.g. "BATCH/LOT". */
      dataTitle: string;
      /** A string, a number, or (for date AIs) a local-time Date. */
      data: string | number | Date;
      /** A unit or ISO code where the AI carries one, else "". */
      unit: string;
      /** The untouched characters the data was read from (for AI 17 the six YYMMDD digits). */
      raw: string;
      /** For a date AI the date as "YYYY-MM-DD" (after the library's own rollover), else "". */
      isoDate: string;
    }

    interface ParsedBarcode {
      /** "GS1 DataMatrix", "GS1-128", ..., "GS1 Element String (HRI)" or "". */
      codeName: string;
      parsedCodeItems: ParsedElement[];
    }

    function parseBarcode(barcode: string): ParsedBarcode;
  }

  export = gs1BarcodeParser;
}
