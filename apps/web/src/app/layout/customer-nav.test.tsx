import { LIVE_CONTROL } from '@aduro/shared/events';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartItem, cartOf } from '../../features/cart/testing/fixtures';
import { TOKEN_STORAGE_KEY } from '../../lib/auth-token';
import { controlFrame, eventFrame, sseStream } from '../../lib/live/sse-test-stream';
import { json, mockFetch, renderApp, sessionUser } from '../../test/test-utils';

const AWAITING = 'GET /orders/page?buyerId=org-1&status=AWAITING_CUSTOMER_APPROVAL&limit=1';

/** A buyer with `awaiting` drafts to approve and `lines` cart lines, both of which the test may change. */
function buyer(server: { awaiting: number; lines: number }) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const streams: ReturnType<typeof sseStream>[] = [];
  mockFetch({
    'GET /auth/me': () => json(sessionUser({ orgId: 'org-1' })),
    [AWAITING]: () => json({ items: [], nextCursor: null, total: server.awaiting }),
    'GET /cart': () => json(cartOf(Array.from({ length: server.lines }, () => cartItem()))),
    'GET /events': () => {
      const stream = sseStream();
      streams.push(stream);
      return stream.response;
    },
  });
  const stream = () => {
    const last = streams.at(-1);
    if (!last) throw new Error('no live stream opened yet');
    return last;
  };
  return { stream };
}

const areaNav = () => screen.getByRole('navigation', { name: 'Customer area' });

describe('customer area navigation', () => {
  it('shows Hub, Orders with the drafts awaiting approval, RFQs, Cart with its lines, Credit & invoices and Licence', async () => {
    buyer({ awaiting: 2, lines: 3 });
    renderApp('/customer/cart');
    const nav = within(await screen.findByRole('navigation', { name: 'Customer area' }));
    expect(await nav.findByRole('link', { name: 'Orders, 2 awaiting approval' })).toHaveAttribute(
      'href',
      '/customer/orders',
    );
    expect(await nav.findByRole('link', { name: 'Cart, 3 lines' })).toHaveAttribute('href', '/customer/cart');
    expect(nav.getByRole('link', { name: 'Hub' })).toHaveAttribute('href', '/customer');
    expect(nav.getByRole('link', { name: 'RFQs' })).toHaveAttribute('href', '/customer/rfqs');
    expect(nav.getByRole('link', { name: 'Credit & invoices' })).toHaveAttribute('href', '/customer/credit');
    expect(nav.getByRole('link', { name: 'Licence' })).toHaveAttribute('href', '/customer/licence');
    expect(
      nav.getAllByRole('link').map((link) => link.getAttribute('aria-label') ?? link.textContent),
    ).toEqual([
      'Hub',
      'Orders, 2 awaiting approval',
      'RFQs',
      'Cart, 3 lines',
      'Credit & invoices',
      'Licence',
    ]);
  });

  it('marks the current page, and only it, on each customer screen', async () => {
    buyer({ awaiting: 0, lines: 0 });
    const { router } = renderApp('/customer/cart');
    for (const [path, name] of [
      ['/customer/cart', 'Cart'],
      ['/customer', 'Hub'],
      ['/customer/orders', 'Orders'],
      ['/customer/rfqs', 'RFQs'],
      ['/customer/credit', 'Credit & invoices'],
      ['/customer/licence', 'Licence'],
    ] as const) {
      await router.navigate(path);
      await waitFor(() =>
        expect(within(areaNav()).getByRole('link', { current: 'page' })).toHaveAccessibleName(name),
      );
      expect(within(areaNav()).getAllByRole('link', { current: false })).toHaveLength(5);
    }
  });

  it('shows no count where there is nothing to approve and nothing in the cart', async () => {
    buyer({ awaiting: 0, lines: 0 });
    renderApp('/customer/cart');
    const nav = within(await screen.findByRole('navigation', { name: 'Customer area' }));
    await screen.findByText(/Your cart is empty|cart is empty/i);
    expect(nav.getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });

  it('is reached and followed with the keyboard', async () => {
    buyer({ awaiting: 1, lines: 0 });
    const { router, user } = renderApp('/customer/cart');
    const orders = await within(await screen.findByRole('navigation', { name: 'Customer area' })).findByRole(
      'link',
      { name: 'Orders, 1 awaiting approval' },
    );
    // The area's links come first after the top bar and the skip link: Tab until one has focus.
    for (let presses = 0; presses < 30 && document.activeElement !== orders; presses += 1) await user.tab();
    expect(orders).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/orders'));
  });

  it('counts again when the live stream says orders or the cart changed', async () => {
    const server = { awaiting: 0, lines: 1 };
    const { stream } = buyer(server);
    renderApp('/customer/cart');
    const nav = within(await screen.findByRole('navigation', { name: 'Customer area' }));
    expect(await nav.findByRole('link', { name: 'Cart, 1 line' })).toBeInTheDocument();
    await waitFor(() => stream().write(controlFrame(LIVE_CONTROL.ready)));

    // A supplier's colleague drafted an order for this buyer from another device.
    server.awaiting = 1;
    stream().write(eventFrame(41, 'order.drafted', {}));
    expect(await nav.findByRole('link', { name: 'Orders, 1 awaiting approval' })).toBeInTheDocument();

    // Another tab of the same buyer added two lines.
    server.lines = 3;
    stream().write(eventFrame(42, 'cart.changed', {}));
    expect(await nav.findByRole('link', { name: 'Cart, 3 lines' })).toBeInTheDocument();
  });
});
