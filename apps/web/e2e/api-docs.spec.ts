import { expect, test } from '@playwright/test';
import { watchConsole } from './support';

test('the OpenAPI documentation renders at /api/docs under the security policy', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/api/docs');
  await expect(page.getByText('Aduro API').first()).toBeVisible();
  await expect(page.getByText('/api/auth/login').first()).toBeVisible();
  expect(problems).toEqual([]);
});
