import type { Order } from '@aduro/shared/orders';
import { LIVE_CONTROL } from '@aduro/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { controlFrame, eventFrame, sseStream } from '../../../lib/live/sse-test-stream';
import { json, mockFetch, orderFixture, renderApp, sessionUser } from '../../../test/test-utils';
import { notification, page } from '../testing/fixtures';

const ORDER_ID = '33333333-0000-4000-8000-000000000001';
const FIRST_PAGE = 'GET /notifications?limit=20';

const noContent = () => new Response(null, { status: 204 });

/** A signed-in user on a screen with no data of its own, so only the bell's reads are in play. */
function signedIn(handlers: Parameters<typeof mockFetch>[0], user = sessionUser()) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const fetchMock = mockFetch({ 'GET /auth/me': () => json(user), ...handlers });
  return { fetchMock };
}

async function openPanel(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

const order = (): Order => orderFixture({ id: ORDER_ID });

describe('NotificationBell', () => {
  it('names the unread count on the bell and caps its badge at 99+', async () => {
    signedIn({ [FIRST_PAGE]: () => json(page([notification()], { unreadCount: 120 })) });
    renderApp('/manual');
    const bell = await screen.findByRole('button', { name: 'Notifications, 120 unread' });
    expect(bell).toHaveTextContent('99+');
  });

  it('lists the notifications, unread ones bold with a dot, and loads older pages on demand', async () => {
    const unread = notification({ title: 'Order PO-2026-000042 released' });
    const read = notification({
      title: 'Drop 1 of order PO-2026-000031 delivered',
      readAt: '2026-11-23T08:00:00.000Z',
    });
    const older = notification({ title: 'Credit decisions', readAt: '2026-11-01T08:00:00.000Z' });
    signedIn({
      [FIRST_PAGE]: () => json(page([unread, read], { nextCursor: 'cursor-2' })),
      'GET /notifications?limit=20&cursor=cursor-2': () => json(page([older], { unreadCount: 1 })),
    });
    const { user } = renderApp('/manual');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const panel = await openPanel(user);

    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const list = within(panel).getByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName('Unread: Order PO-2026-000042 released');
    expect(links[0]).toHaveAccessibleDescription(/^Tema Pharma Distributors released order/);
    expect(within(links[0]!).getByText('Order PO-2026-000042 released')).toHaveClass('font-semibold');
    expect(links[1]).toHaveAccessibleName('Drop 1 of order PO-2026-000031 delivered');
    expect(links[0]).toHaveAttribute('href', `/customer/orders?order=${ORDER_ID}`);

    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: /^Credit decisions/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when there are no notifications, with nothing to mark read', async () => {
    signedIn({ [FIRST_PAGE]: () => json(page([])) });
    const { user } = renderApp('/manual');
    const panel = await openPanel(user);
    expect(await within(panel).findByText('You have no notifications yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    // Behind the open panel, the bell is hidden from assistive technology but still says there is nothing new.
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
  });

  it('opening a notification reads it, closes the panel and lands on its order, marked', async () => {
    const released = notification({ link: `/customer/orders?order=${ORDER_ID}` });
    let server = page([released]);
    let readPath: string | undefined;
    signedIn({
      [FIRST_PAGE]: () => json(server),
      [`POST /notifications/${released.id}/read`]: (_init, url) => {
        readPath = url;
        server = page([{ ...released, readAt: '2026-11-24T11:00:00.000Z' }]);
        return noContent();
      },
      // The orders page: its first page of cards, and the live orders its counters read.
      'GET /orders/page?buyerId=org-1&limit=20': () => json({ items: [order()], nextCursor: null, total: 1 }),
      'GET /orders?buyerId=org-1&status=AWAITING_CUSTOMER_APPROVAL%2CRELEASED%2CSHIPPED': () =>
        json([order()]),
    });
    const { user, router } = renderApp('/manual');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('link', { name: /Order PO-2026-000042 released/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/orders'));
    expect(router.state.location.search).toBe(`?order=${ORDER_ID}`);
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(readPath).toMatch(new RegExp(`/api/notifications/${released.id}/read$`));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    const card = await screen.findByRole('region', { name: 'Amoxicillin 500 mg capsules, PO-2026-000042' });
    expect(card).toHaveAttribute('aria-current', 'true');
    expect(card).toHaveAttribute('id', `order-${ORDER_ID}`);
  });

  it('marks every notification read at once', async () => {
    let server = page([notification(), notification()]);
    signedIn({
      [FIRST_PAGE]: () => json(server),
      'POST /notifications/read-all': () => {
        server = page(server.items.map((n) => ({ ...n, readAt: '2026-11-24T11:00:00.000Z' })));
        return noContent();
      },
    });
    const { user } = renderApp('/manual');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const panel = await openPanel(user);
    expect(within(panel).getByText('2 unread')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await within(panel).findByText('All caught up')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /^Unread:/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
  });

  it('counts a new notification as soon as the live feed says notifications were added', async () => {
    let server = page([]);
    const streams: ReturnType<typeof sseStream>[] = [];
    signedIn({
      [FIRST_PAGE]: () => json(server),
      'GET /events': () => {
        const stream = sseStream();
        streams.push(stream);
        return stream.response;
      },
    });
    renderApp('/manual');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => streams.at(-1)!.write(controlFrame(LIVE_CONTROL.ready)));
    expect(await screen.findByText('Live')).toBeInTheDocument();

    server = page([notification({ title: 'New order PO-2026-000050 awaiting approval' })]);
    streams.at(-1)!.write(eventFrame(41, 'notifications.added'));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveTextContent('1');
  });

  it('a notification for the supplier opens the cockpit tab it names, again after the user picked another', async () => {
    const supplier = sessionUser({
      userType: 'supplier',
      orgId: 'org-tema',
      organizationName: 'Tema Pharma Distributors',
      roles: ['Admin'],
      permissions: ['manage_inventory', 'manage_shipping', 'manage_credit', 'manage_users'],
    });
    const drafted = notification({
      type: 'order.drafted',
      title: 'New order PO-2026-000050 awaiting approval',
      link: `/supplier?tab=shipping&order=${ORDER_ID}`,
      readAt: '2026-11-24T11:00:00.000Z',
    });
    signedIn(
      {
        [FIRST_PAGE]: () => json(page([drafted])),
        'GET /inventory/totals': () => json({ lots: 0, unitsOnHand: 0, value: 0, lotsAtRisk: 0 }),
        'GET /inventory/page?limit=50': () => json({ items: [], nextCursor: null, total: 0 }),
        // The shipping tab: the first page of outgoing orders, and the drafts awaiting approval.
        'GET /orders/page?sellerId=org-tema&status=RELEASED%2CSHIPPED&limit=20': () =>
          json({ items: [], nextCursor: null, total: 0 }),
        'GET /orders?sellerId=org-tema&status=AWAITING_CUSTOMER_APPROVAL': () => json([]),
      },
      supplier,
    );
    const { user, router } = renderApp('/supplier');
    expect(await screen.findByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(await openPanel(user)).getByRole('link', { name: /PO-2026-000050/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?tab=shipping&order=${ORDER_ID}`));
    expect(screen.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No orders awaiting dispatch or delivery.')).toBeInTheDocument();

    // The user's own choice wins until a link names a tab again.
    await user.click(screen.getByRole('tab', { name: 'Inventory' }));
    expect(screen.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(await openPanel(user)).getByRole('link', { name: /PO-2026-000050/ }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true'),
    );
  });
});
