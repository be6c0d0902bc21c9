import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, authForm, chooseType, expectPath, signIn, toast, watchConsole } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
const OTC_SELLER = 'buyer@adom-chemicals.demo';
const PRODUCT = 'Amoxicillin 500 mg capsules';
const SUPPLIER = 'Tema Pharma Distributors';

async function as(browser: Browser, email: string, userType: 'customer' | 'platform') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/admin');
  return { page, problems, close: () => context.close() };
}

/** Drafts a one-drop prepaid order of the product from Tema through the hub's comparison and builder. */
async function draftFromTema(page: Page, branch: string) {
  await page.getByLabel('Quick compare').fill(PRODUCT);
  await page.getByRole('button', { name: 'Compare prices' }).click();
  await page.getByRole('button', { name: `Build multi-drop order from ${SUPPLIER}` }).click();
  const builder = page.getByRole('dialog', { name: 'Build multi-drop order' });
  const drops = builder.getByRole('group', { name: /^Drop \d$/ });
  await expect(drops).toHaveCount(2);
  await drops
    .nth(1)
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(drops).toHaveCount(1);
  await drops.nth(0).getByLabel('Quantity (units)').fill('5');
  await drops.nth(0).getByLabel('Branch name').fill(branch);
  await drops.nth(0).getByLabel('Address').fill('7 Ring Road Central, Accra');
  await builder.getByRole('button', { name: 'Draft order' }).click();
  await expect(toast(page, 'Order drafted. Awaiting approval.')).toBeVisible();
  await expect(builder).toBeHidden();
}

/** The buyer's order card holding the drop this journey named. */
const orderCard = (page: Page, branch: string) =>
  page.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ }).filter({ hasText: branch });

async function tryToApprove(page: Page, branch: string) {
  await page.goto('/customer/orders');
  const card = orderCard(page, branch);
  await expect(card.getByText('AWAITING CUSTOMER APPROVAL')).toBeVisible();
  await card.getByRole('button', { name: 'Approve & release shipment' }).click();
  const approval = page.getByRole('dialog', { name: 'Approve and release this order?' });
  await approval.getByRole('button', { name: 'Approve & release shipment' }).click();
  await expect(approval).toBeHidden();
  return card;
}

test.describe('lawful trade', () => {
  test('a new pharmacy registers with its licence, is refused at approval, is verified by the operator, then approves', async ({
    browser,
  }) => {
    // A long journey across several accounts: on a slow, shared machine it nears the 60 s default.
    test.setTimeout(150_000);
    const stamp = Date.now();
    const email = `owner-${stamp}@osu-pharmacy.test`;
    const pharmacy = `Osu Community Pharmacy ${stamp}`;
    const branch = `Osu branch ${stamp}`;

    // Registration, with the licence in the same form.
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await chooseType(page, 'customer');
    const form = authForm(page);
    await form.getByLabel('Full name').fill('Esi Mensah');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Business name').fill(pharmacy);
    await form.getByLabel('Licence kind').selectOption('retail_pharmacy');
    await form.getByLabel('Licence number').fill(`PCG/RP/GA/${stamp % 100000}`);
    await form.getByLabel('Licence expiry date').fill('2028-06-30');
    await form
      .getByLabel('Licence document')
      .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/customer');
    // The banner says the licence is being checked, and drafting stays open meanwhile.
    await expect(page.getByRole('region', { name: 'Pharmacy licence' })).toContainText(
      'Your licence is being checked.',
    );
    await expect(page.getByRole('region', { name: 'Pharmacy licence' })).toHaveAttribute(
      'data-licence-standing',
      'pending',
    );

    await draftFromTema(page, branch);
    const card = await tryToApprove(page, branch);
    await expect(
      toast(page, `${PRODUCT} can be released only to a buyer with a verified, unexpired pharmacy licence.`),
    ).toBeVisible();
    await expect(card.getByText('AWAITING CUSTOMER APPROVAL')).toBeVisible();

    // The operator verifies it from the licence review queue.
    const admin = await as(browser, ACCOUNTS.platform, 'platform');
    await admin.page.getByRole('button', { name: `Review the licence of ${pharmacy}` }).click();
    const review = admin.page.getByRole('dialog', { name: `Review ${pharmacy}'s licence` });
    await review.getByRole('button', { name: 'Verify…' }).click();
    const confirm = admin.page.getByRole('dialog', { name: `Verify ${pharmacy}'s licence?` });
    await confirm.getByRole('button', { name: 'Confirm: verify' }).click();
    await expect(toast(admin.page, new RegExp(`${pharmacy}'s licence .*verified`))).toBeVisible();
    expect(admin.problems).toEqual([]);
    await admin.close();

    // Now the same draft releases.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Pharmacy licence' })).toBeHidden();
    await tryToApprove(page, branch);
    await expect(toast(page, 'Order approved & invoice generated')).toBeVisible();
    await expect(card.getByText('RELEASED', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('an OTC medicine seller sees class A offers marked and cannot release them', async ({ browser }) => {
    const seller = await as(browser, OTC_SELLER, 'customer');
    const { page } = seller;
    const branch = `Adom shop ${Date.now()}`;

    await page.getByLabel('Quick compare').fill(PRODUCT);
    await page.getByRole('button', { name: 'Compare prices' }).click();
    // The offer is shown, with its class and the reason this buyer may not buy it.
    const refusal = page.locator('[data-eligibility="LICENCE_CLASS_NOT_ALLOWED"]').first();
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('an OTC medicine seller may buy only over-the-counter');
    await expect(page.getByText('POM', { exact: true }).first()).toBeVisible();

    // Drafting stays open; approval is refused with the same reason.
    await draftFromTema(page, branch);
    const card = await tryToApprove(page, branch);
    await expect(
      toast(page, /an OTC medicine seller may buy only over-the-counter \(class C\) medicines/),
    ).toBeVisible();
    await expect(card.getByText('AWAITING CUSTOMER APPROVAL')).toBeVisible();
    expect(seller.problems).toEqual([]);
    await seller.close();
  });
});
