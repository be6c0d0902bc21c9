import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ASYNC_UTIL_TIMEOUT_MS } from '../test/async-timeout';
import { FILTER_TYPING_DELAY_MS, useUrlFilters, type UrlFiltersOptions } from './url-filters';

type Field = 'status' | 'q';

const OPTIONS: UrlFiltersOptions<Field> = {
  params: { status: 'listStatus', q: 'listQ' },
  defaults: { status: 'open', q: '' },
  read: (params) => {
    const status = params.get('listStatus');
    return {
      status: status === 'open' || status === 'closed' || status === 'all' ? status : 'open',
      q: params.get('listQ') ?? '',
    };
  },
  typed: ['q'],
  pinned: { tab: 'list' },
};

/** The hook inside a router at `url`, with the router's location and navigate beside it. */
function renderFilters(url: string, options: Partial<UrlFiltersOptions<Field>> = {}) {
  function useProbe() {
    return {
      filters: useUrlFilters({ ...OPTIONS, ...options }),
      location: useLocation(),
      navigate: useNavigate(),
    };
  }
  function wrapper({ children }: { children: ReactNode }) {
    const router = createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  }
  return renderHook(useProbe, { wrapper }).result;
}

const search = (result: { current: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(result.current.location.search));

describe('useUrlFilters', () => {
  it('reads the URL, checked: an unknown value reads as the default', () => {
    const result = renderFilters('/x?listStatus=nonsense&listQ=amox');
    expect(result.current.filters.url).toEqual({ status: 'open', q: 'amox' });
  });

  it('writes a choice at once, with the pinned parameters, leaving the others as they are', async () => {
    const result = renderFilters('/x?order=42');
    act(() => result.current.filters.choose({ status: 'closed' }));
    // Shown in the same render as the click, before the router commits the navigation.
    expect(result.current.filters.values.status).toBe('closed');
    await waitFor(() => expect(search(result)).toEqual({ order: '42', tab: 'list', listStatus: 'closed' }));
    expect(result.current.filters.url.status).toBe('closed');
  });

  it('keeps both of two choices made before the router re-renders: the second does not undo the first', async () => {
    const result = renderFilters('/x?order=42');
    // One act: neither choice's navigation has rendered when the second is made, as when a person picks
    // a status and then a date faster than a loaded phone repaints.
    act(() => {
      result.current.filters.choose({ status: 'closed' });
      result.current.filters.choose({ q: 'amox' });
    });
    await waitFor(() =>
      expect(search(result)).toEqual({ order: '42', tab: 'list', listStatus: 'closed', listQ: 'amox' }),
    );
    expect(result.current.filters.url).toEqual({ status: 'closed', q: 'amox' });
  });

  it('leaves a default out of the URL, and spells a blank value as the screen asks', async () => {
    const result = renderFilters('/x?listStatus=closed', { blank: { status: 'all' } });
    act(() => result.current.filters.choose({ status: '' }));
    await waitFor(() => expect(search(result).listStatus).toBe('all'));
    act(() => result.current.filters.choose({ status: 'open' }));
    await waitFor(() => expect(search(result)).toEqual({ tab: 'list' }));
  });

  it('writes typed text once typing pauses: the URL, and so the list, keeps its value meanwhile', async () => {
    const result = renderFilters('/x');
    act(() => result.current.filters.type('q', 'am'));
    act(() => result.current.filters.type('q', 'amox'));
    expect(result.current.filters.values.q).toBe('amox');
    expect(result.current.filters.url.q).toBe('');
    await waitFor(() => expect(search(result).listQ).toBe('amox'));
    expect(result.current.filters.url.q).toBe('amox');
  });

  it('shows the URL again after a back navigation once it has caught up with the typing', async () => {
    const result = renderFilters('/x', { pushChoices: true });
    act(() => result.current.filters.choose({ status: 'closed' }));
    await waitFor(() => expect(result.current.filters.url.status).toBe('closed'));
    act(() => void result.current.navigate(-1));
    await waitFor(() => expect(result.current.filters.url.status).toBe('open'));
    expect(result.current.filters.values.status).toBe('open');
  });

  it('clears every field to its default, dropping text not yet written', async () => {
    // The typing delay's clock is the test's, so 'later' is a step it takes rather than a wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const result = renderFilters('/x?listStatus=closed&listQ=amox&order=42');
      act(() => result.current.filters.type('q', 'amoxicillin'));
      act(() => result.current.filters.clear());
      expect(result.current.filters.values).toEqual({ status: 'open', q: '' });
      // testing-library's waitFor times out on setTimeout, which this test's clock holds still; Vitest's
      // own keeps real timers, given the suite's room by hand.
      // eslint-disable-next-line no-restricted-properties
      await vi.waitFor(() => expect(search(result)).toEqual({ order: '42', tab: 'list' }), {
        timeout: ASYNC_UTIL_TIMEOUT_MS,
      });
      // Well past the typing delay: the text the clear dropped is never written back.
      act(() => vi.advanceTimersByTime(FILTER_TYPING_DELAY_MS * 3));
      expect(search(result)).toEqual({ order: '42', tab: 'list' });
      expect(result.current.filters.values).toEqual({ status: 'open', q: '' });
    } finally {
      vi.useRealTimers();
    }
  });
});
