import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';

/**
 * GET /admin/entities/{id}/licence, shown in a new tab. The tab is opened before the download so the
 * browser treats it as the user's click, not a pop-up.
 */
export function useOpenLicence() {
  return useMutation({
    mutationKey: ['admin', 'licence'],
    mutationFn: async (entityId: string) => {
      const tab = window.open('', '_blank');
      try {
        const { blob } = await apiDownload(`/admin/entities/${entityId}/licence`);
        const url = URL.createObjectURL(blob);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        // Kept a minute so the new tab can finish reading it.
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
