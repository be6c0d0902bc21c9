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

/**
 * A complete supplier registration form (multipart), with a fresh e-mail and a small PDF licence;
 * overrides replace fields, null leaves one out.
 */
export function supplierForm(
  overrides: Record<string, string | Blob | null> = {},
  approvers = ['qa@newsupplier.test'],
  licenceFileName = 'licence.pdf',
) {
  const form = new FormData();
  const fields: Record<string, string | Blob | null> = {
    email: `owner-${Math.random().toString(36).slice(2)}@newsupplier.test`,
    password: 'secret123',
    name: 'Yaw Darko',
    userType: 'supplier',
    businessName: 'Darko Pharma Imports',
    organizationPhone: '+233 30 222 1111',
    organizationLocation: 'Accra',
    supplierCategory: 'importer',
    deliveryAddress: '12 Spintex Road, Accra',
    deliveryContactName: 'Akosua Darko',
    deliveryContactPhone: '+233 24 555 0000',
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) {
    if (v === null) continue;
    if (v instanceof Blob) form.append(k, v, k === 'licensureDocument' ? licenceFileName : k);
    else form.append(k, v);
  }
  if (!('licensureDocument' in overrides))
    form.append('licensureDocument', fileBlob(PDF_BYTES), licenceFileName);
  for (const a of approvers) form.append('approvers', a);
  return form;
}
