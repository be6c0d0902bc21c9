import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

/** A counter tile's figure, e.g. 'Estimated value' -> 'GH₵4,980.00'. */
function counter(page: Page, label: string) {
  return page
    .locator('dl')
    .filter({ has: page.getByText('Line items', { exact: true }) })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();
}

function line(page: Page, product: string) {
  return page.getByRole('article', { name: product });
}

test.describe('procurement cart', () => {
  test('the buyer reviews the seeded cart, removes a line and drafts orders from the rest', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');
    await page.goto('/customer/cart');
    await expect(page.getByRole('heading', { name: 'Procurement workspace' })).toBeVisible();

    // Ama Mensah's seeded cart: three lines she is weighing up.
    await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('article')).toHaveCount(3);
    await expect(counter(page, 'Line items')).toHaveText('3');
    await expect(counter(page, 'Total quantity')).toHaveText('150');
    await expect(counter(page, 'Estimated value')).toHaveText('GH₵4,980.00');

    const paracetamol = line(page, 'Paracetamol 500 mg tablets');
    await expect(paracetamol.getByText('Manufacturer', { exact: true })).toBeVisible();
    await expect(paracetamol.getByText('Not set')).toBeVisible();
    await expect(paracetamol.getByText('Not provided')).toBeVisible();
    await expect(paracetamol.getByText('No contact phone')).toBeVisible();
    // Left without a target price: the line shows the supplier's offer and nothing beside it.
    const salbutamol = line(page, 'Salbutamol 100 mcg metered-dose inhaler');
    await expect(salbutamol.getByText('Unit price', { exact: true }).locator('+ dd')).toHaveText(
      /^GH₵[\d,]+\.\d{2}$/,
    );
    await expect(salbutamol.getByText('Your target price')).toHaveCount(0);
    await expect(salbutamol.getByText('Yaw Darko')).toBeVisible();

    await paracetamol.getByRole('button', { name: 'Remove Paracetamol 500 mg tablets from cart' }).click();
    await expect(toast(page, 'Removed item from cart')).toBeVisible();
    await expect(paracetamol).toBeHidden();
    await expect(counter(page, 'Line items')).toHaveText('2');
    await expect(counter(page, 'Total quantity')).toHaveText('50');
    await expect(counter(page, 'Estimated value')).toHaveText('GH₵3,155.00');

    // One order per supplier and product: amoxicillin from Tema Pharma, salbutamol from Accra Medilink.
    await page.getByRole('button', { name: 'Draft orders from cart' }).click();
    await expect(toast(page, '2 orders drafted. Awaiting approval.')).toBeVisible();
    const drafted = page.getByRole('region', { name: '2 orders drafted. Awaiting approval.' });
    await expect(drafted.getByText(/^PO-\d{4}-\d{6}$/)).toHaveCount(2);
    await expect(drafted.getByText('Amoxicillin 500 mg capsules · Tema Pharma Distributors')).toBeVisible();
    await expect(
      page.getByText(
        'Your procurement cart is empty. Add medicines from the marketplace to start planning an order.',
      ),
    ).toBeVisible();
    await expect(counter(page, 'Line items')).toHaveText('0');

    await drafted.getByRole('link', { name: 'Review in Orders' }).click();
    await expectPath(page, '/customer/orders');
    expect(problems).toEqual([]);
  });

  test('the buyer adds a supplier match to the cart from the marketplace and sees it in the drawer', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');

    await page.getByLabel('Quick compare').fill('Ibuprofen 400 mg tablets');
    await page.getByRole('button', { name: 'Compare prices' }).click();
    await expect(toast(page, 'Loaded Ibuprofen 400 mg tablets for supplier comparison.')).toBeVisible();
    await page
      .getByRole('button', { name: /^Add to cart from / })
      .first()
      .click();

    const dialog = page.getByRole('dialog', { name: 'Add to cart' });
    await expect(dialog).toContainText('Ibuprofen 400 mg tablets from');
    // The supplier's MOQ and price are the starting values.
    await expect(dialog.getByLabel('Quantity (units)')).not.toHaveValue('');
    await expect(dialog.getByLabel(/^Unit price/)).toHaveValue(/^\d+\.\d{2}$/);
    await dialog.getByLabel('Quantity (units)').fill('0');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toast(page, 'Enter a quantity to add this item to your cart.')).toBeVisible();

    await dialog.getByLabel('Quantity (units)').fill('120');
    await dialog.getByLabel(/^Unit price/).fill('');
    await dialog.getByLabel(/^Delivery location/).fill('  AccraCare Osu, Oxford Street  ');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toast(page, 'Added to procurement cart')).toBeVisible();
    await expect(dialog).toBeHidden();

    const drawer = page.getByRole('dialog', { name: 'Procurement cart' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Ibuprofen 400 mg tablets')).toBeVisible();
    // No target typed: the drawer prices the line at the supplier's offer, with nothing beside it.
    await expect(drawer.getByText(/^120 units × GH₵[\d,]+\.\d{2}$/)).toBeVisible();
    await expect(drawer.getByText(/target price/)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.goto('/customer/cart');
    const added = line(page, 'Ibuprofen 400 mg tablets');
    await expect(added.getByText('120 units')).toBeVisible();
    await expect(added.getByText('AccraCare Osu, Oxford Street', { exact: true })).toBeVisible();
    await expect(added.getByText('Not set')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
