import { marketSummarySchema, type MarketSummary } from '@aduro/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /admin/market/summary. */
export function getMarketSummary(signal?: AbortSignal): Promise<MarketSummary> {
  return apiRequest('/admin/market/summary', { schema: marketSummarySchema, signal });
}

export function useMarketSummary() {
  return useQuery({
    queryKey: ['admin', 'market-summary'],
    queryFn: ({ signal }) => getMarketSummary(signal),
    // SPEC §7 and §9: the market summary is cached 5 minutes.
    staleTime: 5 * 60_000,
    // SPEC §8: its failure shows inline, in red, not as a toast.
    meta: { suppressErrorToast: true },
  });
}
