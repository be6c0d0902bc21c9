/** Minimal files with the right magic bytes, for upload tests. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const TEXT_BYTES = Buffer.from('This is plain text pretending to be a PDF.\n');

export function fileBlob(bytes: Buffer | Uint8Array, type = 'application/octet-stream'): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}
