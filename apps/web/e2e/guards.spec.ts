import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, signJwt, toast, withStoredToken } from './support';

const PERMISSION_TOAST = 'You do not have permission to view that area.';

test.describe('route guards', () => {
  test('a signed-out visitor is sent to /login from every protected area', async ({ page }) => {
    for (const path of [
      '/customer',
      '/customer/cart',
      '/customer/orders',
      '/customer/credit',
      '/supplier',
      '/admin',
    ]) {
      await page.goto(path);
      await expectPath(page, '/login');
    }
    // Public pages stay public.
    await page.goto('/manual');
    await expectPath(page, '/manual');
    for (const anchor of [
      'getting-started',
      'customer-journey',
      'supplier-journey',
      'admin-journey',
      'need-help',
    ]) {
      await expect(page.locator(`#${anchor}`)).toBeVisible();
    }
  });

  test('any other path redirects to /customer', async ({ page }) => {
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');
    await page.goto('/no/such/page');
    await expectPath(page, '/customer');
  });

  test('a customer opening /admin gets the permission toast once and returns to /customer', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');
    await page.goto('/admin');
    await expectPath(page, '/customer');
    await expect(toast(page, PERMISSION_TOAST)).toHaveCount(1);
  });

  test('a supplier opening the customer area returns to /supplier; a platform user opening /supplier returns to /admin', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.supplier, 'supplier');
    await expectPath(page, '/supplier');
    await page.goto('/customer/orders');
    await expectPath(page, '/supplier');
    await expect(toast(page, PERMISSION_TOAST)).toHaveCount(1);

    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, ACCOUNTS.platform, 'platform');
    await expectPath(page, '/admin');
    await page.goto('/supplier');
    await expectPath(page, '/admin');
    await expect(toast(page, PERMISSION_TOAST)).toHaveCount(1);
  });

  test('a signed-in user opening /login goes to their home route', async ({ page }) => {
    await signIn(page, ACCOUNTS.platform, 'platform');
    await expectPath(page, '/admin');
    await page.goto('/login');
    await expectPath(page, '/admin');
  });

  test('a supplier without manage_users sees only the tabs its roles allow', async ({ page }) => {
    await signIn(page, ACCOUNTS.shippingClerk, 'supplier');
    await expectPath(page, '/supplier');
    await expect(page.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Users & Roles' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Inventory' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Credit Applications' })).toHaveCount(0);

    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, ACCOUNTS.supplier, 'supplier');
    await expect(page.getByRole('tab', { name: 'Users & Roles' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
  });

  test("shows 'Checking access' while the session is being checked", async ({ page }) => {
    const now = Math.floor(Date.now() / 1000);
    await withStoredToken(
      page,
      signJwt({ sub: '00000000-0000-4000-8000-000000000001', iat: now, exp: now + 3600 }),
    );
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/customer');
    await expect(page.getByText('Checking access')).toBeVisible();
    release();
    await expectPath(page, '/login');
  });

  for (const [label, payload] of [
    ['an expired token', { sub: 'user', expired: true }],
    ['a forged token', { sub: 'user', forged: true }],
    ["a removed user's token", { sub: '00000000-0000-4000-8000-00000000dead' }],
  ] as const) {
    test(`${label} is cleared silently and the visitor is sent to /login`, async ({ page, request }) => {
      const login = await request.post('/api/auth/login', {
        data: { email: ACCOUNTS.customer, password: 'demo1234', userType: 'customer' },
      });
      const userId = (await login.json()).user.id as string;
      const now = Math.floor(Date.now() / 1000);
      const sub = payload.sub === 'user' ? userId : payload.sub;
      const token =
        'expired' in payload
          ? signJwt({ sub, iat: now - 7200, exp: now - 3600 })
          : 'forged' in payload
            ? signJwt({ sub, iat: now, exp: now + 3600 }, 'not-the-server-secret-but-long-enough-0000')
            : signJwt({ sub, iat: now, exp: now + 3600 });
      await withStoredToken(page, token);
      await page.goto('/customer/orders');
      await expectPath(page, '/login');
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
      // The init script puts the token back on each load, so read it before any reload.
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    });
  }
});

test.describe('app shell', () => {
  test('tabs follow the user type, the breadcrumb follows the path, and the syncing pill shows while busy', async ({
    page,
  }) => {
    await page.goto('/login');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Customer Hub' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Supplier Hub' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    // Hold the sign-in request so the global syncing indicator has time to show.
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await expect(page.getByText('Updating the latest marketplace data')).toBeVisible();
    await expectPath(page, '/customer');
    await expect(main.getByRole('link', { name: 'Customer Hub' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Manual' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);

    await page.goto('/customer/orders');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/customer');
    await expect(crumbs).toContainText('orders');
  });

  test('dialogs, toasts and pages render at phone width too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ACCOUNTS.supplier, 'supplier');
    await expectPath(page, '/supplier');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
