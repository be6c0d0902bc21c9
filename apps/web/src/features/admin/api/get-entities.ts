import {
  adminEntitiesPageSchema,
  type AdminEntity,
  type EntityKind,
  type EntityStatus,
} from '@aduro/shared/admin';
import { PAGE_DEFAULT, type Page } from '@aduro/shared/pagination';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type EntityFilter = 'all' | EntityKind;

/** What GET /admin/entities narrows by (entityListQuerySchema), less the paging. */
export interface EntityFilters {
  kind?: EntityKind;
  /** Active, awaiting licence review or deactivated (the API's `active` flag cannot tell the last two apart). */
  status?: EntityStatus;
  q?: string;
}

/**
 * Every organisation read sits under ['admin', 'entities']: a toggle and the live feed refresh the
 * ['admin'] root (lib/live/live-invalidations.ts), so each filtered list follows.
 */
export const entitiesKeys = {
  all: ['admin', 'entities'] as const,
  pages: (filters: EntityFilters) => ['admin', 'entities', 'pages', entityFilterParams(filters)] as const,
};

/** The filters as the query string carries them: blanks left out, so equal filters share one cache entry. */
export function entityFilterParams(filters: EntityFilters): Record<string, string> {
  const sent: Record<string, string> = {};
  if (filters.kind) sent.kind = filters.kind;
  if (filters.status) sent.status = filters.status;
  const q = filters.q?.trim();
  if (q) sent.q = q;
  return sent;
}

/** GET /admin/entities/page?kind=&status=&q=&limit=&cursor=: one page in review order and the filtered total. */
export function getEntitiesPage(
  filters: EntityFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<AdminEntity>> {
  const query = new URLSearchParams({
    ...entityFilterParams(filters),
    limit: String(PAGE_DEFAULT),
    ...(cursor ? { cursor } : {}),
  });
  return apiRequest(`/admin/entities/page?${query.toString()}`, { schema: adminEntitiesPageSchema, signal });
}

export const entitiesPagesQueryOptions = (filters: EntityFilters) =>
  infiniteQueryOptions({
    queryKey: entitiesKeys.pages(filters),
    queryFn: ({ pageParam, signal }) => getEntitiesPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The organisations the filters match, a page at a time; the previous filter's rows stay while the next load. */
export function useEntitiesPages(filters: EntityFilters) {
  return useInfiniteQuery({ ...entitiesPagesQueryOptions(filters), placeholderData: keepPreviousData });
}
