import { describe, expect, it } from 'vitest';
import { notification, page } from '../testing/fixtures';
import { markAllReadInPages, markReadInPages } from './notifications-cache';

const AT = '2026-11-24T12:00:00.000Z';

function twoPages() {
  const first = [notification(), notification({ readAt: '2026-11-23T08:00:00.000Z' })];
  const second = [notification()];
  return {
    first,
    second,
    data: {
      pages: [page(first, { unreadCount: 2, nextCursor: 'c1' }), page(second, { unreadCount: 2 })],
      pageParams: [null, 'c1'],
    },
  };
}

describe('marking notifications read in the cached pages', () => {
  it('reads one notification and counts one fewer unread on every page', () => {
    const { data, second } = twoPages();
    const next = markReadInPages(data, second[0]!.id, AT);
    expect(next.pages[1]!.items[0]!.readAt).toBe(AT);
    expect(next.pages.map((p) => p.unreadCount)).toEqual([1, 1]);
  });

  it('changes nothing for a notification already read, or one not loaded', () => {
    const { data, first } = twoPages();
    expect(markReadInPages(data, first[1]!.id, AT)).toBe(data);
    expect(markReadInPages(data, '7a000000-0000-4000-8000-999999999999', AT)).toBe(data);
  });

  it('reads every one and clears the count, keeping the time of those read before', () => {
    const { data } = twoPages();
    const next = markAllReadInPages(data, AT);
    expect(next.pages.flatMap((p) => p.items.map((n) => n.readAt))).toEqual([
      AT,
      '2026-11-23T08:00:00.000Z',
      AT,
    ]);
    expect(next.pages.map((p) => p.unreadCount)).toEqual([0, 0]);
  });
});
