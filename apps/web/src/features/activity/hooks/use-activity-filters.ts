import { activityQuerySchema } from '@aduro/shared/activity';
import { useSearchParams } from 'react-router';
import type { ActivityFilterValues } from '../api/get-activity';

const KEYS = ['type', 'from', 'to', 'actor'] as const;
type FilterKey = (typeof KEYS)[number];

/**
 * The activity filters live in the URL (?type=&from=&to=&actor=), so a filtered view survives a reload
 * and can be shared; other parameters of the page (the cockpit's ?tab=) are left as they are. The URL
 * is checked with the same schema the API uses: a range that ends before it starts is shown as a field
 * error and not sent. `pinned` parameters are written with every change (the cockpit's tab=activity), so
 * the reloaded URL opens where the filters are shown.
 */
export function useActivityFilters(pinned: Readonly<Record<string, string>> = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Object.fromEntries(KEYS.map((key) => [key, searchParams.get(key) ?? ''])) as Record<
    FilterKey,
    string
  >;
  const parsed = activityQuerySchema.safeParse(raw);
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

  const setFilter = (key: FilterKey, value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(pinned)) next.set(key, value);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const clear = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(pinned)) next.set(key, value);
        for (const key of KEYS) next.delete(key);
        return next;
      },
      { replace: true },
    );
  const active = KEYS.some((key) => raw[key] !== '');

  return { raw, filters, valid: parsed.success, errors, setFilter, clear, active };
}
