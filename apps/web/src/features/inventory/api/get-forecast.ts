import { forecastSchema, type Forecast } from '@aduro/shared/inventory';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inventoryQueryKey } from './get-inventory';

/** Under the inventory key, so a stock sync (which changes weeks of cover) refreshes it too. */
export const forecastQueryKey = (orgId: string, productId: string) =>
  [...inventoryQueryKey(orgId), 'forecast', productId] as const;

/** GET /inventory/forecast/{productId} for the caller's organisation. */
export function getForecast(productId: string, signal?: AbortSignal): Promise<Forecast> {
  return apiRequest(`/inventory/forecast/${encodeURIComponent(productId)}`, {
    schema: forecastSchema,
    signal,
  });
}

export const forecastQueryOptions = (orgId: string, productId: string) =>
  queryOptions({
    queryKey: forecastQueryKey(orgId, productId),
    queryFn: ({ signal }) => getForecast(productId, signal),
    // SPEC §9: forecasts are cached 5 minutes; weekly demand does not move faster than that.
    staleTime: 5 * 60_000,
  });

export function useForecast(orgId: string, productId: string) {
  return useQuery(forecastQueryOptions(orgId, productId));
}
