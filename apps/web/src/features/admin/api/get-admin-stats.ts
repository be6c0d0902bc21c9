import { adminStatsSchema, type AdminStats } from '@aduro/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adminStatsQueryKey = ['admin', 'stats'] as const;

/** GET /admin/stats. */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiRequest('/admin/stats', { schema: adminStatsSchema, signal });
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: adminStatsQueryKey,
  queryFn: ({ signal }) => getAdminStats(signal),
  // SPEC §7 and §9: admin stats are cached 30 seconds.
  staleTime: 30_000,
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}
