import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

/**
 * Suppliers with demo drafts from AccraCare awaiting approval, each with its Admin's account. Accra
 * Medilink first: no other journey ships for it. Tema's drafts are the fallback for a retry, whose first
 * attempt may have approved Accra Medilink's; prepaid ones only, so no journey's credit line moves.
 */
const SUPPLIERS = [
  { name: 'Accra Medilink Importers', admin: 'admin@accra-medilink.demo' },
  { name: 'Tema Pharma Distributors', admin: ACCOUNTS.supplier },
] as const;

/** The notification is written by a background job a moment after the change, then reaches the bell live. */
const NOTIFIED = { timeout: 30_000 };

async function as(browser: Browser, email: string, userType: 'customer' | 'supplier') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/supplier');
  // From here on, changes reach this screen without a reload.
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('Live');
  // Still there at the end, this mark proves nothing reloaded the page on the way.
  await page.evaluate(() => Object.assign(window, { notificationsJourneyMark: true }));
  return { page, problems, close: () => context.close() };
}

const stillTheSameDocument = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { notificationsJourneyMark?: boolean }).notificationsJourneyMark === true,
  );

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** The unread count the bell's name carries ("Notifications, 3 unread"), 0 when it names none. */
async function unread(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(label)?.[1] ?? 0);
}

/**
 * The count once the bell has read it: the panel shows its list or its empty state only then. Closed
 * again, so what follows is seen on the bell itself.
 */
async function settledUnread(page: Page): Promise<number> {
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(
    panel.getByRole('list', { name: 'Notifications' }).or(panel.getByText('You have no notifications yet.')),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  return unread(page);
}

test.describe('notifications', () => {
  test("the supplier's bell hears of an approval, the buyer's of the shipment, and each opens its order", async ({
    browser,
  }) => {
    // 1. The buyer picks a prepaid draft on the orders page.
    const buyer = await as(browser, ACCOUNTS.customer, 'customer');
    const hub = buyer.page;
    await hub.goto('/customer/orders');
    await hub.evaluate(() => Object.assign(window, { notificationsJourneyMark: true }));
    await expect(hub.getByRole('banner').getByRole('status')).toHaveText('Live');
    const drafts = hub
      .getByRole('region', { name: /, PO-\d{4}-\d{6}$/ })
      .filter({ hasText: 'AWAITING CUSTOMER APPROVAL' })
      .filter({ hasNotText: 'Credit facility' });
    await expect(drafts.first()).toBeVisible();
    let chosen: { supplier: (typeof SUPPLIERS)[number]; label: string; orderId: string } | undefined;
    for (const supplier of SUPPLIERS) {
      const draft = drafts.filter({ hasText: supplier.name }).first();
      if ((await draft.count()) === 0) continue;
      const label = (await draft.getAttribute('aria-label'))!;
      chosen = { supplier, label, orderId: (await draft.getAttribute('id'))!.replace(/^order-/, '') };
      break;
    }
    if (!chosen) throw new Error('No prepaid demo draft left to approve');
    const { label, orderId } = chosen;
    const po = label.slice(label.lastIndexOf(', ') + 2);
    const card = hub.getByRole('region', { name: label, exact: true });

    // 2. That order's supplier's Admin is signed in and live, their bell read.
    const supplier = await as(browser, chosen.supplier.admin, 'supplier');
    const cockpit = supplier.page;
    const supplierBefore = await settledUnread(cockpit);

    // 3. The buyer approves the draft.
    await card.getByRole('button', { name: 'Approve & release shipment' }).click();
    // Approval asks first (issue 31): confirm in its dialog.
    await hub
      .getByRole('dialog', { name: 'Approve and release this order?' })
      .getByRole('button', { name: 'Approve & release shipment' })
      .click();
    await expect(toast(hub, 'Order approved & invoice generated')).toBeVisible();
    await expect(card.getByText('RELEASED', { exact: true })).toBeVisible();

    // 4. The supplier's bell counts it, unreloaded, and its panel names the order, unread.
    await expect.poll(() => unread(cockpit), NOTIFIED).toBeGreaterThan(supplierBefore);
    await bell(cockpit).click();
    const supplierPanel = cockpit.getByRole('dialog', { name: 'Notifications' });
    const approved = supplierPanel.getByRole('link', { name: `Unread: Order ${po} approved` });
    await expect(approved).toBeVisible();
    await cockpit.screenshot({ path: '/tmp/notifications-1-supplier-bell.png' });

    // 5. It opens the order on the Shipping tab, where the supplier ships the drop.
    await approved.click();
    await expect(supplierPanel).toBeHidden();
    await expect(cockpit).toHaveURL(
      (url) => url.pathname === '/supplier' && url.searchParams.get('order') === orderId,
    );
    await expect(cockpit.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    const buyerBefore = await settledUnread(hub);
    const shipping = cockpit.getByRole('region', { name: label, exact: true });
    await shipping.getByRole('button', { name: 'Mark Shipped, drop 1' }).click();
    const dialog = cockpit.getByRole('dialog');
    await dialog.getByLabel('Tracking number').fill(`GH-NOTIFY-${po.slice(-6)}`);
    await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(toast(cockpit, 'Drop Shipped')).toBeVisible();

    // 6. The buyer's bell counts the shipment, unreloaded.
    await expect.poll(() => unread(hub), NOTIFIED).toBeGreaterThan(buyerBefore);
    await bell(hub).click();
    const buyerPanel = hub.getByRole('dialog', { name: 'Notifications' });
    const shipped = buyerPanel.getByRole('link', { name: new RegExp(`^Unread: .*${po} shipped$`) });
    await expect(shipped).toBeVisible();
    await hub.screenshot({ path: '/tmp/notifications-2-buyer-bell.png' });

    // 7. Opening it lands on that order's card, scrolled to and marked.
    await shipped.click();
    await expect(buyerPanel).toBeHidden();
    await expect(hub).toHaveURL(
      (url) => url.pathname === '/customer/orders' && url.searchParams.get('order') === orderId,
    );
    await expect(card).toHaveAttribute('aria-current', 'true');
    await expect(card).toBeInViewport();
    await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(hub.locator('[aria-current="true"]')).toHaveCount(1);
    await hub.screenshot({ path: '/tmp/notifications-3-buyer-order.png' });

    expect(await stillTheSameDocument(hub)).toBe(true);
    expect(await stillTheSameDocument(cockpit)).toBe(true);
    expect(buyer.problems).toEqual([]);
    expect(supplier.problems).toEqual([]);
    await supplier.close();
    await buyer.close();
  });
});
