import { expect, test } from '@playwright/test';
import { ACCOUNTS, authForm, chooseType, expectPath, signIn, toast, watchConsole } from './support';

test.describe('sign-in', () => {
  for (const [userType, email, home] of [
    ['customer', ACCOUNTS.customer, '/customer'],
    ['supplier', ACCOUNTS.supplier, '/supplier'],
    ['platform', ACCOUNTS.platform, '/admin'],
  ] as const) {
    test(`a ${userType} signs in and lands on ${home}`, async ({ page }) => {
      const problems = watchConsole(page);
      await signIn(page, email, userType);
      await expectPath(page, home);
      await expect(toast(page, 'Welcome back')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toMatch(/^ey/);
      expect(problems).toEqual([]);
    });
  }

  test('the form starts with a demo account and signs it in', async ({ page }) => {
    await page.goto('/login');
    const form = authForm(page);
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(ACCOUNTS.customer);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/customer');
  });

  test('a wrong password and an unknown e-mail show only the error toast', async ({ page }) => {
    const attempts = [
      { email: ACCOUNTS.customer, type: 'customer', password: 'wrong-password' },
      { email: 'nobody@nowhere.test', type: 'customer', password: 'demo1234' },
      // A wrong password never reveals the account's type.
      { email: ACCOUNTS.supplier, type: 'customer', password: 'wrong-password' },
    ] as const;
    for (const attempt of attempts) {
      await signIn(page, attempt.email, attempt.type, attempt.password);
      await expect(toast(page, 'Invalid email or password')).toBeVisible();
      await expectPath(page, '/login');
      // The form stays as it was typed.
      await expect(authForm(page).getByLabel('Email', { exact: true })).toHaveValue(attempt.email);
      await page.evaluate(() => window.localStorage.clear());
    }
  });

  test('the right password with the wrong account type names the type to choose', async ({ page }) => {
    const message = 'This is a supplier account. Choose Supplier to sign in.';
    await signIn(page, ACCOUNTS.supplier, 'customer', 'demo1234');
    await expect(toast(page, message)).toBeVisible();
    await expect(authForm(page).getByText(message)).toBeVisible();
    await expectPath(page, '/login');
    await chooseType(page, 'supplier');
    await authForm(page).getByRole('button', { name: 'Sign in' }).click();
    await expectPath(page, '/supplier');
  });

  test('invalid input shows the SPEC messages under the fields and the review toast', async ({ page }) => {
    await page.goto('/login');
    const form = authForm(page);
    await form.getByLabel('Email', { exact: true }).fill('not-an-email');
    await form.getByLabel('Password', { exact: true }).fill('123');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(toast(page, 'Please review the highlighted details.')).toBeVisible();
    await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectPath(page, '/login');
  });

  test("'Admin sign-in' switches to sign-in as platform, and registration never offers platform", async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    const form = authForm(page);
    await expect(form.getByRole('radio', { name: /^Platform/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Admin sign-in' }).click();
    await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    await expect(form.getByRole('radio', { name: /^Platform/ })).toBeChecked();
    // Switching to registration while the type is platform changes it to customer.
    await page.getByRole('tab', { name: 'Create account' }).click();
    await expect(form.getByRole('radio', { name: /^Customer/ })).toBeChecked();
    await chooseType(page, 'supplier');
    await expect(form.getByLabel('Supplier category')).toBeVisible();
  });

  test('signing out shows "Signed out", forgets the token and guards the areas again', async ({ page }) => {
    await signIn(page, ACCOUNTS.customer, 'customer');
    await expectPath(page, '/customer');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(toast(page, 'Signed out')).toBeVisible();
    await expectPath(page, '/login');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.goto('/customer/orders');
    await expectPath(page, '/login');
  });
});
