import { expect, test } from '@playwright/test';
import { expectPath, signIn, toast, watchConsole } from './support';

/** YYYY-MM-DD `days` from today in UTC: the calendar the server computes expiry status in. */
function isoDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\r\n') + '\r\n'),
});

/** Where the journey leaves its screenshots, for people to look at (not compared). */
const shot = (name: string) => ({ path: `test-results/inventory-import/${name}.png` });

test.describe('stock import', () => {
  test('imports a file with one bad row, fixes it, applies it and finds the new lot', async ({ page }) => {
    test.setTimeout(150_000);
    const problems = watchConsole(page);
    await signIn(page, 'stock@tema-pharma.demo', 'supplier');
    await expectPath(page, '/supplier');

    const tag = Date.now().toString(36).toUpperCase().slice(-6);
    const expiry = isoDateIn(400);
    const [y, m, d] = expiry.split('-');
    const header = 'Product,Batch number,Expiry date,Quantity,Unit price';
    const good = `Metronidazole 400 mg tablets,IMP${tag}A,${expiry},120,3.50`;

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import stock and prices' });
    await expect(dialog.getByRole('button', { name: 'Download template' })).toBeVisible();
    await page.screenshot(shot('choose'));

    // The first file: one row names a product the catalogue does not have.
    await dialog
      .getByLabel('Stock file')
      .setInputFiles(
        csvFile('stock.csv', [header, good, `Metronidazol 400,IMP${tag}B,${d}/${m}/${y},40,3.50`]),
      );
    await expect(dialog.getByRole('radio', { name: 'Errors' })).toBeChecked();
    const bad = dialog.locator('tr[data-line="3"]');
    await expect(bad).toContainText('Error');
    await expect(
      dialog
        .getByRole('table')
        .getByText('No product in the catalogue has the id, GTIN or name “Metronidazol 400”.'),
    ).toBeVisible();
    await page.screenshot(shot('preview-errors'));
    await dialog.getByRole('radio', { name: 'All' }).check({ force: true });
    await expect(dialog.locator('tr[data-line="2"]')).toContainText('New lot');

    // Fixed in the spreadsheet and chosen again.
    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    await dialog
      .getByLabel('Stock file')
      .setInputFiles(
        csvFile('stock-fixed.csv', [
          header,
          good,
          `Metronidazole 400 mg tablets,IMP${tag}B,${d}/${m}/${y},40,3.50`,
        ]),
      );
    await expect(dialog.getByText('stock-fixed.csv')).toBeVisible();
    await expect(dialog.locator('dt:text-is("Errors") + dd')).toHaveText('0');
    await dialog.getByRole('button', { name: 'Apply 2 rows' }).click();

    await expect(dialog.getByText('Your stock is updated.')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.locator('dt:text-is("Lots created") + dd')).toHaveText('2');
    await expect(toast(page, 'Import applied')).toBeVisible();
    await page.screenshot(shot('summary'));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The new lot is in the inventory list.
    await page.getByLabel('Batch', { exact: true }).fill(`IMP${tag}A`);
    const table = page.getByRole('table');
    await expect(table.getByText(`IMP${tag}A`)).toBeVisible();
    await expect(table).toContainText('Metronidazole 400 mg tablets');
    expect(problems).toEqual([]);
  });
});
