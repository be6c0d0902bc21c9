import { expect, test, type Page } from '@playwright/test';
import { authForm, chooseType, expectPath, toast, watchConsole } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

async function fillSupplier(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await chooseType(page, 'supplier');
  const form = authForm(page);
  await form.getByLabel('Full name').fill('Yaw Darko');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill('secret123');
  await form.getByLabel('Business name').fill('Darko Pharma Imports');
  await form.getByLabel('Organisation phone').fill('+233 30 222 1111');
  await form.getByLabel('Organisation location').fill('Accra');
  await form.getByLabel('Supplier category').selectOption('importer');
  await form.getByLabel('Delivery address').fill('12 Spintex Road, Accra');
  await form.getByLabel('Delivery contact name').fill('Akosua Darko');
  await form.getByLabel('Delivery contact phone').fill('+233 24 555 0000');
  await form.getByLabel('Approver emails').fill('finance@darko.test, ops@darko.test');
  return form;
}

test.describe('registration', () => {
  test('a supplier registers with a licence file and lands on a cockpit pending review', async ({ page }) => {
    const problems = watchConsole(page);
    const email = `owner-${Date.now()}@darko.test`;
    const form = await fillSupplier(page, email);
    await form
      .getByLabel('Licensure document')
      .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/supplier');
    await expect(toast(page, /Welcome to Aduro/)).toBeVisible();
    await expect(page.getByText('Your organisation is pending review')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('every missing supplier field shows its message with the review toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await chooseType(page, 'supplier');
    const form = authForm(page);
    await form.getByLabel('Full name').fill('Al');
    await form.getByLabel('Business name').fill(' ');
    await form.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'Tell us who you are',
      'Business name is required',
      'Select the supplier category that best describes your organisation',
      'Upload a licensure document we can verify',
      'Add at least one approver email',
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(toast(page, 'Please review the highlighted details.')).toBeVisible();
    await form.getByLabel('Approver emails').fill('ok@x.test, nope');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Approver email "nope" is invalid')).toBeVisible();
  });

  test('an oversize licence is refused before upload with the field message and the toast', async ({
    page,
  }) => {
    const form = await fillSupplier(page, `big-${Date.now()}@darko.test`);
    await form.getByLabel('Licensure document').setInputFiles({
      name: 'licence.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(20_971_521, 0x25),
    });
    await expect(form.getByText('File must be 20MB or smaller')).toBeVisible();
    await expect(toast(page, 'Licensure document must be 20MB or smaller')).toBeVisible();
  });

  test('a mislabelled licence is refused by the server by its content', async ({ page }) => {
    const form = await fillSupplier(page, `fake-${Date.now()}@darko.test`);
    await form.getByLabel('Licensure document').setInputFiles({
      name: 'licence.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just text pretending to be a PDF'),
    });
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(toast(page, 'Upload a PDF, PNG, JPG, DOC or DOCX file')).toBeVisible();
    await expectPath(page, '/login');
  });

  test('leaving the supplier type clears the supplier fields and the file', async ({ page }) => {
    const form = await fillSupplier(page, `switch-${Date.now()}@darko.test`);
    await form
      .getByLabel('Licensure document')
      .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
    await chooseType(page, 'customer');
    await expect(form.getByLabel('Supplier category')).toHaveCount(0);
    await chooseType(page, 'supplier');
    await expect(form.getByLabel('Supplier category')).toHaveValue('');
    await expect(form.getByLabel('Delivery address')).toHaveValue('');
    await expect(form.getByLabel('Approver emails')).toHaveValue('');
    await expect(form.getByText(/Selected: licence\.pdf/)).toHaveCount(0);
  });

  test('a customer registers and lands on the customer hub', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await chooseType(page, 'customer');
    const form = authForm(page);
    await form.getByLabel('Full name').fill('Abena Owusu');
    await form.getByLabel('Email', { exact: true }).fill(`abena-${Date.now()}@pharmacy.test`);
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/customer');
  });
});
