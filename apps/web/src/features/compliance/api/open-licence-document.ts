import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';

/**
 * GET /admin/entities/{id}/licence-record/document, fetched with the administrator's token and shown in
 * a new tab. The tab is opened before the download so the browser treats it as the user's click, not a
 * pop-up (as the supplier licence of entity management is).
 */
export async function openLicenceDocument(organizationId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await apiDownload(
      `/admin/entities/${encodeURIComponent(organizationId)}/licence-record/document`,
    );
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // Kept a minute so the new tab can finish reading it.
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useOpenLicenceDocument() {
  return useMutation({
    mutationKey: ['admin', 'licence-record', 'document'],
    mutationFn: openLicenceDocument,
  });
}
