import { supplierCatalogueItemSchema, type SupplierCatalogueItem } from '@aduro/shared/marketplace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** Under the directory's ['suppliers', orgId] prefix: credit fields are the caller's organisation's. */
export const supplierCatalogueQueryKey = (orgId: string | null, supplierId: string) =>
  ['suppliers', orgId, 'catalogue', supplierId] as const;

const catalogueSchema = supplierCatalogueItemSchema.array();

/**
 * GET /suppliers/{id}/products. SPEC §7 and §8: a 404 (a supplier that no longer exists) is an empty
 * catalogue, so the panel says 'No published inventory for … yet.' rather than failing.
 */
export async function getSupplierCatalogue(
  supplierId: string,
  signal?: AbortSignal,
): Promise<SupplierCatalogueItem[]> {
  try {
    return await apiRequest(`/suppliers/${encodeURIComponent(supplierId)}/products`, {
      schema: catalogueSchema,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** SPEC §7: retried fewer than 2 times. A 404 never gets here: it already resolved as empty above. */
const MAX_RETRIES = 2;

export const supplierCatalogueQueryOptions = (orgId: string | null, supplierId: string) =>
  queryOptions({
    queryKey: supplierCatalogueQueryKey(orgId, supplierId),
    queryFn: ({ signal }) => getSupplierCatalogue(supplierId, signal),
    staleTime: 60_000,
    retry: (failureCount) => failureCount < MAX_RETRIES,
    // SPEC §7: errors are suppressed; the panel shows its own message with a retry instead of a toast.
    meta: { suppressErrorToast: true },
  });

export function useSupplierCatalogue(orgId: string | null, supplierId: string) {
  return useQuery(supplierCatalogueQueryOptions(orgId, supplierId));
}
