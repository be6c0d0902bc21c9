import { activityQuerySchema } from '@aduro/shared/activity';
import { useUrlFilters } from '../../../lib/url-filters';
import type { ActivityFilterValues } from '../api/get-activity';

const KEYS = ['type', 'from', 'to', 'actor'] as const;
type FilterKey = (typeof KEYS)[number];

/** The activity list's own parameters, unprefixed: a page shows one activity list. */
const PARAMS: Record<FilterKey, string> = { type: 'type', from: 'from', to: 'to', actor: 'actor' };
const DEFAULTS: Record<FilterKey, string> = { type: '', from: '', to: '', actor: '' };

/**
 * The activity filters live in the URL (?type=&from=&to=&actor=; lib/url-filters.ts), so a filtered
 * view survives a reload and can be shared; other parameters of the page (the cockpit's ?tab=) are left
 * as they are. The actor is written a moment after typing stops. The URL is checked with the same schema
 * the API uses: a range that ends before it starts is shown as a field error and not sent. `pinned`
 * parameters are written with every change (the cockpit's tab=activity), so the reloaded URL opens where
 * the filters are shown.
 */
export function useActivityFilters(pinned?: Readonly<Record<string, string>>) {
  const url = useUrlFilters({
    params: PARAMS,
    defaults: DEFAULTS,
    // As written: a bad value is the schema's to report as a field error, not to be read away.
    read: (params) => ({
      type: params.get('type') ?? '',
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
      actor: params.get('actor') ?? '',
    }),
    typed: ['actor'],
    pinned,
  });
  const parsed = activityQuerySchema.safeParse(url.url);
  const filters: ActivityFilterValues = parsed.success
    ? { type: parsed.data.type, from: parsed.data.from, to: parsed.data.to, actor: parsed.data.actor }
    : {};
  const errors: Partial<Record<FilterKey, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as FilterKey;
      errors[key] ??= issue.message;
    }
  }

  return {
    /** What the filter bar shows: the URL's values, the actor as typed. */
    raw: url.values,
    filters,
    valid: parsed.success,
    errors,
    setFilter: (key: FilterKey, value: string) =>
      key === 'actor' ? url.type('actor', value) : url.choose({ [key]: value }),
    clear: url.clear,
    active: KEYS.some((key) => url.url[key] !== ''),
  };
}
