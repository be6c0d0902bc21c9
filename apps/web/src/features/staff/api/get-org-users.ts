import { orgUsersPageSchema, type OrgUser } from '@aduro/shared/staff';
import { PAGE_DEFAULT, type Page } from '@aduro/shared/pagination';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What GET /org/users narrows by (orgUsersQuerySchema), less the paging. */
export interface OrgUserFilters {
  /** Text in the member's name or e-mail. */
  q?: string;
}

/** Cache key of the team directory; it carries the organisation so a new sign-in never sees the last one's team. */
export const orgUsersQueryKey = (orgId: string) => ['org-users', orgId] as const;

/** Every filtered page list sits under the directory's key, so the mutations and the live feed refresh them. */
export const orgUsersPagesKey = (orgId: string) => ['org-users', orgId, 'pages'] as const;

/** The filters as the query string carries them: blanks left out, so equal filters share one cache entry. */
export function orgUserFilterParams(filters: OrgUserFilters): Record<string, string> {
  const q = filters.q?.trim();
  return q ? { q } : {};
}

/** GET /org/users/page?q=&limit=&cursor=: one page of the members (oldest first) and the filtered total. */
export function getOrgUsersPage(
  filters: OrgUserFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<OrgUser>> {
  const query = new URLSearchParams({
    ...orgUserFilterParams(filters),
    limit: String(PAGE_DEFAULT),
    ...(cursor ? { cursor } : {}),
  });
  return apiRequest(`/org/users/page?${query.toString()}`, { schema: orgUsersPageSchema, signal });
}

export const orgUsersPagesQueryOptions = (orgId: string, filters: OrgUserFilters) =>
  infiniteQueryOptions({
    queryKey: [...orgUsersPagesKey(orgId), orgUserFilterParams(filters)] as const,
    queryFn: ({ pageParam, signal }) => getOrgUsersPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The members the filters match, a page at a time; the previous search's rows stay while the next load. */
export function useOrgUsersPages(orgId: string, filters: OrgUserFilters) {
  return useInfiniteQuery({
    ...orgUsersPagesQueryOptions(orgId, filters),
    placeholderData: keepPreviousData,
  });
}

/**
 * Applies a change the server confirmed to every cached page list at once, so the rows show it before
 * the refetch; `change` answers the page's new rows.
 */
export function updateCachedOrgUsers(
  queryClient: QueryClient,
  orgId: string,
  change: (users: OrgUser[]) => OrgUser[],
) {
  queryClient.setQueriesData<InfiniteData<Page<OrgUser>>>({ queryKey: orgUsersPagesKey(orgId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const items = change(page.items);
            return { ...page, items, total: page.total - (page.items.length - items.length) };
          }),
        }
      : data,
  );
}
