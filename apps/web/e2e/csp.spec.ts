import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn } from './support';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/**
 * Records every Content-Security-Policy violation the browser reports in any document of the page,
 * and every console error or uncaught error mentioning the policy. A violation caught and swallowed
 * in the app (zod's `new Function` probe was one) still fires the event, so the event is the witness,
 * not only the console.
 */
async function watchPolicy(page: Page) {
  const violations: Violation[] = [];
  const problems: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: Violation) => void })
        .__reportCspViolation;
      report({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        sample: event.sample,
      });
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to|unsafe-eval/i.test(msg.text()))
      problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return { violations, problems };
}

test.describe('the app runs under its Content-Security-Policy', () => {
  test('the server sends a policy without unsafe-eval', async ({ request }) => {
    const res = await request.get('/login');
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
  });

  for (const [kind, email, home, heading] of [
    ['customer', ACCOUNTS.customer, '/customer', 'Marketplace'],
    ['supplier', ACCOUNTS.supplier, '/supplier', /cockpit$/],
    ['platform', ACCOUNTS.platform, '/admin', 'Platform command centre'],
  ] as const) {
    test(`/login and ${home} load, validate and sign a ${kind} user in with no policy violation`, async ({
      page,
    }) => {
      const { violations, problems } = await watchPolicy(page);

      // A submit with bad values runs the form's zod schemas in the browser before any request.
      await page.goto('/login');
      const form = page.locator('#auth-form');
      await form.getByLabel('Email', { exact: true }).fill('not-an-email');
      await form.getByRole('button', { name: 'Sign in' }).click();
      await expect(form.getByText('Please enter a valid email address')).toBeVisible();

      // Signing in parses the server's answers with the shared zod contracts.
      await signIn(page, email, kind);
      await expectPath(page, home);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

      // A fresh load of the signed-in page, as a returning user has it.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();

      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
