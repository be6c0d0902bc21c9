import { paymentTermsOrDefault, supplierMatchSchema, type SupplierMatch } from '@aduro/shared/marketplace';
import { useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const matchesSchema = supplierMatchSchema
  .extend({ paymentTerms: z.string().nullable().transform(paymentTermsOrDefault) })
  .array();

/** A supplier the buyer may invite, with the products of the request it offers. */
export interface RfqSupplierOption {
  id: string;
  name: string;
  location: string | null;
  productIds: string[];
}

/**
 * GET /products/{id}/suppliers?buyerId=, the marketplace's matches of one product. Features do not import
 * each other, so the call is spelled here; the key is the suppliers feature's, so both share one cache
 * entry and the live feed's 'supplier-matches' refresh reaches it.
 */
function getProductSuppliers(productId: string, buyerId: string | null, signal?: AbortSignal) {
  const query = buyerId ? `?buyerId=${encodeURIComponent(buyerId)}` : '';
  return apiRequest<SupplierMatch[]>(`/products/${encodeURIComponent(productId)}/suppliers${query}`, {
    schema: matchesSchema,
    signal,
  });
}

/** The suppliers offering any of the products, each once, named with the products it offers. */
export function useRfqSupplierOptions(orgId: string | null, productIds: readonly string[], enabled: boolean) {
  return useQueries({
    queries: productIds.map((productId) => ({
      queryKey: ['supplier-matches', orgId, productId] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getProductSuppliers(productId, orgId, signal),
      staleTime: 60_000,
      enabled,
    })),
    combine: (results) => {
      const byId = new Map<string, RfqSupplierOption>();
      results.forEach((result, i) => {
        for (const match of result.data ?? []) {
          const option = byId.get(match.id) ?? {
            id: match.id,
            name: match.name,
            location: match.location,
            productIds: [],
          };
          option.productIds.push(productIds[i]!);
          byId.set(match.id, option);
        }
      });
      return {
        options: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name)),
        pending: results.some((result) => result.isPending && result.fetchStatus !== 'idle'),
        failed: results.some((result) => result.isError),
      };
    },
  });
}
