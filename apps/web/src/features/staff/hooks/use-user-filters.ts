import { useUrlFilters } from '../../../lib/url-filters';
import type { OrgUserFilters } from '../api/get-org-users';

/** The URL parameter, prefixed: the cockpit holds other lists whose filters share the query string. */
export const USER_SEARCH_PARAM = 'userQ';

const PARAMS = { q: USER_SEARCH_PARAM };

/**
 * The team directory's search, kept in the URL (userQ; lib/url-filters.ts) so a filtered view survives
 * a reload and can be shared; written a moment after typing stops. `pinned` parameters are written with
 * every change (a cockpit's ?tab=), so the reloaded URL opens where the directory is.
 */
export function useUserFilters(pinned?: Readonly<Record<string, string>>) {
  const filters = useUrlFilters({
    params: PARAMS,
    defaults: { q: '' },
    read: (params) => ({ q: params.get(USER_SEARCH_PARAM) ?? '' }),
    typed: ['q'],
    pinned,
  });

  /** As GET /org/users reads it: the text the URL holds, so typing does not refetch per key. */
  const applied: OrgUserFilters = { q: filters.url.q.trim() || undefined };

  return {
    q: filters.values.q,
    applied,
    /** A search narrows the list: an empty list is then the search's doing. */
    narrowed: applied.q !== undefined,
    setQ: (value: string) => filters.type('q', value),
    clear: filters.clear,
  };
}

export type UserFiltersState = ReturnType<typeof useUserFilters>;
