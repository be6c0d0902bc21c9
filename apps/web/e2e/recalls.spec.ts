import { expect, test, type Browser } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

/**
 * A demo product with a GTIN (apps/api/src/startup/seed/products.ts, demoGtins) that no other journey
 * orders, so the lot synced here is the one this journey's order draws from and recalls.
 */
const PRODUCT = 'Doxycycline 100 mg capsules';
const GTIN = '06031085001013';
/** GS1's group separator, which ends a variable-length field (the batch) inside a DataMatrix. */
const GS = String.fromCharCode(29);

/** The journey's run, so a retry on the same server finds its own batch and branch. */
const RUN = Date.now().toString(36).toUpperCase().slice(-6);
const BATCH = `RCL${RUN}`;
const BRANCH = `Osu branch (recall ${RUN})`;

/** A UTC calendar day `days` from today, as YYYY-MM-DD and as GS1's YYMMDD. */
function dayIn(days: number) {
  const iso = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return { iso, yymmdd: iso.slice(2).replaceAll('-', '') };
}

async function as(browser: Browser, email: string, userType: 'customer' | 'supplier') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/supplier');
  return { page, problems, close: () => context.close() };
}

test.describe('recalls', () => {
  test('a scanned batch is ordered, recalled, confirmed quarantined by the pharmacy, and the supplier sees it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // 1. The supplier scans a pack into the stock sync form: product, batch and expiry come from the code.
    // The lot expires before any demo lot of the product, so first expiry first out allocates from it.
    const expiry = dayIn(3);
    const supplier = await as(browser, ACCOUNTS.supplier, 'supplier');
    const cockpit = supplier.page;
    await expect(cockpit.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
    const barcode = cockpit.getByLabel('Barcode', { exact: true });
    await barcode.fill(`01${GTIN}17${expiry.yymmdd}10${BATCH}${GS}21PACK${RUN}`);
    await barcode.press('Enter');
    await expect(cockpit.getByLabel('Batch number', { exact: true })).toHaveValue(BATCH);
    await expect(cockpit.getByLabel(/^Expiry date/)).toHaveValue(expiry.iso);
    await expect(cockpit.getByRole('combobox', { name: 'Product' })).toHaveValue(PRODUCT);
    await cockpit.getByLabel('Quantity (units)').fill('60');
    await cockpit.getByLabel('Unit price (GH₵)').fill('2.40');
    await cockpit.getByRole('button', { name: 'Sync stock' }).click();
    await expect(toast(cockpit, 'Inventory synchronised')).toBeVisible();

    // 2. The buyer orders it from Tema in one drop and approves the order.
    const buyer = await as(browser, ACCOUNTS.customer, 'customer');
    const hub = buyer.page;
    await hub.getByLabel('Quick compare').fill(PRODUCT);
    await hub.getByRole('button', { name: 'Compare prices' }).click();
    await hub.getByRole('button', { name: 'Build multi-drop order from Tema Pharma Distributors' }).click();
    const builder = hub.getByRole('dialog', { name: 'Build multi-drop order' });
    await builder.getByLabel('Minimum shelf life at delivery (days)').fill('0');
    await builder.getByRole('button', { name: 'Remove drop 2' }).click();
    const drop = builder.getByRole('group', { name: 'Drop 1' });
    await drop.getByLabel('Quantity (units)').fill('20');
    await drop.getByLabel('Branch name').fill(BRANCH);
    await drop.getByLabel('Address').fill('14 Oxford Street, Osu, Accra');
    await builder.getByRole('button', { name: 'Draft order' }).click();
    await expect(toast(hub, 'Order drafted. Awaiting approval.')).toBeVisible();

    await hub.goto('/customer/orders');
    const card = hub.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ }).filter({ hasText: BRANCH });
    await card.getByRole('button', { name: 'Approve & release shipment' }).click();
    // Approval asks first (issue 31): confirm in its dialog.
    await hub
      .getByRole('dialog', { name: 'Approve and release this order?' })
      .getByRole('button', { name: 'Approve & release shipment' })
      .click();
    await expect(toast(hub, 'Order approved & invoice generated')).toBeVisible();
    await expect(card.getByText('RELEASED', { exact: true })).toBeVisible();
    const label = (await card.getAttribute('aria-label'))!;
    const po = label.slice(label.lastIndexOf(', ') + 2);

    // The supplier delivers it: a pharmacy confirms the quarantine only of what reached it (a drop still
    // on its way is held by the supplier instead: recall-hold.spec.ts).
    await cockpit.getByRole('tab', { name: 'Shipping' }).click();
    const shipping = cockpit.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ }).filter({ hasText: BRANCH });
    for (const step of ['Shipped', 'Out for Delivery', 'Delivered'] as const) {
      await shipping.getByRole('button', { name: `Mark ${step}, drop 1` }).click();
      await cockpit
        .getByRole('dialog')
        .getByRole('button', { name: `Mark ${step}` })
        .click();
      await expect(toast(cockpit, `Drop ${step}`)).toBeVisible();
    }

    // 3. The supplier declares a Class I recall of the scanned batch; its trace names the buyer's drop.
    await cockpit.getByRole('tab', { name: 'Recalls' }).click();
    await cockpit.getByRole('button', { name: 'Declare a recall' }).click();
    const dialog = cockpit.getByRole('dialog', { name: 'Declare a recall' });
    await dialog.getByLabel('Product').selectOption({ label: PRODUCT });
    await dialog.getByRole('checkbox', { name: BATCH }).check();
    await dialog.getByLabel('Recall class').selectOption('class_1');
    await dialog.getByLabel('Reason').fill(`FDA Ghana alert: batch ${BATCH} failed dissolution testing.`);
    await dialog.getByRole('button', { name: 'Declare recall' }).click();
    await expect(toast(cockpit, /^Recall RC-.+ declared$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    const trace = cockpit.getByRole('region', { name: /^Recall RC-/ });
    const traced = trace.getByRole('listitem', { name: `${po} drop 1, AccraCare Pharmacy` });
    await expect(traced).toContainText(`${BATCH} × 20 units`);
    await expect(traced.getByText('Awaiting confirmation')).toBeVisible();
    await cockpit.screenshot({ path: '/tmp/recalls-1-supplier-trace.png', fullPage: true });

    // 4. The buyer finds the delivery in 'Recall notices' and confirms the packs are quarantined.
    await hub.goto('/customer/orders');
    const notices = hub.getByRole('region', { name: 'Recall notices' });
    const notice = notices.getByRole('article').filter({ hasText: BATCH });
    const affected = notice.getByRole('listitem', { name: `${po} drop 1, ${BRANCH}` });
    await expect(affected).toContainText(`${BATCH} × 20 units`);
    await affected.getByRole('button', { name: /^Quarantined at our pharmacy/ }).click();
    await expect(toast(hub, 'Marked as quarantined at your pharmacy')).toBeVisible();
    await expect(affected.getByText(/^Quarantined at our pharmacy .+ by /)).toBeVisible();
    await hub.screenshot({ path: '/tmp/recalls-2-buyer-notice.png', fullPage: true });

    // 5. The supplier's open trace shows the confirmation, live.
    await expect(traced.getByText(/^Quarantined at pharmacy .+ by /)).toBeVisible({ timeout: 30_000 });
    await expect(trace.getByText(/^\d+ of \d+ deliver(y|ies) confirmed$/)).toBeVisible();

    expect(supplier.problems).toEqual([]);
    expect(buyer.problems).toEqual([]);
    await buyer.close();
    await supplier.close();
  });
});
