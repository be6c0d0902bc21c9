import { ENTITY_KINDS, type EntityKind } from '@aduro/shared/admin';
import { useUrlFilters } from '../../../lib/url-filters';
import type { EntityFilter, EntityFilters } from '../api/get-entities';

/** The URL parameters, prefixed: the admin page holds other lists whose filters share the query string. */
export const ENTITY_PARAMS = { kind: 'entityKind', active: 'entityActive', q: 'entityQ' } as const;

export type EntityActiveFilter = 'all' | 'true' | 'false';

export interface EntityFilterValues {
  kind: EntityFilter;
  active: EntityActiveFilter;
  q: string;
}

const DEFAULTS: EntityFilterValues = { kind: 'all', active: 'all', q: '' };

const isKind = (value: string | null): value is EntityKind => ENTITY_KINDS.some((kind) => kind === value);

function readFilters(params: URLSearchParams): EntityFilterValues {
  const kind = params.get(ENTITY_PARAMS.kind);
  const active = params.get(ENTITY_PARAMS.active);
  return {
    kind: isKind(kind) ? kind : 'all',
    active: active === 'true' || active === 'false' ? active : 'all',
    q: params.get(ENTITY_PARAMS.q) ?? '',
  };
}

/**
 * The entity review's filters, kept in the URL (entityKind, entityActive, entityQ; lib/url-filters.ts)
 * so a filtered view survives a reload and can be shared. The search text is written a moment after
 * typing stops.
 */
export function useEntityFilters() {
  const filters = useUrlFilters<keyof EntityFilterValues>({
    params: ENTITY_PARAMS,
    defaults: DEFAULTS,
    read: readFilters,
    typed: ['q'],
  });
  const url = filters.url as EntityFilterValues;

  /** As GET /admin/entities reads them: the text is what the URL holds, so typing does not refetch per key. */
  const applied: EntityFilters = {
    kind: url.kind === 'all' ? undefined : url.kind,
    active: url.active === 'all' ? undefined : url.active === 'true',
    q: url.q.trim() || undefined,
  };

  return {
    values: filters.values as EntityFilterValues,
    applied,
    /** Some filter narrows the list: an empty list is then the filters' doing. */
    narrowed: Object.values(applied).some((value) => value !== undefined),
    setKind: (kind: EntityFilter) => filters.choose({ kind }),
    setActive: (active: EntityActiveFilter) => filters.choose({ active }),
    setQ: (q: string) => filters.type('q', q),
    clear: filters.clear,
  };
}
