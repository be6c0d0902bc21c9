import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

/**
 * A demo product Tema stocks (batch LSN2511A, expiring late in 2027) that no other journey orders, with a
 * GTIN (apps/api/src/startup/seed/products.ts, demoGtins): the lot scanned here expires first, so the
 * order draws from it, and the re-pick falls back on Tema's demo lot.
 */
const PRODUCT = 'Lisinopril 10 mg tablets';
const GTIN = '06031034001026';
const DEMO_BATCH = 'LSN2511A';
/** GS1's group separator, which ends a variable-length field (the batch) inside a DataMatrix. */
const GS = String.fromCharCode(29);

/** The journey's run, so a retry on the same server finds its own batch and branch. */
const RUN = Date.now().toString(36).toUpperCase().slice(-6);
const BATCH = `HLD${RUN}`;
const BRANCH = `Adabraka branch (hold ${RUN})`;

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

/** The order card holding this journey's drop. */
const orderCard = (page: Page) =>
  page.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ }).filter({ hasText: BRANCH });

test.describe('recall hold', () => {
  test('a drop of a recalled batch is held on the shipping board, re-picked from another batch, then shipped', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    // 1. The supplier scans a pack of a short-dated batch into stock: first expiry first out takes it.
    const supplier = await as(browser, ACCOUNTS.supplier, 'supplier');
    const cockpit = supplier.page;
    await expect(cockpit.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
    const expiry = dayIn(5);
    const barcode = cockpit.getByLabel('Barcode', { exact: true });
    await barcode.fill(`01${GTIN}17${expiry.yymmdd}10${BATCH}${GS}21PACK${RUN}`);
    await barcode.press('Enter');
    await expect(cockpit.getByLabel('Batch number', { exact: true })).toHaveValue(BATCH);
    await expect(cockpit.getByRole('combobox', { name: 'Product' })).toHaveValue(PRODUCT);
    await cockpit.getByLabel('Quantity (units)').fill('40');
    await cockpit.getByLabel('Unit price (GH₵)').fill('1.80');
    await cockpit.getByRole('button', { name: 'Sync stock' }).click();
    await expect(toast(cockpit, 'Inventory synchronised')).toBeVisible();

    // 2. The buyer orders 25 units in one drop and approves: they come from the scanned batch.
    const buyer = await as(browser, ACCOUNTS.customer, 'customer');
    const hub = buyer.page;
    await hub.getByLabel('Quick compare').fill(PRODUCT);
    await hub.getByRole('button', { name: 'Compare prices' }).click();
    await hub.getByRole('button', { name: 'Build multi-drop order from Tema Pharma Distributors' }).click();
    const builder = hub.getByRole('dialog', { name: 'Build multi-drop order' });
    await builder.getByLabel('Minimum shelf life at delivery (days)').fill('0');
    await builder.getByRole('button', { name: 'Remove drop 2' }).click();
    const drop = builder.getByRole('group', { name: 'Drop 1' });
    await drop.getByLabel('Quantity (units)').fill('25');
    await drop.getByLabel('Branch name').fill(BRANCH);
    await drop.getByLabel('Address').fill('7 Barnes Road, Adabraka, Accra');
    await builder.getByRole('button', { name: 'Draft order' }).click();
    await expect(toast(hub, 'Order drafted. Awaiting approval.')).toBeVisible();
    await hub.goto('/customer/orders');
    const bought = orderCard(hub);
    await bought.getByRole('button', { name: 'Approve & release shipment' }).click();
    // Approval asks first (issue 31): confirm in its dialog.
    await hub
      .getByRole('dialog', { name: 'Approve and release this order?' })
      .getByRole('button', { name: 'Approve & release shipment' })
      .click();
    await expect(toast(hub, 'Order approved & invoice generated')).toBeVisible();
    await expect(bought.getByText(`Batch ${BATCH}`, { exact: false })).toBeVisible();
    const invoiceLine = await bought
      .getByText(/^INV-\d{4}-\d{6}$/)
      .locator('..')
      .textContent();

    // 3. Before it ships, the supplier declares a Class I recall of the batch.
    await cockpit.getByRole('tab', { name: 'Recalls' }).click();
    await cockpit.getByRole('button', { name: 'Declare a recall' }).click();
    const dialog = cockpit.getByRole('dialog', { name: 'Declare a recall' });
    await dialog.getByLabel('Product').selectOption({ label: PRODUCT });
    await dialog.getByRole('checkbox', { name: BATCH }).check();
    await dialog.getByLabel('Recall class').selectOption('class_1');
    await dialog.getByLabel('Reason').fill(`Manufacturer alert: batch ${BATCH} is mislabelled.`);
    await dialog.getByRole('button', { name: 'Declare recall' }).click();
    await expect(toast(cockpit, /^Recall RC-.+ declared$/)).toBeVisible();
    const trace = cockpit.getByRole('region', { name: /^Recall RC-/ });
    await expect(trace.getByText('On hold: re-pick or cancel it on the shipping board')).toBeVisible();

    // 4. On the shipping board the drop is on hold: no Mark Shipped, and the server refuses it too.
    await cockpit.getByRole('tab', { name: 'Shipping' }).click();
    const shipping = orderCard(cockpit);
    await expect(shipping.getByText('Recalled batch: on hold')).toBeVisible();
    await expect(shipping.getByText(`25 units of batch ${BATCH} held back: re-pick or cancel`)).toBeVisible();
    await expect(shipping.getByRole('button', { name: 'Re-pick drop 1' })).toBeVisible();
    await expect(shipping.getByRole('button', { name: 'Cancel drop 1' })).toBeVisible();
    await expect(shipping.getByRole('button', { name: 'Mark Shipped, drop 1' })).toHaveCount(0);
    const label = (await shipping.getAttribute('aria-label'))!;
    const po = label.slice(label.lastIndexOf(', ') + 2);
    const order = await (
      await cockpit.request.get(`/api/orders?sellerId=${await orgId(cockpit)}&product=${po}`, {
        headers: await bearer(cockpit),
      })
    ).json();
    const held = (order as { id: string; drops: { id: string }[] }[])[0]!;
    const refused = await cockpit.request.patch(`/api/orders/${held.id}/drops/${held.drops[0]!.id}`, {
      headers: await bearer(cockpit),
      data: { status: 'Shipped' },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'DROP_HOLDS_RECALLED_BATCH',
      details: { batchNumbers: BATCH },
    });
    await cockpit.screenshot({ path: '/tmp/recall-hold-1-board.png', fullPage: true });

    // 5. The buyer's notice says the supplier holds the delivery, and asks nothing of the pharmacy.
    await hub.goto('/customer/orders');
    const notice = hub
      .getByRole('region', { name: 'Recall notices' })
      .getByRole('article')
      .filter({ hasText: BATCH });
    const affected = notice.getByRole('listitem', { name: `${po} drop 1, ${BRANCH}` });
    await expect(
      affected.getByText(/^Held by Tema Pharma Distributors: it will not be delivered/),
    ).toBeVisible();
    await expect(affected.getByRole('button')).toHaveCount(0);

    // 6. The supplier re-picks the drop from its other batch; the board offers Mark Shipped again.
    await shipping.getByRole('button', { name: 'Re-pick drop 1' }).click();
    const confirm = cockpit.getByRole('dialog', { name: 'Re-pick drop 1?' });
    await expect(confirm).toContainText(`The 25 units of recalled batch ${BATCH}`);
    await confirm.getByRole('button', { name: 'Re-pick drop' }).click();
    await expect(toast(cockpit, `Drop 1 re-picked: now batch ${DEMO_BATCH}`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(shipping.getByText('Recalled batch: on hold')).toBeHidden();
    await expect(shipping.getByText(new RegExp(`^Batch ${DEMO_BATCH} · .* · 25 units$`))).toBeVisible();

    // 7. And ships it, at the price invoiced.
    await shipping.getByRole('button', { name: 'Mark Shipped, drop 1' }).click();
    await cockpit.getByRole('dialog').getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(toast(cockpit, 'Drop Shipped')).toBeVisible();

    // 8. The buyer's notice now tells the delivery was replaced (live), and the invoice is unchanged.
    await expect(affected.getByText(`Replaced with batch ${DEMO_BATCH} before dispatch`)).toBeVisible({
      timeout: 30_000,
    });
    await hub.screenshot({ path: '/tmp/recall-hold-2-buyer-notice.png', fullPage: true });
    await expect(bought.getByText(/^INV-\d{4}-\d{6}$/).locator('..')).toHaveText(invoiceLine!);

    // 9. The recall's trace lists the drop as re-picked, not as holding the batch.
    const recalls = (await (
      await cockpit.request.get('/api/recalls', { headers: await bearer(cockpit) })
    ).json()) as { id: string; batchNumbers: string[] }[];
    const recallId = recalls.find((r) => r.batchNumbers.includes(BATCH))!.id;
    await cockpit.goto(`/supplier?tab=recalls&recall=${recallId}`);
    const repicked = cockpit.getByRole('region', { name: /^Recall RC-/ });
    await expect(repicked.getByText('No delivery holds these batches now', { exact: false })).toBeVisible();
    await expect(repicked.getByRole('heading', { name: 'Re-picked before dispatch (1)' })).toBeVisible();
    await expect(repicked.getByRole('listitem', { name: `${po} drop 1, AccraCare Pharmacy` })).toContainText(
      `Now ${DEMO_BATCH} × 25 units`,
    );

    expect(supplier.problems).toEqual([]);
    expect(buyer.problems).toEqual([]);
    await buyer.close();
    await supplier.close();
  });
});

/** The signed-in page's bearer header, from the token the app keeps (SPEC §9: local storage, 'token'). */
async function bearer(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

/** The signed-in supplier's organisation, as the server knows it. */
async function orgId(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me', { headers: await bearer(page) });
  return ((await me.json()) as { orgId: string }).orgId;
}
