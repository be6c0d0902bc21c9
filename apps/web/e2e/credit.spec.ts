import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

const CREDIT_CLERK = 'credit@tema-pharma.demo';
const TEMA = 'Tema Pharma Distributors';
const BRANCH = 'Osu branch (credit journey)';

async function as(
  browser: Browser,
  email: string,
  userType: 'customer' | 'supplier',
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/supplier');
  return { page, problems, close: () => context.close() };
}

/** 'GH₵37,000.00' as 37000. */
const cedis = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
const fmt = (amount: number) =>
  `GH₵${amount.toLocaleString('en-GH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The figure of a stat tile, by its label. */
const tile = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

async function headroom(page: Page) {
  await page.goto('/customer/credit');
  const figure = tile(page, 'Credit headroom');
  await expect(figure).toHaveText(/^GH₵[\d,]+\.\d\d$/);
  return cedis(await figure.textContent());
}

test.describe('credit', () => {
  test('a buyer asks for credit, the supplier checks the risk and approves the recommended limit, the buyer orders on credit and a mobile money payment frees it again', async ({
    browser,
  }) => {
    // A long journey across several accounts: on a slow, shared machine it nears the 60 s default.
    test.setTimeout(150_000);
    const buyer = await as(browser, ACCOUNTS.customer, 'customer');
    const page = buyer.page;
    await page.goto('/customer/credit');
    await expect(page.getByRole('heading', { name: 'Manage credit facilities' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Request new credit' });
    const limit = form.getByLabel('Requested limit (GH₵)');
    await expect(limit).toHaveValue('25000');
    // No supplier chosen: the SPEC's toast, and nothing is sent.
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(toast(page, 'Select a supplier to continue')).toBeVisible();
    await limit.fill('500');
    await form.getByRole('button', { name: 'Reset' }).click();
    await expect(limit).toHaveValue('25000');

    const supplier = form.getByLabel('Supplier');
    const temaValue = await supplier.locator('option', { hasText: TEMA }).getAttribute('value');
    await supplier.selectOption(temaValue!);
    await limit.fill('80000');
    await form.getByLabel('Notes').fill('Two new branches in Osu and Tema from January');
    await form.getByRole('button', { name: 'Submit request' }).click();
    await expect(toast(page, 'Credit application submitted')).toBeVisible();
    await expect(limit).toHaveValue('25000');
    const requests = page.getByRole('region', { name: 'Your requests' });
    await expect(requests.getByRole('listitem').filter({ hasText: TEMA }).first()).toContainText('Pending');

    // The supplier's credit approver runs the risk check and approves at the recommended limit.
    const approver = await as(browser, CREDIT_CLERK, 'supplier');
    const queue = approver.page.getByRole('region', { name: 'Credit decisioning queue' });
    const application = queue.getByRole('listitem').filter({ hasText: 'AccraCare Pharmacy' });
    await expect(application).toContainText('GH₵80,000.00');
    await application.getByRole('button', { name: 'Run AI risk check' }).click();
    const check = application.getByLabel('Risk check');
    await expect(check).toContainText(/Score\s*\d+\/100/);
    await expect(check).toContainText('released orders with you');
    const recommended = cedis(
      await check
        .locator('dt', { hasText: 'Recommended limit' })
        .locator('xpath=following-sibling::dd[1]')
        .textContent(),
    );
    expect(recommended).toBeGreaterThan(0);
    await application.getByRole('button', { name: 'Approve' }).click();
    const dialog = approver.page.getByRole('dialog', { name: 'Approve credit line' });
    await expect(dialog.getByLabel('Credit limit (GH₵)')).toHaveValue(String(recommended));
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(approver.page, `Credit line approved at ${fmt(recommended)}`)).toBeVisible();
    await expect(application).toBeHidden();
    await expect(
      approver.page
        .getByRole('region', { name: 'Recent decisions' })
        .getByText(`granted ${fmt(recommended)}`)
        .first(),
    ).toBeVisible();

    // The buyer sees the new limit and its headroom.
    const before = await headroom(page);
    const line = page.getByRole('listitem').filter({ hasText: TEMA }).filter({ hasText: 'Limit set' });
    await expect(line).toContainText(fmt(recommended));

    // An order on credit with Tema lowers the headroom by its invoice.
    await page.goto('/customer');
    await page.getByLabel('Quick compare').fill('Amoxicillin 500 mg capsules');
    await page.getByRole('button', { name: 'Compare prices' }).click();
    await page.getByRole('button', { name: `Build multi-drop order from ${TEMA}` }).click();
    const builder = page.getByRole('dialog', { name: 'Build multi-drop order' });
    await builder.getByLabel('Payment method').selectOption('credit_facility');
    const drops = builder.getByRole('group', { name: /^Drop \d$/ });
    await drops
      .nth(1)
      .getByRole('button', { name: /Remove/ })
      .click();
    await expect(drops).toHaveCount(1);
    await drops.nth(0).getByLabel('Quantity (units)').fill('20');
    await drops.nth(0).getByLabel('Branch name').fill(BRANCH);
    await drops.nth(0).getByLabel('Address').fill('14 Oxford Street, Osu, Accra');
    await builder.getByRole('button', { name: 'Draft order' }).click();
    await expect(toast(page, 'Order drafted. Awaiting approval.')).toBeVisible();
    await page.goto('/customer/orders');
    const card = page.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ }).filter({ hasText: BRANCH });
    const total = (await card
      .locator('dt', { hasText: 'Total value' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent())!;
    // Approval asks first, summing up the invoice and the credit it draws.
    await card.getByRole('button', { name: 'Approve & release shipment' }).click();
    const approval = page.getByRole('dialog', { name: 'Approve and release this order?' });
    const summed = (label: string) =>
      approval.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(summed('Invoice amount')).toHaveText(total);
    await expect(summed('Payment method')).toHaveText('Credit facility');
    await expect(summed('Credit used')).toContainText(total);
    await expect(summed('Due date')).toContainText('days after approval');
    await approval.getByRole('button', { name: 'Approve & release shipment' }).click();
    await expect(toast(page, 'Order approved & invoice generated')).toBeVisible();
    await expect(approval).toBeHidden();
    const invoiceNumber = (await card.getByText(/^INV-\d{4}-\d{6}$/).textContent())!;

    const charged = await headroom(page);
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const invoice = invoices.getByRole('listitem').filter({ hasText: invoiceNumber });
    await expect(invoice).toContainText('On credit');
    await expect(invoice).toContainText('Unpaid');
    const amount = cedis(await invoice.locator('p.font-semibold').textContent());
    expect(amount).toBeGreaterThan(0);
    expect(charged).toBeCloseTo(before - amount, 2);

    // The supplier records the customer's mobile money payment.
    await approver.page.reload();
    const receivables = approver.page.getByRole('region', { name: 'Receivables' });
    const receivable = receivables.getByRole('listitem').filter({ hasText: invoiceNumber });
    await receivable.getByRole('button', { name: 'Record payment' }).click();
    const payment = approver.page.getByRole('dialog', { name: 'Record payment' });
    await expect(payment.getByLabel('Amount received (GH₵)')).toHaveValue(String(amount));
    await expect(payment.getByLabel('Method')).toHaveValue('mobile_money');
    await payment.getByLabel('Reference').fill('MoMo 0244 123 456 / TX88231');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(approver.page, 'Payment recorded')).toBeVisible();
    await expect(receivable).toBeHidden();
    expect(approver.problems).toEqual([]);
    await approver.close();

    // The headroom comes back, and the invoice reads as paid.
    expect(await headroom(page)).toBeCloseTo(before, 2);
    await page
      .getByRole('region', { name: 'Invoices' })
      .getByRole('radio', { name: 'All' })
      .check({ force: true });
    await expect(
      page.getByRole('region', { name: 'Invoices' }).getByRole('listitem').filter({ hasText: invoiceNumber }),
    ).toContainText('Paid');
    expect(buyer.problems).toEqual([]);
    await buyer.close();
  });

  test('a supplier rejects a credit request only once confirmed, saying why, and the buyer reads the reason', async ({
    browser,
  }) => {
    const REASON = 'Please settle the two overdue invoices with us first';
    const approver = await as(browser, CREDIT_CLERK, 'supplier');
    const queue = approver.page.getByRole('region', { name: 'Credit decisioning queue' });
    // The demo's pending request from Volta Wellness Pharmacies.
    const application = queue.getByRole('listitem').filter({ hasText: 'Volta Wellness Pharmacies' });
    await application.getByRole('button', { name: 'Reject' }).click();
    const confirm = approver.page.getByRole('dialog', { name: 'Reject credit application?' });
    await expect(confirm).toContainText('Volta Wellness Pharmacies asked for GH₵45,000.00.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(application).toContainText('Pending');

    await application.getByRole('button', { name: 'Reject' }).click();
    await confirm.getByLabel(/Reason/).fill(REASON);
    await confirm.getByRole('button', { name: 'Reject application' }).click();
    await expect(toast(approver.page, 'Credit application rejected')).toBeVisible();
    await expect(application).toBeHidden();
    await expect(
      approver.page
        .getByRole('region', { name: 'Recent decisions' })
        .getByRole('listitem')
        .filter({ hasText: 'Volta Wellness Pharmacies' })
        .first(),
    ).toContainText(`Reason: ${REASON}`);
    expect(approver.problems).toEqual([]);
    await approver.close();

    const buyer = await as(browser, 'buyer@volta-wellness.demo', 'customer');
    await buyer.page.goto('/customer/credit');
    const request = buyer.page
      .getByRole('region', { name: 'Your requests' })
      .getByRole('listitem')
      .filter({ hasText: TEMA })
      .first();
    await expect(request).toContainText('Rejected');
    await expect(request).toContainText(`Reason: ${REASON}`);
    expect(buyer.problems).toEqual([]);
    await buyer.close();
  });

  test('the credit lines export as credit_lines.csv, and the page fits a phone', async ({ browser }) => {
    const buyer = await as(browser, ACCOUNTS.customer, 'customer', { width: 390, height: 844 });
    const page = buyer.page;
    await page.goto('/customer/credit');
    await expect(page.getByRole('listitem').filter({ hasText: 'Limit set' }).first()).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('credit_lines.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toBe('supplier,limit,balance,status,updated');
    expect(rows.some((row) => row.startsWith(`${TEMA},`))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(buyer.problems).toEqual([]);
    await buyer.close();
  });
});
