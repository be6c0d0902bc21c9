import type { ActivityItem, ActivityPage } from '@aduro/shared/activity';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { ActivityList } from './activity-list';

function item(id: number, overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id,
    type: 'inventory.synced',
    description: `Kwame Mensah synced stock of Product ${id}`,
    actorName: 'Kwame Mensah',
    apiKeyName: null,
    organisations: [{ id: 'org-tema', name: 'Tema Pharma Distributors' }],
    createdAt: `2026-11-2${id % 10}T09:00:00.000Z`,
    refs: {},
    ...overrides,
  };
}

const page = (items: ActivityItem[], nextCursor: string | null, total: number): ActivityPage => ({
  items,
  nextCursor,
  total,
});

function renderList(path = '/supplier?tab=activity') {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/supplier',
        element: (
          <ActivityList orgId="org-tema" description="Your organisation" pinnedParams={{ tab: 'activity' }} />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user, router, queryClient, ...view };
}

/** The query strings GET /activity was called with, in order. */
function activityCalls(fetchMock: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => /\/activity(\?|$)/.test(url))
    .map((url) => new URL(url, 'http://localhost').searchParams);
}

afterEach(() => vi.restoreAllMocks());

describe('the activity list', () => {
  it('keeps each order or invoice number on one line, and the sentence whole', async () => {
    const sentence =
      'Esi Quaye recorded GH₵1,287.00 (Cheque) on invoice INV-2026-000184 from order PO-2026-000241';
    mockFetch({ 'GET /activity': () => json(page([item(1, { description: sentence })], null, 1)) });
    renderList();

    const row = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === sentence,
    );
    for (const number of ['INV-2026-000184', 'PO-2026-000241']) {
      expect(within(row).getByText(number)).toHaveClass('whitespace-nowrap');
    }
  });

  it('shows the filtered count and appends the next page on Load more', async () => {
    const fetchMock = mockFetch({
      'GET /activity': () => json(page([item(3), item(2)], 'cursor-2', 3)),
      'GET /activity?cursor=cursor-2': () => json(page([item(1)], null, 3)),
    });
    const { user } = renderList();

    expect(await screen.findByText('3 events')).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Kwame Mensah synced stock of Product 3', 'Kwame Mensah synced stock of Product 2']);
    expect(within(list).getAllByText('Stock synced')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent(
      'Kwame Mensah synced stock of Product 1',
    );
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(activityCalls(fetchMock).map((q) => q.get('cursor'))).toEqual([null, 'cursor-2']);
  });

  it('writes each filter to the URL, keeping the tab, and sends it to the API', async () => {
    const fetchMock = mockFetch({
      'GET /activity': () => json(page([item(1)], null, 1)),
      'GET /activity?type=order.drafted': () => json(page([item(4, { type: 'order.drafted' })], null, 1)),
      'GET /activity?type=order.drafted&from=2026-11-01': () => json(page([], null, 0)),
      'GET /activity?type=order.drafted&from=2026-11-01&to=2026-11-30': () => json(page([], null, 0)),
      'GET /activity?type=order.drafted&from=2026-11-01&to=2026-11-30&actor=kojo': () =>
        json(page([item(5, { type: 'order.drafted', actorName: 'Kojo Asamoah' })], null, 1)),
    });
    const { user, router } = renderList();
    expect(await screen.findByText('1 event')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'order.drafted');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=activity&type=order.drafted'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await user.type(screen.getByLabelText('Who'), 'kojo');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        tab: 'activity',
        type: 'order.drafted',
        from: '2026-11-01',
        to: '2026-11-30',
        actor: 'kojo',
      }),
    );
    expect(await screen.findByText('1 event')).toBeInTheDocument();
    const last = activityCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      type: 'order.drafted',
      from: '2026-11-01',
      to: '2026-11-30',
      actor: 'kojo',
    });
    // Typing is one read once it pauses, not one per key.
    expect(activityCalls(fetchMock).filter((q) => q.has('actor'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=activity'));
    expect(screen.getByLabelText('Who')).toHaveValue('');
  });

  it('says the trail is empty so far, not that filters hide it, when no filter is set', async () => {
    mockFetch({ 'GET /activity': () => json(page([], null, 0)) });
    renderList();
    expect(
      await screen.findByText(
        'No activity yet. Orders, stock, credit and staff changes appear here as they happen.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No activity matches these filters.')).not.toBeInTheDocument();
  });

  it('reads the filters from the URL on load, and does not send a range that ends before it starts', async () => {
    const fetchMock = mockFetch({
      'GET /activity?type=payment.recorded&actor=ama': () => json(page([], null, 0)),
    });
    const { router } = renderList('/supplier?tab=activity&type=payment.recorded&actor=ama');
    expect(await screen.findByText('No activity matches these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('payment.recorded');
    expect(screen.getByLabelText('Who')).toHaveValue('ama');

    await router.navigate('/supplier?tab=activity&from=2026-11-30&to=2026-11-01');
    expect(await screen.findByText('from must not be after to')).toBeInTheDocument();
    expect(activityCalls(fetchMock)).toHaveLength(1);
  });

  it('exports the same filters as CSV with the Bearer token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:activity');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const fetchMock = mockFetch({
        'GET /activity?type=staff.changed': () => json(page([item(1, { type: 'staff.changed' })], null, 1)),
        'GET /activity.csv?type=staff.changed': () =>
          new Response('\uFEFFat,type,actor,organisation,description,apiKey\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="activity.csv"',
            },
          }),
      });
      const { user } = renderList('/supplier?tab=activity&type=staff.changed');
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved).toEqual(['activity.csv']));
      const csv = fetchMock.mock.calls.find(([url]) => String(url).includes('/activity.csv'));
      expect(new Headers(csv?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
    } finally {
      URL.createObjectURL = realCreate;
      URL.revokeObjectURL = realRevoke;
      window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    }
  });
});
