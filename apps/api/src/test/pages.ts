import { expect } from 'vitest';
import type { Page } from '@aduro/shared/pagination';

/**
 * Follows a paged list from its first page to its last: `page(cursor)` answers one page (cursor
 * undefined for the first); `between(n)` runs after page n, e.g. to insert rows while a reader pages.
 * Checks every page but the last is full and every page repeats the total.
 */
export async function walkPages<T>(
  page: (cursor: string | undefined) => Promise<Page<T>>,
  limit: number,
  between?: (pageNumber: number) => Promise<void>,
): Promise<{ items: T[]; pages: Page<T>[] }> {
  const pages: Page<T>[] = [];
  let cursor: string | undefined;
  do {
    const current = await page(cursor);
    pages.push(current);
    if (current.nextCursor !== null) expect(current.items).toHaveLength(limit);
    cursor = current.nextCursor ?? undefined;
    if (cursor !== undefined) await between?.(pages.length);
    // A runaway cursor would loop for ever; no test list is anywhere near this long.
    expect(pages.length).toBeLessThan(1_000);
  } while (cursor !== undefined);
  return { items: pages.flatMap((p) => p.items), pages };
}
