import { useMutation } from '@tanstack/react-query';
import { openFileInNewTab } from '../../../lib/download';

/**
 * GET /admin/entities/{id}/licence-record/document, fetched with the administrator's token and shown in
 * a new tab (as the supplier licence of entity management is).
 */
export function openLicenceDocument(organizationId: string): Promise<void> {
  return openFileInNewTab(`/admin/entities/${encodeURIComponent(organizationId)}/licence-record/document`);
}

export function useOpenLicenceDocument() {
  return useMutation({
    mutationKey: ['admin', 'licence-record', 'document'],
    mutationFn: openLicenceDocument,
  });
}
