import { ENTITY_KINDS, ENTITY_STATUSES, type EntityKind, type EntityStatus } from '@aduro/shared/admin';
import { useUrlFilters } from '../../../lib/url-filters';
import type { EntityFilter, EntityFilters } from '../api/get-entities';

/** The URL parameters, prefixed: the admin page holds other lists whose filters share the query string. */
export const ENTITY_PARAMS = { kind: 'entityKind', status: 'entityStatus', q: 'entityQ' } as const;

/** Any status, or one: active, awaiting licence review, deactivated. */
export type EntityStatusFilter = 'all' | EntityStatus;

export interface EntityFilterValues {
  kind: EntityFilter;
  status: EntityStatusFilter;
  q: string;
}

const DEFAULTS: EntityFilterValues = { kind: 'all', status: 'all', q: '' };

const isKind = (value: string | null): value is EntityKind => ENTITY_KINDS.some((kind) => kind === value);
const isStatus = (value: string | null): value is EntityStatus =>
  ENTITY_STATUSES.some((status) => status === value);

function readFilters(params: URLSearchParams): EntityFilterValues {
  const kind = params.get(ENTITY_PARAMS.kind);
  const status = params.get(ENTITY_PARAMS.status);
  return {
    kind: isKind(kind) ? kind : 'all',
    status: isStatus(status) ? status : 'all',
    q: params.get(ENTITY_PARAMS.q) ?? '',
  };
}

/**
 * The entity review's filters, kept in the URL (entityKind, entityStatus, entityQ; lib/url-filters.ts)
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
    status: url.status === 'all' ? undefined : url.status,
    q: url.q.trim() || undefined,
  };

  return {
    values: filters.values as EntityFilterValues,
    applied,
    /** Some filter narrows the list: an empty list is then the filters' doing. */
    narrowed: Object.values(applied).some((value) => value !== undefined),
    setKind: (kind: EntityFilter) => filters.choose({ kind }),
    setStatus: (status: EntityStatusFilter) => filters.choose({ status }),
    setQ: (q: string) => filters.type('q', q),
    clear: filters.clear,
  };
}
