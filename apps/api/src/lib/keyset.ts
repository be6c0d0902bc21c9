import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAGE_DEFAULT, PAGINATION_MESSAGES, type Page } from '@aduro/shared/pagination';
import { badRequest } from './errors.ts';

/**
 * Keyset pagination (docs/domain.md "Lists"): a page ends at the position of its last row (its sort
 * values, then its id), and the next page starts strictly after it. Unlike OFFSET, rows inserted or
 * removed meanwhile neither repeat a row nor skip one that was there, and page 400 costs what page 1
 * does. The cursor is that position as base64url JSON: opaque to clients, checked when it comes back.
 */

/** A timestamp as a cursor keeps it: UTC to the microsecond, which a JS Date would round away. */
export const positionAt = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const POSITION_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A cursor's timestamp: the exact form positionAt writes, and a real instant (not 2026-02-30). */
export const cursorInstant = z
  .string()
  .regex(POSITION_AT)
  .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().slice(0, 19) === v.slice(0, 19));
export const cursorId = z.uuid();

export function encodeCursor(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * The position a cursor names, checked against `shape` (a tuple of the list's sort values and id), so
 * the database never sees a value it would refuse. Anything else is 400 on the field cursor.
 */
export function decodeCursor<T extends z.ZodTuple>(cursor: string, shape: T): z.output<T> {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // Not base64url JSON: refused below like any other foreign cursor.
  }
  const result = shape.safeParse(parsed);
  if (!result.success)
    throw badRequest(PAGINATION_MESSAGES.badCursor, { cursor: [PAGINATION_MESSAGES.badCursor] });
  return result.data;
}

/** Rows per page: the limit asked for, else the default. */
export const pageLimit = (query: { limit?: number }) => query.limit ?? PAGE_DEFAULT;

/**
 * The page from `rows`, fetched with limit + 1 so a further row says whether there is a next page;
 * `positionOf` gives the position the next page starts after.
 */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  total: number,
  positionOf: (row: R) => readonly unknown[],
  itemOf: (row: R) => T,
): Page<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(itemOf),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null,
    total,
  };
}

/** `%text%` for ILIKE, with the text's own %, _ and \ matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
