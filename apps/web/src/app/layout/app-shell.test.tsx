import { LIVE_CONTROL, AFTER_HEADER } from '@aduro/shared/events';
import type { Order } from '@aduro/shared/orders';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../lib/auth-token';
import { controlFrame, eventFrame, sseStream } from '../../lib/live/sse-test-stream';
import { ACCESS_REMOVED_MESSAGE } from '../../lib/live/use-live-updates';
import { json, mockFetch, orderFixture, renderApp, sessionUser } from '../../test/test-utils';

const ORG = 'org-1';

function order(estimatedDeliveryDate: string): Order {
  return orderFixture({
    id: '5b0c2d7e-9f1a-4c3b-8d2e-1a2b3c4d5e6f',
    number: 'PO-2026-0042',
    product: { id: 'product-1', name: 'Amoxicillin 500 mg capsules', medicineClass: 'A', controlled: null },
    seller: { id: 'sup-tema', name: 'Tema Pharma Distributors', location: 'Tema', phoneNumber: null },
    buyer: { id: ORG, name: 'AccraCare Pharmacy', location: 'Accra' },
    unitPrice: 104.5,
    totalQuantity: 20,
    totalCost: 2090,
    createdAt: '2026-11-20T10:00:00.000Z',
    approvedAt: '2026-11-20T11:00:00.000Z',
    drops: [
      {
        id: 'drop-1',
        sequence: 1,
        addressName: 'Osu branch',
        address: '12 Oxford Street, Osu',
        contactName: null,
        contactPhone: null,
        quantity: 20,
        status: 'Awaiting Dispatch',
        trackingNumber: null,
        estimatedDeliveryDate,
        shippedAt: null,
        deliveredAt: null,
        cancelledAt: null,
        batches: [],
        recalls: [],
      },
    ],
  });
}

/**
 * A signed-in buyer on the orders page, with the live stream answered by a fresh SSE stream per
 * attempt (StrictMode opens, closes and reopens the connection; a response body is read only once).
 */
function buyerOnOrdersPage() {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const server = { orders: [order('2026-11-27')] };
  const streams: ReturnType<typeof sseStream>[] = [];
  const fetchMock = mockFetch({
    'GET /auth/me': () => json(sessionUser({ orgId: ORG })),
    'GET /orders/page?buyerId=org-1&limit=20': () =>
      json({ items: server.orders, nextCursor: null, total: server.orders.length }),
    'GET /orders?buyerId=org-1&status=AWAITING_CUSTOMER_APPROVAL%2CRELEASED%2CSHIPPED': () =>
      json(server.orders),
    'GET /events': () => {
      const stream = sseStream();
      streams.push(stream);
      return stream.response;
    },
  });
  const view = renderApp('/customer/orders');
  /** The stream of the connection that is still open. */
  const stream = () => {
    const last = streams.at(-1);
    if (!last) throw new Error('no live stream opened yet');
    return last;
  };
  return { ...view, server, fetchMock, stream };
}

describe('live screens', () => {
  it("a drop moved by the supplier changes the buyer's orders page, read after that event", async () => {
    const { server, fetchMock, stream } = buyerOnOrdersPage();
    expect(await screen.findByText(/ETA 27 Nov 2026/)).toBeInTheDocument();
    await waitFor(() => stream().write(controlFrame(LIVE_CONTROL.ready)));
    expect(await screen.findByText('Live')).toBeInTheDocument();

    server.orders = [order('2026-12-02')];
    stream().write(eventFrame(31, 'drop.moved', { dropId: '0e6f5b1a-2c3d-4e5f-8a9b-0c1d2e3f4a5b' }));
    expect(await screen.findByText(/ETA 2 Dec 2026/)).toBeInTheDocument();

    // The refetch names the event, so a replica that has not heard of it yet waits rather than answer stale.
    const refetch = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/orders/page?buyerId=org-1&limit=20'))
      .at(-1);
    expect(new Headers(refetch?.[1]?.headers).get(AFTER_HEADER)).toBe('31');
  });

  it('signs out a user whose last access was removed, saying why', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { router, stream } = buyerOnOrdersPage();
    await screen.findByText(/ETA 27 Nov 2026/);
    await waitFor(() => stream().write(controlFrame(LIVE_CONTROL.ready)));
    await screen.findByText('Live');

    stream().write(controlFrame(LIVE_CONTROL.signedOut));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toastError).toHaveBeenCalledWith(ACCESS_REMOVED_MESSAGE, { id: 'access-removed' });
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
  });

  it('opens no live connection and shows no indicator for a signed-out visitor', async () => {
    const fetchMock = mockFetch({});
    const { router } = renderApp('/manual');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manual');
    expect(screen.queryByText(/^(Live|Connecting…|Reconnecting…|Offline)$/)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
