import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';

/**
 * GET /org/licence-record/document, fetched with the buyer's token and shown in a new tab. The tab is
 * opened before the download so the browser treats it as the user's click, not a pop-up (as the
 * administrator's view of the same document does, open-licence-document.ts).
 */
export async function openOwnLicenceDocument(): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await apiDownload('/org/licence-record/document');
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

export function useOpenOwnLicenceDocument() {
  return useMutation({ mutationKey: ['licence-record', 'document'], mutationFn: openOwnLicenceDocument });
}
