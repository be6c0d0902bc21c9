import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** The secret the e2e server signs tokens with, so tests can make expired and removed-user tokens. */
export const E2E_AUTH_SECRET = 'e2e-secret-that-is-long-enough-for-signing-tokens-42';
export const DEMO_PASSWORD = 'demo1234';

export const ACCOUNTS = {
  customer: 'buyer@accracare.demo',
  supplier: 'admin@tema-pharma.demo',
  shippingClerk: 'dispatch@tema-pharma.demo',
  platform: 'admin@aduro.demo',
} as const;

type UserType = 'customer' | 'supplier' | 'platform';
const TYPE_LABEL: Record<UserType, RegExp> = {
  customer: /^Customer/,
  supplier: /^Supplier/,
  platform: /^Platform/,
};

export function authForm(page: Page) {
  return page.locator('#auth-form');
}

export async function chooseType(page: Page, userType: UserType) {
  await authForm(page).getByRole('radio', { name: TYPE_LABEL[userType] }).check({ force: true });
}

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, email: string, userType: UserType, password = DEMO_PASSWORD) {
  await page.goto('/login');
  const form = authForm(page);
  await chooseType(page, userType);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 JWT signed like the server's, with any payload (expired, unknown user...). */
export function signJwt(payload: Record<string, unknown>, secret = E2E_AUTH_SECRET): string {
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64(payload);
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** Puts a token in localStorage before the app boots, as a returning visitor would have it. */
export async function withStoredToken(page: Page, token: string) {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/** Collects Content-Security-Policy violations and page errors, so journeys prove the app runs under the CSP. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text()))
      problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}
