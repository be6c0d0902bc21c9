import { readFile } from 'node:fs/promises';
import { expect, test, type Browser } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expectPath, signIn, toast, watchConsole } from './support';

const PENDING_SUPPLIER = 'Harbour Surgical Imports';
/** The demo's supplier that registered and was never activated: its licence awaits review. */
const AWAITING_SUPPLIER = 'Northstar Medical Imports';
const PENDING_ADMIN = 'admin@harbour-surgical.demo';
const PRODUCT = 'Paracetamol 500 mg tablets';

async function as(
  browser: Browser,
  email: string,
  userType: 'customer' | 'platform',
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/admin');
  return { page, problems, close: () => context.close() };
}

test.describe('platform administration', () => {
  test("an admin reviews a new supplier's licence, activates it, and its offer reaches a customer", async ({
    browser,
    request,
  }) => {
    // A long journey across several accounts: on a slow, shared machine it nears the 60 s default.
    test.setTimeout(150_000);
    // The supplier pending review has prepared stock, as its users may before activation.
    const login = await request.post('/api/auth/login', {
      data: { email: PENDING_ADMIN, password: DEMO_PASSWORD, userType: 'supplier' },
    });
    const headers = {
      Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}`,
    };
    const products = (await (
      await request.get(`/api/products?q=${encodeURIComponent('paracetamol 500')}`, { headers })
    ).json()) as {
      id: string;
      name: string;
    }[];
    const product = products.find((p) => p.name === PRODUCT)!;
    const expiry = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    const synced = await request.post('/api/inventory', {
      headers,
      data: { productId: product.id, quantity: 5_000, unitPrice: 9.5, expiryDate: expiry },
    });
    expect(synced.status()).toBe(200);

    const buyer = await as(browser, ACCOUNTS.customer, 'customer');
    const compare = async () => {
      await buyer.page.goto('/customer');
      await buyer.page.getByLabel('Quick compare').fill(PRODUCT);
      await buyer.page.getByRole('button', { name: 'Compare prices' }).click();
      await expect(
        buyer.page.getByRole('button', { name: /^Build multi-drop order from / }).first(),
      ).toBeVisible();
    };
    await compare();
    await expect(
      buyer.page.getByRole('button', { name: `Build multi-drop order from ${PENDING_SUPPLIER}` }),
    ).toHaveCount(0);

    const admin = await as(browser, ACCOUNTS.platform, 'platform');
    const page = admin.page;
    await expect(page.getByRole('heading', { name: 'Platform command centre' })).toBeVisible();
    await expect(
      page.locator('dt', { hasText: 'Active suppliers' }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(/^\d+$/);
    const activeBefore = Number(
      await page
        .locator('dt', { hasText: 'Active suppliers' })
        .locator('xpath=following-sibling::dd[1]')
        .textContent(),
    );
    // A supplier that never traded awaits its licence review: counted and shown apart from the deactivated.
    await expect(
      page.locator('dt', { hasText: 'Active suppliers' }).locator('xpath=following-sibling::dd[2]'),
    ).toHaveText(/^\d+ awaiting review$/);
    const entities = page.getByRole('region', { name: 'Entity management' });
    await entities.getByRole('radio', { name: 'Suppliers' }).check({ force: true });
    const awaiting = entities.getByRole('listitem', { name: AWAITING_SUPPLIER });
    await expect(awaiting.getByText('Awaiting review', { exact: true })).toBeVisible();
    await expect(awaiting.getByText('Deactivated', { exact: true })).toHaveCount(0);
    const row = entities.getByRole('listitem', { name: PENDING_SUPPLIER });
    await expect(row.getByText('Deactivated')).toBeVisible();

    // The licence opens in a new tab, fetched with the administrator's token.
    const [licence] = await Promise.all([
      page.context().waitForEvent('page'),
      row.getByRole('button', { name: 'View licence' }).click(),
    ]);
    await expect.poll(() => licence.url()).toMatch(/^blob:/);
    await licence.close();

    // Activating asks first, and for the reason; Cancel changes nothing.
    await row.getByRole('button', { name: `Activate ${PENDING_SUPPLIER}` }).click();
    let confirm = page.getByRole('dialog', { name: `Activate ${PENDING_SUPPLIER}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row.getByText('Deactivated')).toBeVisible();
    await row.getByRole('button', { name: `Activate ${PENDING_SUPPLIER}` }).click();
    await confirm.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(confirm.getByText('Give the reason for this change')).toBeVisible();
    await confirm.getByLabel('Reason').fill('Renewed wholesale licence checked on the FDA register');
    await confirm.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(toast(page, `${PENDING_SUPPLIER} activated`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(
      page.locator('dt', { hasText: 'Active suppliers' }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(String(activeBefore + 1));

    // The customer now finds the supplier's offer.
    await compare();
    await expect(
      buyer.page.getByRole('button', { name: `Build multi-drop order from ${PENDING_SUPPLIER}` }),
    ).toBeVisible();

    // Deactivated again, for a reason the trail keeps, it leaves the customer's matches.
    await row.getByRole('button', { name: `Deactivate ${PENDING_SUPPLIER}` }).click();
    confirm = page.getByRole('dialog', { name: `Deactivate ${PENDING_SUPPLIER}?` });
    await expect(confirm).toContainText('Its offers leave the marketplace at once');
    await confirm.getByLabel('Reason').fill('Cold-chain audit failed');
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(toast(page, `${PENDING_SUPPLIER} deactivated`)).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Activity' })
        .getByText(`Supplier ${PENDING_SUPPLIER} deactivated: “Cold-chain audit failed”`),
    ).toBeVisible();
    await compare();
    await expect(
      buyer.page.getByRole('button', { name: `Build multi-drop order from ${PENDING_SUPPLIER}` }),
    ).toHaveCount(0);

    expect(admin.problems).toEqual([]);
    expect(buyer.problems).toEqual([]);
    await admin.close();
    await buyer.close();
  });

  test('the admin page shows the market summary and exports entities.csv, and fits a phone', async ({
    browser,
  }) => {
    const admin = await as(browser, ACCOUNTS.platform, 'platform', { width: 390, height: 844 });
    const page = admin.page;
    const summary = page.getByRole('region', { name: 'AI market summary' });
    await expect(summary.getByText(/^Sample size \d+$/)).toBeVisible();
    await expect(summary.getByText('Fallback heuristics')).toBeVisible();
    await expect(summary.getByRole('heading', { name: 'Key trends' })).toBeVisible();
    await expect(summary.getByRole('heading', { name: 'Recommended actions' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'GMV by week' })).toContainText('over the last 12 weeks');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: 'Entity management' })
        .getByRole('button', { name: 'Export CSV' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('entities.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toBe('name,kind,users,active,paymentTerms');
    expect(rows.some((r) => r.startsWith('Tema Pharma Distributors,supplier,'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(admin.problems).toEqual([]);
    await admin.close();
  });
});
