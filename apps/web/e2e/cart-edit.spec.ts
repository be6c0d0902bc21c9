import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectPath, signIn, toast, watchConsole } from './support';

/** A buyer no other journey uses, so this one starts from an empty cart and its own orders. */
const BUYER = 'buyer@kejetia-health.demo';
const PRODUCT = 'Paracetamol 500 mg tablets';

/** '1,234.50' in a text such as 'GH₵1,234.50' as whole pesewas. */
function pesewasIn(text: string): number {
  const match = /GH₵([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in "${text}"`);
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2]);
}

/** Pesewas as the app writes them: 'GH₵1,234.50'. */
function cedis(pesewas: number): string {
  const whole = Math.floor(pesewas / 100).toLocaleString('en-GB');
  return `GH₵${whole}.${String(pesewas % 100).padStart(2, '0')}`;
}

/** A count of units as the app writes it: '1,200 units'. */
const units = (count: number) => `${count.toLocaleString('en-GB')} units`;

/** The amount beside one label of a line's money column (a dt and its dd). */
function money(line: Locator, label: string): Locator {
  return line.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
}

function counter(page: Page, label: string): Locator {
  return page
    .locator('dl')
    .filter({ has: page.getByText('Line items', { exact: true }) })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();
}

/** Serious or critical WCAG 2.1 AA violations inside the scopes, once animations have ended. */
async function axeViolations(page: Page, ...scopes: string[]) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const scope of scopes) axe = axe.include(scope);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('editing the cart', () => {
  test('the buyer adds a line twice, edits it, and drafts the order at the price the cart showed', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await signIn(page, BUYER, 'customer');
    await expectPath(page, '/customer');

    await page.getByLabel('Quick compare').fill(PRODUCT);
    await page.getByRole('button', { name: 'Compare prices' }).click();
    await expect(toast(page, `Loaded ${PRODUCT} for supplier comparison.`)).toBeVisible();
    const addButton = page.getByRole('button', { name: /^Add to cart from / }).first();
    const supplier = ((await addButton.getAttribute('aria-label')) ?? '').replace('Add to cart from ', '');

    // The first add: a target price under the offer, for the Adum branch.
    await addButton.click();
    let dialog = page.getByRole('dialog', { name: 'Add to cart' });
    const offer = pesewasIn(
      (await dialog
        .locator('span', { hasText: /^Supplier price/ })
        .first()
        .textContent()) ?? '',
    );
    const moq = Number(await dialog.getByLabel('Quantity (units)').inputValue());
    await dialog.getByLabel(/^Unit price/).fill('0.50');
    await dialog.getByLabel(/^Delivery location/).fill('Kejetia Health Adum');
    // The estimate is the offer's, not the target's.
    await expect(dialog.getByText('Estimated line total').locator('+ span')).toHaveText(cedis(moq * offer));
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toast(page, 'Added to procurement cart')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Procurement cart' })).toBeHidden();

    // The same product, supplier and branch again (spelt differently): its units join the line.
    await addButton.click();
    dialog = page.getByRole('dialog', { name: 'Add to cart' });
    await dialog.getByLabel(/^Unit price/).fill('');
    await dialog.getByLabel(/^Delivery location/).fill('kejetia health  adum');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Procurement cart' });
    await expect(drawer.getByText(`1 line · ${units(2 * moq)}`)).toBeVisible();
    await drawer.getByRole('link', { name: 'Open cart' }).click();
    await expectPath(page, '/customer/cart');

    const line = page.getByRole('article', { name: PRODUCT });
    await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('article')).toHaveCount(1);
    await expect(line.getByText(units(2 * moq))).toBeVisible();
    await expect(money(line, 'Unit price')).toHaveText(cedis(offer));
    await expect(money(line, 'Your target price')).toHaveText('GH₵0.50');
    await expect(money(line, 'Line total')).toHaveText(cedis(2 * moq * offer));
    await expect(line.getByText('Kejetia Health Adum', { exact: true })).toBeVisible();
    // The lines and the drafting panel, as this change draws them (the top bar is audited elsewhere).
    expect(
      await axeViolations(
        page,
        '[aria-label="Cart totals"]',
        '[aria-labelledby="cart-lines-title"]',
        '[aria-labelledby="cart-checkout-title"]',
      ),
    ).toEqual([]);

    // Edit: more units, to the Suame branch, with a contact.
    const quantity = 2 * moq + 15;
    const edit = line.getByRole('button', { name: `Edit ${PRODUCT}` });
    await edit.click();
    const editor = page.getByRole('dialog', { name: 'Edit cart line' });
    await expect(editor).toContainText(`${PRODUCT} from ${supplier}`);
    await expect(editor.getByLabel('Quantity (units)')).toHaveValue(String(2 * moq));
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await editor.getByLabel('Quantity (units)').fill('0');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expect(editor.getByText('Enter a quantity to add this item to your cart.')).toBeVisible();
    await editor.getByLabel('Quantity (units)').fill(String(quantity));
    await editor.getByLabel(/^Delivery location/).fill('Kejetia Health Suame');
    await editor.getByLabel(/^Contact name/).fill('Afua Agyeman');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Cart line updated')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(edit).toBeFocused();

    await expect(line.getByText(units(quantity))).toBeVisible();
    await expect(line.getByText('Kejetia Health Suame', { exact: true })).toBeVisible();
    await expect(line.getByText('Afua Agyeman')).toBeVisible();
    const shown = cedis(quantity * offer);
    await expect(money(line, 'Line total')).toHaveText(shown);
    await expect(counter(page, 'Estimated value')).toHaveText(shown);

    // Drafting charges what the cart showed.
    await page.getByRole('button', { name: 'Draft orders from cart' }).click();
    await expect(toast(page, 'Order drafted. Awaiting approval.')).toBeVisible();
    const drafted = page.getByRole('region', { name: 'Order drafted. Awaiting approval.' });
    await expect(drafted.getByText(shown, { exact: true })).toBeVisible();
    const number = (await drafted.getByText(/^PO-\d{4}-\d{6}$/).textContent()) ?? '';

    await drafted.getByRole('link', { name: 'Review in Orders' }).click();
    await expectPath(page, '/customer/orders');
    const card = page.getByRole('region', { name: new RegExp(`, ${number}$`) });
    await expect(card.getByText(shown, { exact: true })).toBeVisible();
    await expect(card.getByText('Kejetia Health Suame').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
