import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, authForm, chooseType, expectPath, signIn } from './support';

/** A common phone: 390 x 844 CSS pixels, touch, the page's own viewport meta honoured. */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

/** Whole inside the first screen: seen and reachable without scrolling in either direction. */
async function expectOnFirstScreen(element: Locator, what: string) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box, `${what} has a box`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(
    { left: x >= 0, top: y >= 0, right: x + width <= PHONE.width, bottom: y + height <= PHONE.height },
    `${what} at x ${x.toFixed(0)}, y ${y.toFixed(0)}, ${width.toFixed(0)} x ${height.toFixed(0)} on a ${PHONE.width} x ${PHONE.height} screen`,
  ).toEqual({ left: true, top: true, right: true, bottom: true });
}

async function expectNoSidewaysScroll(page: Page, screen: string) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect.soft(widths, `${screen} is wider than the phone`).toEqual({
    document: PHONE.width,
    body: PHONE.width,
  });
}

interface Me {
  name: string;
  organizationName: string | null;
  orgId: string | null;
}

async function currentUser(page: Page): Promise<Me> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Me;
}

/** Who is signed in, and for which organisation, readable in the top bar on the first screen. */
async function expectIdentityInTopBar(page: Page, me: Me, screen: string) {
  const bar = page.getByRole('banner');
  const checks = [me.name, me.organizationName].filter((text): text is string => Boolean(text));
  for (const text of checks) {
    // Ends with the text: a screen reader's 'Signed in as' may come before the name. In the viewport
    // implies shown: a hidden element has no box to intersect it.
    const shown = bar.getByText(new RegExp(`(^|\\s)${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect.soft(shown, `${screen}: '${text}' shows in the top bar`).toBeInViewport();
  }
}

/** Every visible one-line field's placeholder fits inside it: a hint cut mid-word ('Name or bra') hints at nothing. */
async function expectWholePlaceholders(page: Page, screen: string) {
  const cut = await page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!;
    return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')]
      .filter((input) => input.getClientRects().length > 0)
      .filter((input) => {
        const style = getComputedStyle(input);
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width > room + 1;
      })
      .map((input) => input.placeholder);
  });
  expect.soft(cut, `${screen}: placeholders cut off`).toEqual([]);
}

/** SPEC §2: the top bar names the current path; on a phone all of it, not '/custo…'. */
async function expectWholePathInTopBar(page: Page, path: string) {
  const tag = page.getByRole('banner').getByTitle('Current page');
  await expect.soft(tag, `${path}: the path shows in the top bar`).toBeInViewport();
  await expect.soft(tag).toHaveText(`Current page: ${path}`);
  const clipped = await tag.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );
  expect.soft(clipped, `${path}: the top bar's path is cut off`).toBe(false);
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `GET /api${path}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * The customer area's own navigation on a phone: the bar at the bottom of the first screen, the current
 * page marked, the counts the API gives (orders awaiting approval, cart lines), every label whole, and
 * nothing of the page left underneath it once scrolled to the end.
 */
async function expectCustomerNav(page: Page, me: Me, path: string) {
  const nav = page.getByRole('navigation', { name: 'Customer area' });
  await expectOnFirstScreen(nav, `${path}: the customer area's bar`);
  const current = nav.locator('a[aria-current="page"]');
  await expect(current, `${path}: the current page is marked`).toHaveCount(1);
  await expect(current).toHaveAttribute('href', path);

  const awaiting = (
    await apiGet<{ total: number }>(
      page,
      `/orders/page?buyerId=${me.orgId}&status=AWAITING_CUSTOMER_APPROVAL&limit=1`,
    )
  ).total;
  const lines = (await apiGet<{ items: unknown[] }>(page, '/cart')).items.length;
  await expect(
    nav.getByRole('link', {
      name: awaiting ? `Orders, ${awaiting} awaiting approval` : 'Orders',
      exact: true,
    }),
  ).toBeVisible();
  await expect(
    nav.getByRole('link', {
      name: lines ? `Cart, ${lines} ${lines === 1 ? 'line' : 'lines'}` : 'Cart',
      exact: true,
    }),
  ).toBeVisible();
  for (const name of ['Hub', 'Credit & invoices']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // Four destinations side by side, none cut: each label fits its column.
  const cut = await nav
    .locator('a > span:not([aria-hidden])')
    .evaluateAll((labels) =>
      labels
        .filter(
          (label) => label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().height > 30,
        )
        .map((label) => label.textContent),
    );
  expect.soft(cut, `${path}: labels of the customer area's bar cut or crowded`).toEqual([]);

  // Scrolled to the end, the page's last line (the footer's help link) shows above the bar, not under it.
  // A list loads more as its end comes up (the orders page): scroll to the end on every try until every
  // page is in (no 'Load more' foot is left, components/ui/load-more.tsx) and the footer is in view.
  const help = page.getByRole('contentinfo').getByRole('link', { name: 'Need help?' });
  const moreToLoad = page.getByRole('button', { name: /^Load(ing)? more/ });
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        if ((await moreToLoad.count()) > 0) return false;
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return help.evaluate((link) => {
          const box = link.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
      },
      { message: `${path}: the page never reached its end with the footer in view`, timeout: 90_000 },
    )
    .toBe(true);
  const [helpBox, navBox] = [await help.boundingBox(), await nav.boundingBox()];
  expect
    .soft(helpBox!.y + helpBox!.height, `${path}: the footer lies under the bar`)
    .toBeLessThanOrEqual(navBox!.y);
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe('phone (390 x 844)', () => {
  for (const type of ['customer', 'supplier', 'platform'] as const) {
    test(`/login: signing in as ${type} needs no scrolling: the fields and Sign in are on the first screen`, async ({
      page,
    }) => {
      await page.goto('/login');
      await chooseType(page, type);
      const form = authForm(page);
      // Scrolled to the top as the page loads: nothing may rely on the browser having scrolled.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectOnFirstScreen(form.getByLabel('Email', { exact: true }), 'the Email field');
      await expectOnFirstScreen(form.getByLabel('Password', { exact: true }), 'the Password field');
      await expectOnFirstScreen(form.getByRole('button', { name: 'Sign in' }), 'the Sign in button');
      await expectNoSidewaysScroll(page, `/login as ${type}`);
    });
  }

  const AREAS = [
    {
      kind: 'customer' as const,
      email: ACCOUNTS.customer,
      screens: [
        { path: '/customer', heading: 'Marketplace' },
        { path: '/customer/cart', heading: 'Procurement workspace' },
        { path: '/customer/orders', heading: 'Order orchestration' },
        { path: '/customer/rfqs', heading: 'Quotes from several suppliers' },
        { path: '/customer/credit', heading: 'Manage credit facilities' },
      ],
      tabs: [] as string[],
    },
    {
      kind: 'supplier' as const,
      email: ACCOUNTS.supplier,
      screens: [{ path: '/supplier', heading: /cockpit$/ }],
      tabs: [
        'Inventory',
        'Quotes',
        'Shipping',
        'Credit Applications',
        'Users & Roles',
        'Returns',
        'Recalls',
        'Activity',
      ],
    },
    {
      kind: 'platform' as const,
      email: ACCOUNTS.platform,
      screens: [{ path: '/admin', heading: 'Platform command centre' }],
      tabs: [] as string[],
    },
  ];

  for (const area of AREAS) {
    test(`signed in as ${area.kind}: no screen scrolls sideways or cuts a placeholder, the top bar names the user, the organisation and the whole path${area.kind === 'customer' ? ", and the customer area's bar leads to each screen" : ''}`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await signIn(page, area.email, area.kind);
      await expectPath(page, area.screens[0]!.path);
      const me = await currentUser(page);

      for (const screen of area.screens) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await expectNoSidewaysScroll(page, screen.path);
        await expectIdentityInTopBar(page, me, screen.path);
        await expectWholePathInTopBar(page, screen.path);
        await expectWholePlaceholders(page, screen.path);
        if (area.kind === 'customer') await expectCustomerNav(page, me, screen.path);
      }
      for (const name of area.tabs) {
        const tab = page.getByRole('tab', { name, exact: true });
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expectNoSidewaysScroll(page, `/supplier ${name} tab`);
        await expectWholePlaceholders(page, `/supplier ${name} tab`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectIdentityInTopBar(page, me, `/supplier ${name} tab`);
      }
      // What the phone showed last, for whoever reads a failure.
      await test.info().attach(`${area.kind}-last-screen`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
    });
  }
});
