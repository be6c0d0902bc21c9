import { productSchema, type Product } from '@aduro/shared/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const productListSchema = productSchema.array();

/**
 * GET /products?q={gtin}: the catalogue search also matches a barcode number exactly (DOMAIN.md "GTIN"),
 * so the product is the one whose GTIN is this one; null when none has it. The catalogue is shared by
 * every organisation, so the key carries no organisation id.
 */
export async function getProductByGtin(gtin: string, signal?: AbortSignal): Promise<Product | null> {
  const params = new URLSearchParams({ q: gtin, limit: '5' });
  const products = await apiRequest(`/products?${params.toString()}`, { schema: productListSchema, signal });
  return products.find((product) => product.gtin === gtin) ?? null;
}

export const productByGtinQueryOptions = (gtin: string) =>
  queryOptions({
    queryKey: ['products', 'gtin', gtin] as const,
    queryFn: ({ signal }) => getProductByGtin(gtin, signal),
    // SPEC §9 caches catalogue reads for 60 seconds: scanning a second pack of a product asks nothing.
    staleTime: 60_000,
  });
