import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

/**
 * Tema offers it, another supplier undercuts it in the demo data, and no other journey buys it: this
 * journey's price and stock changes touch nobody else's assertions.
 */
const PRODUCT = 'Flucloxacillin 500 mg capsules';
const TEMA = 'Tema Pharma Distributors';

/** Amounts as the app writes them, e.g. GH₵1,707.40. */
const cedis = (amount: number) =>
  `GH₵${new Intl.NumberFormat('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** YYYY-MM-DD `days` from today in UTC. */
function isoDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function as(browser: Browser, email: string, userType: 'customer' | 'supplier') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/supplier');
  // The top bar says so once the event stream is open: from here on, changes reach this screen.
  await expect(liveIndicator(page)).toHaveText('Live');
  // A mark on this document: still there at the end, it proves nothing reloaded the page on the way.
  await page.evaluate(() => Object.assign(window, { liveJourneyMark: true }));
  return { page, problems, close: () => context.close() };
}

const stillTheSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveJourneyMark?: boolean }).liveJourneyMark === true);

const liveIndicator = (page: Page) => page.getByRole('banner').getByRole('status');

/** A figure (<dt> label, <dd> value) of a match row. */
const figure = (row: Locator, label: string) =>
  row
    .locator('div')
    .filter({ has: row.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

test.describe('live updates', () => {
  test("the buyer's matches and orders page change without a reload while the supplier syncs stock and ships a drop", async ({
    browser,
  }) => {
    // This attempt's own price, branch and tracking number: a retry does not find the first attempt's.
    const run = Date.now();
    const price = (8000 + (run % 900)) / 100; // GH₵80.00–88.99, under every other offer (from 92.50)
    const priceText = cedis(price);
    const branch = `Labone branch (live ${run.toString(36)})`;
    const tracking = `GH-LIVE-${run.toString(36).toUpperCase()}`;

    // 1. The buyer compares the product's suppliers.
    const buyer = await as(browser, ACCOUNTS.customer, 'customer');
    const hub = buyer.page;
    await hub.getByLabel('Quick compare').fill(PRODUCT);
    await hub.getByRole('button', { name: 'Compare prices' }).click();
    await expect(hub.getByRole('heading', { name: `Suppliers for ${PRODUCT}` })).toBeVisible();
    const matches = hub.getByRole('list', { name: 'Supplier matches' });
    const rows = matches.locator(':scope > li');
    const temaRow = rows.filter({ has: hub.getByRole('heading', { name: TEMA, exact: true }) });
    const temaPrice = figure(temaRow, 'Unit price');
    await expect(temaPrice).toHaveText(/^GH₵[\d,]+\.\d\d$/);
    const priceBefore = await temaPrice.innerText();
    expect(priceBefore).not.toBe(priceText);
    // Tema in the comparison table too, which is cut from the same matches.
    await matches.getByRole('button', { name: `Compare: ${TEMA}` }).click();
    const comparison = hub.getByRole('table', { name: 'Supplier comparison' });
    const temaCompared = comparison
      .getByRole('row')
      .filter({ has: hub.getByRole('rowheader', { name: TEMA }) });
    await expect(temaCompared).toContainText(priceBefore);

    // 2. Tema's admin counts a lot at a new, lower price.
    const supplier = await as(browser, ACCOUNTS.supplier, 'supplier');
    const cockpit = supplier.page;
    await expect(cockpit.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
    const picker = cockpit.getByRole('combobox', { name: 'Product' });
    await picker.fill('Flucloxacillin 500');
    await cockpit
      .getByRole('listbox', { name: 'Matching products' })
      .getByRole('option', { name: PRODUCT })
      .click();
    await expect(picker).toHaveValue(PRODUCT);
    await cockpit.getByLabel('Quantity (units)').fill('240');
    await cockpit.getByLabel('Unit price (GH₵)').fill(price.toFixed(2));
    await cockpit.getByLabel(/^Expiry date/).fill(isoDateIn(420));
    await cockpit.getByRole('button', { name: 'Sync stock' }).click();
    await expect(toast(cockpit, 'Inventory synchronised')).toBeVisible();

    // 3. The buyer's open matches follow, unreloaded: Tema's new price, now the cheapest, so first.
    await expect(temaPrice).toHaveText(priceText);
    await expect(rows.first().getByRole('heading', { level: 3 })).toHaveText(TEMA);
    await expect(temaCompared).toContainText(priceText);
    await hub.screenshot({ path: '/tmp/live-1-buyer-matches.png', fullPage: true });

    // 6 (set up first). The supplier watches the shipping board before the buyer orders.
    await cockpit.getByRole('tab', { name: 'Shipping' }).click();
    await expect(cockpit.getByRole('heading', { name: 'Outgoing shipments' })).toBeVisible();

    // 4. The buyer drafts a one-drop order from Tema at the new price, then opens the orders page in the app.
    await temaRow.getByRole('button', { name: `Build multi-drop order from ${TEMA}` }).click();
    const builder = hub.getByRole('dialog', { name: 'Build multi-drop order' });
    const drops = builder.getByRole('group', { name: /^Drop \d$/ });
    await expect(drops).toHaveCount(2);
    await builder.getByRole('button', { name: 'Remove drop 2' }).click();
    await expect(drops).toHaveCount(1);
    await drops.nth(0).getByLabel('Quantity (units)').fill('20');
    await drops.nth(0).getByLabel('Branch name').fill(branch);
    await drops.nth(0).getByLabel('Address').fill('7 Labone Crescent, Accra');
    await builder.getByRole('button', { name: 'Draft order' }).click();
    await expect(toast(hub, 'Order drafted. Awaiting approval.')).toBeVisible();
    await expect(builder).toBeHidden();

    await hub.getByRole('button', { name: 'Procurement' }).click();
    await hub
      .getByRole('dialog', { name: 'Procurement' })
      .getByRole('link', { name: /^Orders/ })
      .click();
    await expectPath(hub, '/customer/orders');
    const card = hub.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ }).filter({ hasText: branch });
    await expect(card.getByText('AWAITING CUSTOMER APPROVAL')).toBeVisible();
    await expect(card).toContainText(TEMA);
    // 20 units at this run's price.
    await expect(card).toContainText(cedis((Math.round(price * 100) * 20) / 100));
    const label = (await card.getAttribute('aria-label'))!;
    const po = label.slice(label.lastIndexOf(', ') + 2);
    expect(label).toBe(`${PRODUCT}, ${po}`);

    // 6. The draft reaches the supplier's open shipping board, awaiting the customer's approval.
    const awaiting = cockpit.getByRole('listitem').filter({ hasText: `${po} · ${PRODUCT}` });
    await expect(awaiting).toBeVisible();
    const shipping = cockpit.getByRole('region', { name: label, exact: true });
    await expect(shipping).toHaveCount(0);

    await card.getByRole('button', { name: 'Approve & release shipment' }).click();
    // Approval asks first (issue 31): confirm in its dialog.
    await hub
      .getByRole('dialog', { name: 'Approve and release this order?' })
      .getByRole('button', { name: 'Approve & release shipment' })
      .click();
    await expect(toast(hub, 'Order approved & invoice generated')).toBeVisible();
    await expect(card.getByText('RELEASED', { exact: true })).toBeVisible();
    await expect(card.getByText('Awaiting Dispatch', { exact: true })).toBeVisible();
    await card.screenshot({ path: '/tmp/live-3-buyer-order-released.png' });

    // Released: the order card appears among the outgoing shipments, unreloaded, and leaves the drafts.
    await expect(shipping).toBeVisible();
    await expect(shipping.getByText('Awaiting Dispatch', { exact: true })).toBeVisible();
    await expect(awaiting).toHaveCount(0);

    // 5. Tema ships the drop; the buyer's orders page shows it shipped with its tracking number.
    await shipping.getByRole('button', { name: 'Mark Shipped, drop 1' }).click();
    const dialog = cockpit.getByRole('dialog');
    await dialog.getByLabel('Tracking number').fill(tracking);
    await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(toast(cockpit, 'Drop Shipped')).toBeVisible();
    await expect(shipping.getByText(`Tracking ${tracking}`, { exact: false })).toBeVisible();
    await cockpit.screenshot({ path: '/tmp/live-2-supplier-shipping.png', fullPage: true });

    await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(card.getByText('SHIPPED', { exact: true })).toBeVisible();
    await expect(card.getByText(new RegExp(`Tracking ${tracking}`))).toBeVisible();
    await expect(card.getByText('Awaiting Dispatch', { exact: true })).toHaveCount(0);
    await card.screenshot({ path: '/tmp/live-4-buyer-order-shipped.png' });

    // Both screens stayed connected the whole way, on the documents first loaded.
    expect(await stillTheSameDocument(hub)).toBe(true);
    expect(await stillTheSameDocument(cockpit)).toBe(true);
    await expect(liveIndicator(hub)).toHaveText('Live');
    await expect(liveIndicator(cockpit)).toHaveText('Live');
    expect(buyer.problems).toEqual([]);
    expect(supplier.problems).toEqual([]);
    await supplier.close();
    await buyer.close();
  });
});
