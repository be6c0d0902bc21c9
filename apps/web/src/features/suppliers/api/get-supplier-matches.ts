import { paymentTermsOrDefault, supplierMatchSchema, type SupplierMatch } from '@aduro/shared/marketplace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Credit available and payment methods depend on the buyer, so the key carries its organisation. */
export const supplierMatchesQueryKey = (orgId: string | null, productId: string) =>
  ['supplier-matches', orgId, productId] as const;

/** As the directory: null or blank payment terms read as 'Prepaid' instead of failing the list. */
const matchesSchema = supplierMatchSchema
  .extend({ paymentTerms: z.string().nullable().transform(paymentTermsOrDefault) })
  .array();

/** GET /products/{id}/suppliers?buyerId=: active suppliers able to fill the product, cheapest first. */
export function getSupplierMatches(
  productId: string,
  buyerId: string | null,
  signal?: AbortSignal,
): Promise<SupplierMatch[]> {
  const query = buyerId ? `?buyerId=${encodeURIComponent(buyerId)}` : '';
  return apiRequest(`/products/${encodeURIComponent(productId)}/suppliers${query}`, {
    schema: matchesSchema,
    signal,
  });
}

export const supplierMatchesQueryOptions = (orgId: string | null, productId: string) =>
  queryOptions({
    queryKey: supplierMatchesQueryKey(orgId, productId),
    queryFn: ({ signal }) => getSupplierMatches(productId, orgId, signal),
    // SPEC §7 and §9: supplier matches are cached 60 seconds.
    staleTime: 60_000,
  });

/** No product compared yet means nothing to ask for. */
export function useSupplierMatches(orgId: string | null, productId: string | null) {
  return useQuery({
    ...supplierMatchesQueryOptions(orgId, productId ?? ''),
    enabled: productId !== null,
  });
}
