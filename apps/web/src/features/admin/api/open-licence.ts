import { useMutation } from '@tanstack/react-query';
import { openFileInNewTab } from '../../../lib/download';

/** GET /admin/entities/{id}/licence, shown in a new tab. */
export function useOpenLicence() {
  return useMutation({
    mutationKey: ['admin', 'licence'],
    mutationFn: (entityId: string) => openFileInNewTab(`/admin/entities/${entityId}/licence`),
  });
}
