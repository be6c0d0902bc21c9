import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

/** YYYY-MM-DD `days` from today in UTC: the calendar the server computes expiry status in. */
function isoDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A totals tile's figure as a number, e.g. 'GH₵1,015,807.85' -> 1015807.85. */
async function tileNumber(page: Page, label: string): Promise<number> {
  const totals = page.getByRole('region', { name: 'Inventory totals' });
  const text = await totals
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first()
    .innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

const pesewas = (cedis: number) => Math.round(cedis * 100);

test.describe('supplier inventory', () => {
  test('adds a catalogue product, syncs two lots, sees badges and totals, exports CSV and opens a forecast', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await signIn(page, ACCOUNTS.supplier, 'supplier');
    await expectPath(page, '/supplier');
    await expect(page.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    const unitsBefore = await tileNumber(page, 'Units on hand');
    const valueBefore = await tileNumber(page, 'Inventory value');

    // A name with a comma and quotes, so the export's escaping is checked end to end.
    const tag = `E2E ${Date.now().toString(36)}`;
    const name = `Zinc sulfate 20 mg, dispersible "${tag}"`;
    await page.getByRole('button', { name: 'Add catalogue product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add catalogue product' });
    await dialog.getByLabel('Product name').fill(name);
    await dialog.getByLabel('Brand').fill('Kinapharma');
    await dialog.getByLabel('Category').fill('Paediatrics');
    await dialog.getByLabel('Unit of measure').fill('pack');
    await dialog.getByLabel('Items per unit').fill('10 tablets');
    await dialog.getByRole('button', { name: 'Add product' }).click();
    await expect(toast(page, 'Product added. Use the new ID to sync inventory.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The new product is already in the sync form: its id in the field (SPEC §4), its name beneath.
    await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    await expect(page.getByText(`New catalogue product: ${name}`)).toBeVisible();
    await expect(page.getByText(/^Product ID/)).toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await expect(page.getByLabel('Quantity (units)')).toBeFocused();

    const soon = isoDateIn(30);
    const later = isoDateIn(200);
    await page.getByLabel('Quantity (units)').fill('30');
    await page.getByLabel('Unit price (GH₵)').fill('12.50');
    await page.getByLabel(/^Expiry date/).fill(soon);
    await page.getByRole('button', { name: 'Sync stock' }).click();
    await expect(toast(page, 'Inventory synchronised')).toBeVisible();

    // Product and price stay for the product's next lot.
    await expect(page.getByLabel('Quantity (units)')).toHaveValue('');
    await expect(page.getByLabel('Unit price (GH₵)')).toHaveValue('12.50');
    await page.getByLabel('Quantity (units)').fill('200');
    await page.getByLabel(/^Expiry date/).fill(later);
    await page.getByRole('button', { name: 'Sync stock' }).click();
    await expect(toast(page, 'Inventory synchronised')).toHaveCount(2);

    // This run's tag only: a retry finds the first attempt's lots too. The server filters, and the
    // filter goes to the URL.
    await page.getByRole('searchbox', { name: 'Product' }).fill(tag);
    await expect(page).toHaveURL(/[?&]invProduct=/);
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByText('Expiring soon · 30 days')).toBeVisible();
    await expect(table.getByText('Healthy · 200 days')).toBeVisible();
    await expect(table.getByText('GH₵12.50')).toHaveCount(2);

    // 230 more units worth 230 × 12.50 = 2,875.00, to the pesewa.
    await expect.poll(() => tileNumber(page, 'Units on hand')).toBe(unitsBefore + 230);
    await expect
      .poll(async () => pesewas(await tileNumber(page, 'Inventory value')))
      .toBe(pesewas(valueBefore) + 287_500);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('inventory_export.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header] = csv.split('\r\n');
    // SPEC's six columns first and in order, then the lot's batch and recall (issue 16).
    expect(header).toBe('product,units,unitPrice,expiry,status,daysUntilExpiry,batch,recall');
    // The comma and quotes in the name are quoted and doubled, so the line still has its eight fields.
    expect(csv).toContain(`"${name.replaceAll('"', '""')}",30,12.50,${soon},expiring_soon,30,,`);
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const ours = parsed.data.filter((row) => row.product === name);
    expect(ours).toEqual([
      {
        product: name,
        units: '30',
        unitPrice: '12.50',
        expiry: soon,
        status: 'expiring_soon',
        daysUntilExpiry: '30',
        batch: '',
        recall: '',
      },
      {
        product: name,
        units: '200',
        unitPrice: '12.50',
        expiry: later,
        status: 'healthy',
        daysUntilExpiry: '200',
        batch: '',
        recall: '',
      },
    ]);
    // The server writes the lots the table's filters match (issue 17), so only this run's two.
    expect(parsed.data).toEqual(ours);

    // A product Tema has sold for months: the forecast has history, a projection and commentary.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}` };
    const rows = (await (await page.request.get('/api/inventory', { headers })).json()) as Array<{
      product: { id: string; name: string };
    }>;
    const amoxicillin = rows.find((row) => row.product.name === 'Amoxicillin 500 mg capsules')!.product;
    const forecast = (await (
      await page.request.get(`/api/inventory/forecast/${amoxicillin.id}`, { headers })
    ).json()) as { commentary: string | null };

    await page.getByRole('searchbox', { name: 'Product' }).fill(amoxicillin.name);
    await table
      .getByRole('button', { name: `Forecast for ${amoxicillin.name}` })
      .first()
      .click();
    const panel = page.getByRole('region', { name: 'AI demand forecast' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Experiment', { exact: true })).toBeVisible();
    await expect(panel.getByText(amoxicillin.name)).toBeVisible();
    await expect(panel.locator('svg.recharts-surface').first()).toBeVisible();
    await expect(panel.getByText('Units released', { exact: true })).toBeVisible();
    // The baseline: a horizontal line (no height, so checked by count) and its legend entry.
    await expect(panel.locator('.recharts-reference-line-line')).toHaveCount(1);
    await expect(panel.getByText(/^Baseline \d/)).toBeVisible();
    await expect(
      panel.getByText(forecast.commentary ?? 'No commentary is available for this product yet.'),
    ).toBeVisible();
    // Exact: the commentary may speak of weeks of cover too.
    await expect(panel.getByText('Weeks of cover', { exact: true })).toBeVisible();
    // The model and its parameters are kept out of the main text, behind the disclosure.
    await expect(panel.getByText(/^(Holt α \d\.\d\d · β \d\.\d\d|Recent average)$/)).toBeHidden();
    await panel.getByText('How this is worked out').click();
    await expect(panel.getByText(/^(Holt α \d\.\d\d · β \d\.\d\d|Recent average)$/)).toBeVisible();

    await panel.getByRole('button', { name: 'Close forecast' }).click();
    await expect(panel).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('a shipping clerk does not see the Inventory tab', async ({ page }) => {
    await signIn(page, ACCOUNTS.shippingClerk, 'supplier');
    await expectPath(page, '/supplier');
    await expect(page.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Inventory' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Current inventory' })).toHaveCount(0);
  });
});
