import { CREDIT_APPLICATION_STATUSES, type CreditApplicationStatus } from '@aduro/shared/credit';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApplicationFilters } from '../api/get-credit-applications';

/** The URL parameter, prefixed: the cockpit's credit tab holds the receivables too, whose filters share the query string. */
export const APPLICATION_STATUS_PARAM = 'applicationStatus';

export type ApplicationStatusFilter = 'all' | CreditApplicationStatus;

const isStatus = (value: string | null): value is CreditApplicationStatus =>
  CREDIT_APPLICATION_STATUSES.some((status) => status === value);

const NO_PINS = {};

/**
 * The credit queue's status filter, kept in the URL (applicationStatus) so a filtered view survives a
 * reload and can be shared. `pinned` parameters are written with every change (a cockpit's ?tab=), so
 * the reloaded URL opens where the list is.
 */
export function useApplicationFilters(pinned: Readonly<Record<string, string>> = NO_PINS) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(APPLICATION_STATUS_PARAM);
  const url: ApplicationStatusFilter = isStatus(raw) ? raw : 'all';
  // The router commits a search change in a transition; the choice shows at once meanwhile, so the
  // radio clicked is checked in the same frame. Dropped once the URL holds it.
  const [chosen, setChosen] = useState<ApplicationStatusFilter | undefined>(undefined);
  if (chosen !== undefined && chosen === url) setChosen(undefined);
  const status = chosen ?? url;
  const applied: ApplicationFilters = { status: status === 'all' ? undefined : status };

  function setStatus(next: ApplicationStatusFilter) {
    setChosen(next);
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(pinned)) params.set(name, value);
        if (next === 'all') params.delete(APPLICATION_STATUS_PARAM);
        else params.set(APPLICATION_STATUS_PARAM, next);
        return params;
      },
      { replace: true },
    );
  }

  return {
    status,
    applied,
    /** A status narrows the list: an empty list is then the filter's doing. */
    narrowed: status !== 'all',
    setStatus,
    clear: () => setStatus('all'),
  };
}
