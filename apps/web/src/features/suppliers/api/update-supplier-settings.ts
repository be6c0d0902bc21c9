import {
  SETTINGS_MESSAGES,
  supplierSettingsResponseSchema,
  type SupplierSettings,
} from '@aduro/shared/suppliers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { supplierSettingsQueryKey } from './get-supplier-settings';

/** PATCH /org/settings: replaces the trading terms as a whole (needs manage_users). */
export function updateSupplierSettings(body: SupplierSettings): Promise<SupplierSettings> {
  return apiRequest('/org/settings', { method: 'PATCH', body, schema: supplierSettingsResponseSchema });
}

export function useUpdateSupplierSettings(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['supplier-settings', orgId, 'update'],
    mutationFn: updateSupplierSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(supplierSettingsQueryKey(orgId), saved);
      toast.success(SETTINGS_MESSAGES.saved, { id: 'supplier-settings-saved' });
    },
  });
}
