import { CREDIT_APPLICATION_STATUSES, type CreditApplicationStatus } from '@aduro/shared/credit';
import { useUrlFilters } from '../../../lib/url-filters';
import type { ApplicationFilters } from '../api/get-credit-applications';

/** The URL parameter, prefixed: the cockpit's credit tab holds the receivables too, whose filters share the query string. */
export const APPLICATION_STATUS_PARAM = 'applicationStatus';

const PARAMS = { status: APPLICATION_STATUS_PARAM };

export type ApplicationStatusFilter = 'all' | CreditApplicationStatus;

const isStatus = (value: string | null): value is CreditApplicationStatus =>
  CREDIT_APPLICATION_STATUSES.some((status) => status === value);

/**
 * The credit queue's status filter, kept in the URL (applicationStatus; lib/url-filters.ts) so a
 * filtered view survives a reload and can be shared. `pinned` parameters are written with every change
 * (a cockpit's ?tab=), so the reloaded URL opens where the list is.
 */
export function useApplicationFilters(pinned?: Readonly<Record<string, string>>) {
  const filters = useUrlFilters({
    params: PARAMS,
    defaults: { status: 'all' },
    read: (params) => {
      const status = params.get(APPLICATION_STATUS_PARAM);
      return { status: isStatus(status) ? status : 'all' };
    },
    pinned,
  });
  const status = filters.values.status as ApplicationStatusFilter;
  const setStatus = (next: ApplicationStatusFilter) => filters.choose({ status: next });

  return {
    status,
    // As shown: the choice just clicked is asked for at once, as before the URL catches up.
    applied: { status: status === 'all' ? undefined : status } satisfies ApplicationFilters,
    /** A status narrows the list: an empty list is then the filter's doing. */
    narrowed: status !== 'all',
    setStatus,
    clear: () => setStatus('all'),
  };
}
