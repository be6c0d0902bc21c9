import { z } from 'zod';
import { isIsoDate } from './inventory.ts';

/**
 * Keyset (cursor) pagination for the long lists (orders, invoices, inventory, organisations, credit
 * applications, staff, activity). A call names `limit` or `cursor` to be paged and gets a Page back; a
 * call with neither answers the whole list as SPEC's screens and probes expect. docs/domain.md "Lists".
 */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;

export const PAGINATION_MESSAGES = {
  badCursor: 'cursor must be a nextCursor this list answered; start again from the first page',
  limit: `limit must be a whole number from 1 to ${PAGE_MAX}`,
  date: 'Use a date written YYYY-MM-DD',
  range: 'from must not be after to',
  text: 'Keep the search under 100 characters',
} as const;

/** The paging parameters every paged list accepts. */
export const pageQueryShape = {
  /** The nextCursor of the previous page; absent for the first page. */
  cursor: z
    .string()
    .trim()
    .min(1, PAGINATION_MESSAGES.badCursor)
    .max(500, PAGINATION_MESSAGES.badCursor)
    .optional(),
  /** Rows per page; naming it (or a cursor) asks for a Page. 50 when only a cursor is given. */
  limit: z.coerce
    .number({ error: PAGINATION_MESSAGES.limit })
    .int(PAGINATION_MESSAGES.limit)
    .min(1, PAGINATION_MESSAGES.limit)
    .max(PAGE_MAX, PAGINATION_MESSAGES.limit)
    .optional(),
};

/** A page query with its limit made explicit (50 unless named): a /page call always answers a Page. */
export const withPageLimit = <Q extends { limit?: number }>(query: Q): Q & { limit: number } => ({
  ...query,
  limit: query.limit ?? PAGE_DEFAULT,
});

/** True when the caller asked for a page rather than the whole list. */
export const isPaged = (query: { cursor?: string; limit?: number }) =>
  query.cursor !== undefined || query.limit !== undefined;

/** Free text to search by; blank means no search. */
export const searchText = z
  .string()
  .trim()
  .max(100, PAGINATION_MESSAGES.text)
  .optional()
  .transform((v) => (v ? v : undefined));

/** A day (YYYY-MM-DD) bounding a date filter; blank means unbounded. */
export const filterDate = z
  .string()
  .trim()
  .meta({ format: 'date' })
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isIsoDate(v), PAGINATION_MESSAGES.date);

/**
 * One status or several apart by commas (`RELEASED,SHIPPED`), as a pattern, so the OpenAPI document
 * names the values a client may send; blank means every status.
 */
export const statusListPattern = (statuses: readonly string[]) =>
  new RegExp(`^(?:(?:${statuses.join('|')})(?:,(?:${statuses.join('|')}))*)?$`);

/** A yes/no filter written true or false in the query string; blank means either. */
export const filterFlag = z
  .enum(['true', 'false', ''], { error: 'Use true or false' })
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

/** from..to, both inclusive days; refuses a range that ends before it starts, on the field `from`. */
export function refineDateRange<T extends { from?: string; to?: string }>(query: T, ctx: z.RefinementCtx) {
  if (query.from && query.to && query.from > query.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: PAGINATION_MESSAGES.range });
}

/** A page of a list: its rows, the cursor of the next page (null on the last) and the filtered total. */
export function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      /** Pass as cursor for the next page; null on the last page. */
      nextCursor: z.string().nullable(),
      /** Every row the filters match, all pages together. */
      total: z.number().int().nonnegative(),
    })
    .meta({ id });
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}
