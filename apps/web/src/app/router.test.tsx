import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { clearToken, TOKEN_STORAGE_KEY } from '../lib/auth-token';
import { json, mockFetch, pending, renderApp, sessionUser, signIn } from '../test/test-utils';
import { screenAt } from './router';

const FORBIDDEN = 'You do not have permission to view that area.';

describe('route guards', () => {
  it('sends a signed-out visitor of a protected page to /login', async () => {
    const fetchMock = mockFetch({});
    const { router } = renderApp('/customer/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Aduro' })).toBeInTheDocument();
    // No token, so the session check never runs.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the permission toast once and sends a customer opening /admin back to /customer', async () => {
    signIn(sessionUser({ userType: 'customer' }));
    const toastError = vi.spyOn(toast, 'error');
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer'));
    expect(await screen.findByRole('heading', { name: 'Marketplace' })).toBeInTheDocument();
    expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument();
    expect(toastError.mock.calls.filter(([message]) => message === FORBIDDEN)).toHaveLength(1);
    expect(screen.getAllByText(FORBIDDEN)).toHaveLength(1);
  });

  it('turns away a supplier without any supplier permission without looping back to /supplier', async () => {
    signIn(sessionUser({ userType: 'supplier', roles: [], permissions: [] }));
    const toastError = vi.spyOn(toast, 'error');
    const { router } = renderApp('/supplier');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manual'));
    expect(router.state.location.hash).toBe('#need-help');
    expect(toastError.mock.calls.filter(([message]) => message === FORBIDDEN)).toHaveLength(1);
  });

  it('opens /supplier for a supplier holding only manage_shipping, with the Shipping tab selected', async () => {
    const clerk = sessionUser({
      userType: 'supplier',
      roles: ['ShippingClerk'],
      permissions: ['manage_shipping'],
    });
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    mockFetch({
      'GET /auth/me': () => json(clerk),
      [`GET /orders/page?sellerId=${clerk.orgId}&status=RELEASED%2CSHIPPED&limit=20`]: () =>
        json({ items: [], nextCursor: null, total: 0 }),
      [`GET /orders?sellerId=${clerk.orgId}&status=AWAITING_CUSTOMER_APPROVAL`]: () => json([]),
    });
    renderApp('/supplier');
    const tablist = await screen.findByRole('tablist', { name: 'Supplier workspace' });
    const tabs = within(tablist).getAllByRole('tab');
    // Shipping staff read the controlled register too: what they dispatch is in it (issue 32).
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Shipping', 'Returns', 'Recalls', 'Controlled Register']);
    expect(within(tablist).getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No orders awaiting dispatch or delivery.')).toBeInTheDocument();
  });

  it('selects the first permitted supplier tab and lets the user switch', async () => {
    const supplier = sessionUser({
      userType: 'supplier',
      roles: ['Admin'],
      permissions: ['manage_inventory', 'manage_shipping', 'manage_credit', 'manage_users'],
    });
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    // The Inventory tab loads the organisation's stock as soon as it is selected.
    mockFetch({
      'GET /auth/me': () => json(supplier),
      'GET /inventory/totals': () => json({ lots: 0, unitsOnHand: 0, value: 0, lotsAtRisk: 0 }),
      'GET /inventory/page?limit=50': () => json({ items: [], nextCursor: null, total: 0 }),
      'GET /org/users/page?limit=50': () => json({ items: [], nextCursor: null, total: 0 }),
      'GET /org/users/roles': () => json([]),
      'GET /org/settings': () =>
        json({
          paymentTerms: 'Net 30',
          supportedPaymentMethods: ['mobile_money'],
          defaultPaymentMethod: 'mobile_money',
          supportsCredit: true,
          defaultLeadTimeDays: 2,
        }),
    });
    const { user } = renderApp('/supplier');
    expect(await screen.findByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByText('No inventory data yet. Push your first stock update to activate analytics.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Users & Roles' }));
    expect(screen.getByRole('tab', { name: 'Users & Roles' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Trading terms' })).toBeInTheDocument();
  });

  it('warns a supplier whose organisation is still pending review', async () => {
    signIn(
      sessionUser({
        userType: 'supplier',
        organizationActive: false,
        roles: ['Admin'],
        permissions: ['manage_inventory'],
      }),
    );
    renderApp('/supplier');
    expect(await screen.findByRole('alert')).toHaveTextContent('pending review');
  });

  it('admits a platform user with manage_platform to /admin', async () => {
    signIn(sessionUser({ userType: 'platform', roles: ['PlatformAdmin'], permissions: ['manage_platform'] }));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Governance analytics' })).toBeInTheDocument();
    expect(screen.getByText('92/100')).toBeInTheDocument();
  });

  it("shows 'Checking access' while /auth/me has not answered", async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    mockFetch({ 'GET /auth/me': () => pending() });
    renderApp('/customer');
    expect(await screen.findByRole('status')).toHaveTextContent('Checking access');
    expect(screen.queryByRole('heading', { name: 'Marketplace' })).not.toBeInTheDocument();
  });

  it('clears the token without a toast when /auth/me fails, leaving the user signed out', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    mockFetch({ 'GET /auth/me': () => json({ message: 'Your session has expired' }, 401) });
    const toastError = vi.spyOn(toast, 'error');
    const { router } = renderApp('/customer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByText('Your session has expired')).not.toBeInTheDocument();
  });

  // No answer is no verdict on the token: the user stays signed in for the next check (lib/offline).
  it.each([
    {
      why: 'gets no answer at all (the connection is down)',
      answer: () => Promise.reject(new TypeError('Failed to fetch')),
    },
    {
      why: 'is cut off after its headers (the page is being left, the connection dropped)',
      answer: () =>
        new Response(
          new ReadableStream({ start: (controller) => controller.error(new TypeError('network error')) }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    },
    {
      why: 'is cancelled by the browser itself (as it does to the requests of a page being left)',
      answer: () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    },
  ])('keeps the token when /auth/me $why, so the user stays signed in', async ({ answer }) => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    let asked = 0;
    mockFetch({
      'GET /auth/me': () => {
        asked += 1;
        return answer();
      },
    });
    const { router } = renderApp('/customer');
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    // Settled: the guard has given up waiting, and the token is still there for the next check.
    await waitFor(() => expect(screen.queryByLabelText('Checking access')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-1');
  });

  it('clears the token when /auth/me answers with a body that breaks the contract', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    mockFetch({ 'GET /auth/me': () => json({ id: 'user-1' }) });
    const { router } = renderApp('/customer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends a signed-in user visiting /login to their home route', async () => {
    signIn(sessionUser({ userType: 'supplier', roles: ['Admin'], permissions: ['manage_inventory'] }));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/supplier'));
  });

  it('redirects an unknown path to /customer', async () => {
    signIn();
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer'));
  });

  it('keeps /manual public', async () => {
    mockFetch({});
    renderApp('/manual');
    expect(await screen.findByRole('heading', { name: 'How to use Aduro' })).toBeInTheDocument();
    for (const id of [
      'getting-started',
      'customer-journey',
      'supplier-journey',
      'admin-journey',
      'need-help',
    ]) {
      expect(document.getElementById(id)).not.toBeNull();
      expect(document.querySelector(`a[href="#${id}"]`)).not.toBeNull();
    }
  });
});

describe('app shell', () => {
  it('shows only the Customer Hub tab and Sign in when signed out', async () => {
    mockFetch({});
    renderApp('/manual');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Customer Hub', 'Manual']);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('shows the tabs the signed-in user may open', async () => {
    signIn(sessionUser({ userType: 'platform', roles: ['PlatformAdmin'], permissions: ['manage_platform'] }));
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Admin', 'Manual']),
    );
  });

  it("signing out clears the token and the cache, toasts 'Signed out' and goes to /login", async () => {
    signIn();
    const { router, user, queryClient } = renderApp('/customer');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // Mounted observers may re-create empty entries; none may still hold the previous user's data.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.data !== undefined),
    ).toEqual([]);
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
  });
});

describe('session end', () => {
  it('drops every cached answer when the token disappears outside a sign-out', async () => {
    signIn();
    const { router, queryClient } = renderApp('/customer');
    await screen.findByRole('heading', { name: 'Marketplace' });
    queryClient.setQueryData(['cart'], { items: [{ id: 'line-1' }] });

    act(() => clearToken());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.data !== undefined),
      ).toEqual([]),
    );
  });
});

describe('the screen a visit opens on', () => {
  it('is found from the route table, trailing slash or not, with who may download it early', () => {
    expect(screenAt('/login')).toMatchObject({ signedIn: false });
    expect(screenAt('/customer/orders/')).toMatchObject({ signedIn: true });
    expect(screenAt('/supplier')).toMatchObject({ signedIn: true });
    // The hub and its cart are different chunks: the deepest route's screen is the one opened.
    expect(screenAt('/customer/cart')!.preload).not.toBe(screenAt('/customer')!.preload);
  });

  it('is none where the table redirects (the home page, an unknown path)', () => {
    expect(screenAt('/')).toBeUndefined();
    expect(screenAt('/nowhere')).toBeUndefined();
  });
});
