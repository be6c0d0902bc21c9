import { supplierSettingsResponseSchema, type SupplierSettings } from '@aduro/shared/suppliers';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const supplierSettingsQueryKey = (orgId: string) => ['supplier-settings', orgId] as const;

/** GET /org/settings: the signed-in supplier's trading terms. */
export function getSupplierSettings(signal?: AbortSignal): Promise<SupplierSettings> {
  return apiRequest('/org/settings', { schema: supplierSettingsResponseSchema, signal });
}

export const supplierSettingsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: supplierSettingsQueryKey(orgId),
    queryFn: ({ signal }) => getSupplierSettings(signal),
  });
