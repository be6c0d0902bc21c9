import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, authForm, chooseType, expectPath, signIn } from './support';

/** WCAG 2.1 A and AA, the level the issue holds every screen to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until the screen shows its data rather than loaders, and until every running animation (a
 * dialog's fade and zoom) has ended: axe measures colour contrast on what is painted, and a half-faded
 * dialog would report contrast the user never sees.
 */
async function settle(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll(
              '[aria-busy="true"], [role="status"][aria-label^="Loading"], [aria-label="Checking access"]',
            ).length,
        ),
      { message: 'the screen still shows loaders' },
    )
    .toBe(0);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/**
 * Runs axe on the page, or only inside `scope` (an open dialog), and fails softly on any serious or
 * critical violation so one walk reports every screen it passes. The message names each rule, its
 * impact and help, and the elements that break it.
 */
async function audit(page: Page, screen: string, scope?: string, { toasts = false } = {}) {
  await settle(page);
  let axe = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (scope) axe = axe.include(scope);
  // A toast's four seconds can run out while axe scans (seconds on this machine), and one caught
  // fading out is measured half-transparent. So scans leave toasts out, except the one made for
  // them (holdToast), where sonner's timer is paused.
  if (!toasts) axe = axe.exclude('[data-sonner-toaster]');
  const { violations, testEngine } = await axe.analyze();
  // WCAG 2.5.3 label-in-name runs by default only from axe-core 4.14 (package.json overrides it in).
  expect(testEngine.version.localeCompare('4.14', undefined, { numeric: true })).toBeGreaterThanOrEqual(0);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `  ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .map(
            (node) =>
              `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, ' ')}`,
          )
          .join('\n'),
    )
    .join('\n');
  if (blocking.length) console.log(`[axe] ${screen}\n${report}`);
  expect
    .soft(
      blocking.map((v) => `${v.id}: ${v.nodes.length} node(s)`),
      `${screen}\n${report}`,
    )
    .toEqual([]);
}

/**
 * Shows a toast with `trigger` and keeps it on the screen: pointing at it pauses sonner's timer. A
 * toast that ran out before the pointer reached it (a loaded machine) is shown again.
 */
async function holdToast(page: Page, trigger: () => Promise<void>, text: string) {
  const shown = page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });
  await expect(async () => {
    if ((await shown.count()) === 0) await trigger();
    await shown.first().hover({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** Opens a dialog with `trigger`, audits what is inside it, and closes it with Escape (SPEC §2). */
async function auditDialog(page: Page, screen: string, trigger: Locator, dialog: Locator) {
  await trigger.click();
  await expect(dialog).toBeVisible();
  await audit(page, `${screen} (dialog)`, DIALOG);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('accessibility (axe, WCAG 2.1 AA): no serious or critical violation', () => {
  // Each test walks many screens and axe takes seconds per scan on this shared 2-core machine.
  test.describe.configure({ timeout: 300_000 });

  test('public screens: sign-in for each user type, both registration forms, reset password, manual', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(authForm(page)).toBeVisible();
    for (const type of ['customer', 'supplier', 'platform'] as const) {
      await chooseType(page, type);
      await audit(page, `/login sign-in as ${type}`);
    }
    // Field errors as a person sees them after an empty submit.
    await chooseType(page, 'customer');
    await authForm(page).getByLabel('Email', { exact: true }).fill('');
    await authForm(page).getByLabel('Password', { exact: true }).fill('');
    // The review toast with them: the one toast held still for axe, which checks its colours.
    await holdToast(
      page,
      () => authForm(page).getByRole('button', { name: 'Sign in' }).click(),
      'Please review the highlighted details.',
    );
    await expect(authForm(page).getByText('Please enter a valid email address')).toBeVisible();
    await audit(page, '/login sign-in with field errors and the review toast', undefined, { toasts: true });
    await page.mouse.move(0, 0);

    await page.getByRole('tab', { name: 'Create account' }).click();
    await audit(page, '/login registration as customer');
    await chooseType(page, 'supplier');
    await expect(authForm(page).getByLabel('Supplier category')).toBeVisible();
    await audit(page, '/login registration as supplier');

    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await audit(page, '/reset-password');

    await page.goto('/manual');
    await expect(page.locator('#need-help')).toBeVisible();
    await audit(page, '/manual');
  });

  test('buyer: hub, product dialog, order builder, add to cart, cart drawer, procurement, top-bar dialogs', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await audit(page, '/customer');

    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill('paracetamol 500');
    const product = 'Paracetamol 500 mg tablets';
    await auditDialog(
      page,
      '/customer product',
      page.getByRole('list', { name: 'Catalogue products' }).getByRole('button', {
        name: new RegExp(`${product.replaceAll(' ', '\\s')}.*Open product details$`),
      }),
      page.getByRole('dialog', { name: product }),
    );

    await page.getByLabel('Quick compare').fill(product);
    await page.getByRole('button', { name: 'Compare prices' }).click();
    await expect(page.getByRole('button', { name: /^Build multi-drop order from / }).first()).toBeVisible();
    await audit(page, '/customer with supplier matches');
    await auditDialog(
      page,
      '/customer order builder',
      page.getByRole('button', { name: /^Build multi-drop order from / }).first(),
      page.getByRole('dialog', { name: 'Build multi-drop order' }),
    );
    await auditDialog(
      page,
      '/customer add to cart',
      page.getByRole('button', { name: /^Add to cart from / }).first(),
      page.getByRole('dialog', { name: 'Add to cart' }),
    );
    await auditDialog(
      page,
      '/customer cart drawer',
      page.getByRole('button', { name: /^Cart, / }),
      page.getByRole('dialog', { name: 'Procurement cart' }),
    );
    await auditDialog(
      page,
      '/customer procurement',
      page.getByRole('button', { name: 'Procurement', exact: true }),
      page.getByRole('dialog', { name: 'Procurement' }),
    );
    await auditTopBarDialogs(page, '/customer');
  });

  test('buyer: requests for quotation and the request form', async ({ page }) => {
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');
    await page.goto('/customer/rfqs');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Quotes from several suppliers' }),
    ).toBeVisible();
    await audit(page, '/customer/rfqs');
    await auditDialog(
      page,
      '/customer/rfqs request quotes',
      page.getByRole('button', { name: 'Request quotes' }).first(),
      page.getByRole('dialog', { name: 'Request quotes' }),
    );
  });

  test('buyer: cart, clear-cart dialog, orders, credit', async ({ page }) => {
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');

    await page.goto('/customer/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Procurement workspace' })).toBeVisible();
    await audit(page, '/customer/cart');
    await auditDialog(
      page,
      '/customer/cart clear cart',
      page.getByRole('button', { name: 'Clear cart' }),
      page.getByRole('alertdialog').or(page.getByRole('dialog')),
    );

    await page.goto('/customer/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Order orchestration' })).toBeVisible();
    await audit(page, '/customer/orders');
    // The demo's buyer has drafts awaiting its approval.
    await auditDialog(
      page,
      '/customer/orders approve an order',
      page.getByRole('button', { name: 'Approve & release shipment' }).first(),
      page.getByRole('dialog', { name: 'Approve and release this order?' }),
    );

    await page.goto('/customer/credit');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage credit facilities' })).toBeVisible();
    await audit(page, '/customer/credit');
  });

  test('supplier admin: every cockpit tab and its dialogs', async ({ page }) => {
    await signIn(page, ACCOUNTS.supplier, 'supplier');
    await expectPath(page, '/supplier');
    await expect(page.getByRole('heading', { level: 1, name: /cockpit$/ })).toBeVisible();

    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const names = (await tabs.allInnerTexts()).map((name) => name.trim());
    // The supplier admin holds every supplier permission, so every tab the SPEC names is there.
    expect(names).toEqual(
      expect.arrayContaining(['Inventory', 'Shipping', 'Credit Applications', 'Users & Roles', 'Recalls']),
    );

    for (const name of names) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
      await audit(page, `/supplier ${name} tab`);

      if (name === 'Inventory') {
        await auditDialog(
          page,
          '/supplier add catalogue product',
          page.getByRole('button', { name: 'Add catalogue product' }),
          page.getByRole('dialog', { name: 'Add catalogue product' }),
        );
        await page
          .getByRole('button', { name: /^Forecast for / })
          .first()
          .click();
        await expect(page.getByRole('button', { name: 'Close forecast' })).toBeVisible();
        await audit(page, '/supplier inventory with the demand forecast');
        await page.getByRole('button', { name: 'Close forecast' }).click();
      }
      if (name === 'Shipping') {
        const next = page.getByRole('button', { name: /^Mark .+, drop \d+$/ }).first();
        await expect(next).toBeVisible();
        await auditDialog(page, '/supplier shipping drop step', next, page.getByRole('dialog'));
      }
      if (name === 'Credit Applications') {
        // The demo seeds two pending applications to Tema Pharma.
        await auditDialog(
          page,
          '/supplier approve credit',
          page.getByRole('button', { name: 'Approve', exact: true }).first(),
          page.getByRole('dialog', { name: 'Approve credit line' }),
        );
        await auditDialog(
          page,
          '/supplier reject credit',
          page.getByRole('button', { name: 'Reject', exact: true }).first(),
          page.getByRole('dialog', { name: 'Reject credit application?' }),
        );
        // Receivables to record a payment against exist only once a credit order has been invoiced.
        const payment = page.getByRole('button', { name: 'Record payment' }).first();
        if (await payment.isVisible()) {
          await auditDialog(
            page,
            '/supplier record payment',
            payment,
            page.getByRole('dialog', { name: 'Record payment' }),
          );
        }
      }
      if (name === 'Users & Roles') {
        await expect(page.getByRole('form', { name: 'Invite a team member' })).toBeVisible();
        // The admin cannot remove themself; any colleague's Remove opens the confirmation.
        const removable = page
          .getByRole('listitem')
          .getByRole('button', { name: /^Remove/ })
          .and(page.locator(':enabled'));
        await auditDialog(
          page,
          '/supplier remove user',
          removable.first(),
          page
            .getByRole('dialog', { name: /^Remove / })
            .or(page.getByRole('alertdialog', { name: /^Remove / })),
        );
      }
      if (name === 'Recalls') {
        await auditDialog(
          page,
          '/supplier declare recall',
          page.getByRole('button', { name: 'Declare a recall' }),
          page.getByRole('dialog', { name: 'Declare a recall' }),
        );
      }
    }
    await auditTopBarDialogs(page, '/supplier');
  });

  test('platform admin: command centre and its dialogs', async ({ page }) => {
    await signIn(page, ACCOUNTS.platform, 'platform');
    await expectPath(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Platform command centre' })).toBeVisible();
    await audit(page, '/admin');
    // The segmented control's radios are visually hidden; their labels take the click.
    const filter = page.getByRole('group', { name: 'Filter organisations' });
    await filter.getByRole('radio', { name: 'Suppliers' }).check({ force: true });
    await expect(filter.getByRole('radio', { name: 'Suppliers' })).toBeChecked();
    await audit(page, '/admin entities filtered to suppliers');
    await auditDialog(
      page,
      '/admin activate or deactivate an organisation',
      page.getByRole('button', { name: /^(Activate|Deactivate) / }).first(),
      page.getByRole('dialog', { name: /^(Activate|Deactivate) .+\?$/ }),
    );
    await auditTopBarDialogs(page, '/admin');
  });
});

/** The signed-in top bar's dialogs: notifications, notification settings and change password. */
async function auditTopBarDialogs(page: Page, screen: string) {
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await bell.click();
  await expect(
    panel.getByRole('list', { name: 'Notifications' }).or(panel.getByText('You have no notifications yet.')),
  ).toBeVisible();
  await audit(page, `${screen} notifications panel`, DIALOG);
  await panel.getByRole('button', { name: 'Notification settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Notification settings' })).toBeVisible();
  await audit(page, `${screen} notification settings`, DIALOG);
  // Leaving the settings comes back to the list; a second Escape closes the panel.
  await page.keyboard.press('Escape');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await auditDialog(
    page,
    `${screen} change password`,
    page.getByRole('banner').getByRole('button', { name: 'Change password' }),
    page.getByRole('dialog', { name: 'Change password' }),
  );
}
