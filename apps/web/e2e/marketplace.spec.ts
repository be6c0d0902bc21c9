import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

/** Six active suppliers offer it in the demo data, so three can be compared and a fourth refused. */
const PRODUCT = 'Paracetamol 500 mg tablets';

interface Match {
  name: string;
  unitPrice: number;
  paymentTerms: string;
  creditAvailable: number | null;
  leadTimeDays: number;
}

/** The matches as the API answers the signed-in buyer, to check the screen and the export against. */
async function matchesFromApi(page: Page, productName: string): Promise<Match[]> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await page.request.get('/api/auth/me', { headers })).json()) as { orgId: string };
  const products = (await (
    await page.request.get(`/api/products?q=${encodeURIComponent(productName)}`, { headers })
  ).json()) as Array<{ id: string; name: string }>;
  const product = products.find((p) => p.name === productName)!;
  return (await (
    await page.request.get(`/api/products/${product.id}/suppliers?buyerId=${me.orgId}`, { headers })
  ).json()) as Match[];
}

test.describe('customer marketplace', () => {
  test('searches a product, compares three suppliers, exports the matches and opens a supplier catalogue', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');
    await expect(page.getByRole('heading', { name: 'Marketplace' })).toBeVisible();

    // Search the catalogue and open the product.
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill('paracetamol 500');
    const products = page.getByRole('list', { name: 'Catalogue products' });
    await products
      .getByRole('button', { name: new RegExp(`${PRODUCT.replaceAll(' ', '\\s')}.*Open product details$`) })
      .click();
    const dialog = page.getByRole('dialog', { name: PRODUCT });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('100 tablets per box')).toBeVisible();
    await expect(dialog.getByText(/suppliers stock it, from GH₵/)).toBeVisible();

    // Export to Sheets: the matches as the API gives them, in its order (cheapest first).
    const matches = await matchesFromApi(page, PRODUCT);
    expect(matches.length).toBeGreaterThanOrEqual(4);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export to Sheets' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('paracetamol_500_mg_tablets_supplier_matches.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('supplier,price,paymentTerms,creditAvailable,leadTimeDays');
    const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(rows.errors).toEqual([]);
    expect(rows.data).toHaveLength(matches.length);
    const cheapest = matches[0]!;
    expect(rows.data[0]).toEqual({
      supplier: cheapest.name,
      price: cheapest.unitPrice.toFixed(2),
      paymentTerms: cheapest.paymentTerms || 'Prepaid',
      creditAvailable: cheapest.creditAvailable === null ? '' : cheapest.creditAvailable.toFixed(2),
      leadTimeDays: String(cheapest.leadTimeDays),
    });

    // Launch RFQ only announces itself.
    await dialog.getByRole('button', { name: 'Launch RFQ' }).click();
    await expect(toast(page, `Routing ${PRODUCT} RFQ to marketplace`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Compare three suppliers; a fourth is refused; one is removed again.
    const list = page.getByRole('list', { name: 'Supplier matches' });
    await expect(page.getByRole('heading', { name: `Suppliers for ${PRODUCT}` })).toBeVisible();
    for (const match of matches.slice(0, 3)) {
      await list.getByRole('button', { name: `Compare: ${match.name}` }).click();
      await expect(list.getByRole('button', { name: `Selected: ${match.name}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    const comparison = page.getByRole('table', { name: 'Supplier comparison' });
    await expect(comparison.getByRole('rowheader')).toHaveText(matches.slice(0, 3).map((m) => m.name));
    await list.getByRole('button', { name: `Compare: ${matches[3]!.name}` }).click();
    await expect(toast(page, 'Select up to three suppliers for comparison.')).toBeVisible();
    await expect(comparison.getByRole('rowheader')).toHaveCount(3);
    await comparison.getByRole('button', { name: `Remove ${matches[1]!.name} from comparison` }).click();
    await expect(comparison.getByRole('rowheader')).toHaveText([matches[0]!.name, matches[2]!.name]);

    // A supplier's catalogue from the directory, with expiry badges.
    const directory = page.getByRole('region', { name: 'Supplier directory' });
    await directory.getByRole('button', { name: 'Tema Pharma Distributors', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Tema Pharma Distributors', exact: true });
    await expect(panel.getByRole('heading', { name: 'Tema Pharma Distributors' })).toBeFocused();
    await expect(panel.getByText('Net 30')).toBeVisible();
    const catalogue = panel.getByRole('table', { name: 'Tema Pharma Distributors catalogue' });
    const amoxicillin = catalogue.getByRole('row').filter({ hasText: 'Amoxicillin 500 mg capsules' });
    await expect(amoxicillin).toHaveCount(1);
    await expect(amoxicillin.getByText(/^(Healthy|Expiring soon|No expiry)/)).toBeVisible();

    // An inactive importer publishes nothing.
    // The radio is visually hidden inside its pill; a person clicks the pill.
    await directory.locator('label', { hasText: 'Importers' }).click();
    await expect(directory.getByRole('radio', { name: 'Importers' })).toBeChecked();
    await directory.getByRole('button', { name: 'Harbour Surgical Imports', exact: true }).click();
    await expect(page.getByText('No published inventory for Harbour Surgical Imports yet.')).toBeVisible();

    // Readable on a phone: nothing scrolls the page sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      )
      .toBe(0);

    expect(problems).toEqual([]);
  });
});
