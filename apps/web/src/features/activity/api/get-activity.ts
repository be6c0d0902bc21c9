import { activityPageSchema, type ActivityFilters, type ActivityPage } from '@aduro/shared/activity';
import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

/** The filters a screen sends: the query contract less paging (and orgId, which the screens do not offer). */
export type ActivityFilterValues = Partial<Pick<ActivityFilters, 'type' | 'from' | 'to' | 'actor'>>;

/**
 * Every activity read of an organisation sits under ['activity', orgId]: the live feed refreshes that
 * prefix on every event the trail shows (lib/live/live-invalidations.ts).
 */
export const activityKeys = {
  all: (orgId: string | null) => ['activity', orgId] as const,
  list: (orgId: string | null, filters: ActivityFilterValues) =>
    ['activity', orgId, 'list', filters] as const,
};

/** The filters as a query string, blanks left out, in a fixed order so keys and URLs are stable. */
export function activityQueryString(
  filters: ActivityFilterValues,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams();
  for (const key of ['type', 'from', 'to', 'actor'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

/** GET /activity: one page of the caller's activity, newest first, with the filtered total. */
export function getActivity(
  filters: ActivityFilterValues,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const query = activityQueryString(filters, cursor ? { cursor } : {});
  return apiRequest(`/activity${query ? `?${query}` : ''}`, { schema: activityPageSchema, signal });
}

export const activityQueryOptions = (orgId: string | null, filters: ActivityFilterValues) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(orgId, filters),
    queryFn: ({ pageParam, signal }) => getActivity(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The trail's pages read so far; `enabled` is false while the filters cannot be sent (a bad date range). */
export function useActivity(orgId: string | null, filters: ActivityFilterValues, enabled = true) {
  return useInfiniteQuery({ ...activityQueryOptions(orgId, filters), enabled });
}

/** GET /activity.csv with the same filters: every matching event, saved as activity.csv. */
export function downloadActivityCsv(filters: ActivityFilterValues): Promise<void> {
  const query = activityQueryString(filters);
  return downloadFile(`/activity.csv${query ? `?${query}` : ''}`, 'activity.csv');
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadActivityCsv(orgId: string | null) {
  return useMutation({ mutationKey: ['activity', orgId, 'csv'], mutationFn: downloadActivityCsv });
}
