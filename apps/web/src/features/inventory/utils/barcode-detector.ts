/**
 * A BarcodeDetector for the camera: the browser's own (Chrome on Android, Chrome and Edge on macOS and
 * ChromeOS) when it reads GS1 DataMatrix, else the ZXing WebAssembly polyfill of the `barcode-detector`
 * package, loaded only now. Its .wasm is a Vite asset of this app, never the package's default CDN,
 * because the CSP allows same-origin connections only.
 */

/** The symbologies on medicine packs: GS1 DataMatrix first, then GS1 QR, GS1-128 and the retail EAN-13. */
export const SCAN_FORMATS = ['data_matrix', 'qr_code', 'code_128', 'ean_13'] as const;

export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<ReadonlyArray<{ rawValue: string }>>;
}

/** The native API's constructor, which TypeScript's DOM library does not describe yet. */
interface NativeBarcodeDetector {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

export function nativeBarcodeDetector(): NativeBarcodeDetector | undefined {
  return (globalThis as { BarcodeDetector?: NativeBarcodeDetector }).BarcodeDetector;
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Native = nativeBarcodeDetector();
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    const formats = SCAN_FORMATS.filter((format) => supported.includes(format));
    if (formats.includes('data_matrix')) return new Native({ formats });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Instantiated now rather than on the first frame, so a module that cannot load fails here, visibly.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
