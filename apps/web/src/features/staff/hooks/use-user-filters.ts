import { useEffect, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import type { OrgUserFilters } from '../api/get-org-users';

/** How long typing pauses before the URL, and so the list, follows. */
export const USER_TYPING_DELAY_MS = 300;

/** The URL parameter, prefixed: the cockpit holds other lists whose filters share the query string. */
export const USER_SEARCH_PARAM = 'userQ';

function writeSearch(
  setSearchParams: SetURLSearchParams,
  value: string,
  pinned: Readonly<Record<string, string>>,
) {
  setSearchParams(
    (previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, pin] of Object.entries(pinned)) next.set(name, pin);
      if (value.trim() === '') next.delete(USER_SEARCH_PARAM);
      else next.set(USER_SEARCH_PARAM, value);
      return next;
    },
    { replace: true },
  );
}

const NO_PINS = {};

/**
 * The team directory's search, kept in the URL (userQ) so a filtered view survives a reload and can be
 * shared; written a moment after typing stops. `pinned` parameters are written with every change (a
 * cockpit's ?tab=), so the reloaded URL opens where the directory is.
 */
export function useUserFilters(pinned: Readonly<Record<string, string>> = NO_PINS) {
  const [searchParams, setSearchParams] = useSearchParams();
  const url = searchParams.get(USER_SEARCH_PARAM) ?? '';
  // Text typed and not yet on the URL; dropped once the URL holds it, so a back navigation or a Clear
  // afterwards shows the URL's text again.
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const pending = typed !== undefined && typed !== url;
  if (typed !== undefined && !pending) setTyped(undefined);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => writeSearch(setSearchParams, typed, pinned), USER_TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending, typed, setSearchParams, pinned]);

  /** As GET /org/users reads it: the text the URL holds, so typing does not refetch per key. */
  const applied: OrgUserFilters = { q: url.trim() || undefined };

  return {
    q: typed ?? url,
    applied,
    /** A search narrows the list: an empty list is then the search's doing. */
    narrowed: applied.q !== undefined,
    setQ: (value: string) => setTyped(value),
    clear: () => {
      setTyped(undefined);
      writeSearch(setSearchParams, '', pinned);
    },
  };
}

export type UserFiltersState = ReturnType<typeof useUserFilters>;
