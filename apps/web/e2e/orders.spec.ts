import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

const BRANCH = 'Osu branch (orders journey)';

async function as(browser: Browser, email: string, userType: 'customer' | 'supplier') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/supplier');
  return { page, problems, close: () => context.close() };
}

/** The order card holding the drop this journey named. */
const orderCard = (page: Page) =>
  page.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ }).filter({ hasText: BRANCH });

test.describe('orders', () => {
  test('a buyer drafts a two-drop credit order, approves it; the supplier ships one drop and cancels the other', async ({
    browser,
  }) => {
    const buyer = await as(browser, ACCOUNTS.customer, 'customer');
    let page = buyer.page;
    await page.getByLabel('Quick compare').fill('Amoxicillin 500 mg capsules');
    await page.getByRole('button', { name: 'Compare prices' }).click();
    await page.getByRole('button', { name: 'Build multi-drop order from Tema Pharma Distributors' }).click();

    const builder = page.getByRole('dialog', { name: 'Build multi-drop order' });
    const drops = builder.getByRole('group', { name: /^Drop \d$/ });
    await expect(drops).toHaveCount(2);
    await expect(drops.nth(0).getByLabel('Quantity (units)')).toHaveValue('50');
    await expect(drops.nth(1).getByLabel('Quantity (units)')).toHaveValue('40');
    await builder.getByLabel('Payment method').selectOption('credit_facility');

    // Far more than the credit line can carry: the shortfall shows and drafting is off.
    await drops.nth(0).getByLabel('Quantity (units)').fill('100000');
    await expect(builder.getByRole('alert')).toHaveText(
      'Not enough credit to cover this order. Reduce quantities or switch to prepaid.',
    );
    await expect(builder.getByRole('button', { name: 'Draft order' })).toBeDisabled();
    await drops.nth(0).getByLabel('Quantity (units)').fill('30');
    await expect(builder.getByRole('alert')).toBeHidden();

    await drops.nth(0).getByLabel('Branch name').fill(BRANCH);
    await drops.nth(0).getByLabel('Address').fill('14 Oxford Street, Osu, Accra');
    await drops.nth(1).getByLabel('Branch name').fill('Tema Community 1 branch');
    await drops.nth(1).getByLabel('Address').fill('Harbour Road, Community 1, Tema');
    await builder.getByRole('button', { name: 'Draft order' }).click();
    await expect(toast(page, 'Order drafted. Awaiting approval.')).toBeVisible();
    await expect(builder).toBeHidden();

    await page.goto('/customer/orders');
    const card = orderCard(page);
    await expect(card.getByText('AWAITING CUSTOMER APPROVAL')).toBeVisible();
    await card.getByRole('button', { name: 'Approve & release shipment' }).click();
    // Approval asks first: the invoice, its due date, the method and the credit it draws.
    const approval = page.getByRole('dialog', { name: 'Approve and release this order?' });
    await expect(approval).toContainText('Invoice amount');
    await expect(approval).toContainText('Credit used');
    await approval.getByRole('button', { name: 'Approve & release shipment' }).click();
    await expect(toast(page, 'Order approved & invoice generated')).toBeVisible();
    await expect(card.getByText(/^INV-\d{4}-\d{6}$/)).toBeVisible();
    await expect(card.getByText('RELEASED', { exact: true })).toBeVisible();
    expect(buyer.problems).toEqual([]);

    // The supplier's shipping clerk moves the drops.
    const clerk = await as(browser, ACCOUNTS.shippingClerk, 'supplier');
    const shipping = orderCard(clerk.page);
    const dialog = clerk.page.getByRole('dialog');
    await shipping.getByRole('button', { name: 'Mark Shipped, drop 1' }).click();
    await dialog.getByLabel('Tracking number').fill('GH-POST-7731');
    await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(toast(clerk.page, 'Drop Shipped')).toBeVisible();
    await expect(shipping.getByText(/Tracking GH-POST-7731/)).toBeVisible();
    await shipping.getByRole('button', { name: 'Mark Out for Delivery, drop 1' }).click();
    await dialog.getByRole('button', { name: 'Mark Out for Delivery' }).click();
    await expect(toast(clerk.page, 'Drop Out for Delivery')).toBeVisible();
    await shipping.getByRole('button', { name: 'Mark Delivered, drop 1' }).click();
    await dialog.getByRole('button', { name: 'Mark Delivered' }).click();
    await expect(toast(clerk.page, 'Drop Delivered')).toBeVisible();
    await shipping.getByRole('button', { name: 'Cancel drop 2' }).click();
    await dialog.getByRole('button', { name: 'Cancel drop' }).click();
    await expect(toast(clerk.page, 'Drop Cancelled')).toBeVisible();
    // Delivered and cancelled: nothing left to move, so the order leaves the outgoing list.
    await expect(shipping).toBeHidden();
    expect(clerk.problems).toEqual([]);
    await clerk.close();

    // The buyer sees the final statuses.
    page = buyer.page;
    await page.reload();
    const done = orderCard(page);
    await expect(done.getByText('DELIVERED', { exact: true })).toBeVisible();
    await expect(done.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(done.getByText('Cancelled', { exact: true })).toBeVisible();
    await done.getByRole('button', { name: 'History' }).click();
    await expect(done.getByText(/Drop 2: Awaiting Dispatch →/)).toBeVisible();
    expect(buyer.problems).toEqual([]);
    await buyer.close();
  });
});
