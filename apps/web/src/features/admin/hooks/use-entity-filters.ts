import { ENTITY_KINDS, type EntityKind } from '@aduro/shared/admin';
import { useEffect, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import type { EntityFilter, EntityFilters } from '../api/get-entities';

/** How long typing pauses before the URL, and so the list, follows. */
export const ENTITY_TYPING_DELAY_MS = 300;

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

/** Writes `values` onto the URL, replacing the history entry and leaving every other parameter as it is. */
function writeFilters(setSearchParams: SetURLSearchParams, values: Partial<EntityFilterValues>) {
  setSearchParams(
    (previous) => {
      const next = new URLSearchParams(previous);
      for (const [field, value] of Object.entries(values) as Array<[keyof EntityFilterValues, string]>) {
        if (value.trim() === '' || value === DEFAULTS[field]) next.delete(ENTITY_PARAMS[field]);
        else next.set(ENTITY_PARAMS[field], value);
      }
      return next;
    },
    { replace: true },
  );
}

/**
 * The entity review's filters, kept in the URL (entityKind, entityActive, entityQ) so a filtered view
 * survives a reload and can be shared. The search text is written a moment after typing stops.
 */
export function useEntityFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = readFilters(searchParams);
  // Choices not yet on the URL: text waits for typing to pause, and the router commits a search change
  // in a transition, so a clicked radio would otherwise show checked a frame late. Each is dropped once
  // the URL holds it, so a back navigation or a Clear afterwards shows the URL's values again.
  const [draft, setDraft] = useState<Partial<EntityFilterValues>>({});
  const held = (Object.keys(draft) as Array<keyof EntityFilterValues>).filter((f) => draft[f] === url[f]);
  if (held.length > 0) {
    setDraft((current) => {
      const next = { ...current };
      for (const field of held) if (next[field] === url[field]) delete next[field];
      return next;
    });
  }
  const typed = draft.q;

  useEffect(() => {
    if (typed === undefined) return;
    const timer = window.setTimeout(
      () => writeFilters(setSearchParams, { q: typed }),
      ENTITY_TYPING_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [typed, setSearchParams]);

  function choose(values: Partial<EntityFilterValues>) {
    setDraft((current) => ({ ...current, ...values }));
    writeFilters(setSearchParams, values);
  }

  /** As GET /admin/entities reads them: the text is what the URL holds, so typing does not refetch per key. */
  const applied: EntityFilters = {
    kind: url.kind === 'all' ? undefined : url.kind,
    active: url.active === 'all' ? undefined : url.active === 'true',
    q: url.q.trim() || undefined,
  };

  return {
    values: { ...url, ...draft },
    applied,
    /** Some filter narrows the list: an empty list is then the filters' doing. */
    narrowed: Object.values(applied).some((value) => value !== undefined),
    setKind: (kind: EntityFilter) => choose({ kind }),
    setActive: (active: EntityActiveFilter) => choose({ active }),
    setQ: (q: string) => setDraft((current) => ({ ...current, q })),
    clear: () => choose(DEFAULTS),
  };
}
