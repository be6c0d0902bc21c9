import AxeBuilder from '@axe-core/playwright';
import type { Invoice } from '@aduro/shared/invoices';
import { formatCedis, toCedis, toPesewas } from '@aduro/shared/money';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expectPath, signIn, watchConsole } from './support';

/** The fake Paystack scripts/e2e-server.mjs starts beside the app: on the app's port + 1 unless told. */
const FAKE_PAYSTACK = `http://127.0.0.1:${
  process.env.E2E_FAKE_PAYSTACK_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1
}`;
/** A number ending 1111: the fake answers 'pay_offline' and waits for the phone's approval. */
const APPROVE_ON_PHONE = '024 555 1111';

/** No serious or critical axe violation inside the open dialog (toasts left out: they come and go). */
async function expectAccessibleDialog(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('[role="dialog"]')
    .exclude('[data-sonner-toaster]')
    .analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      blocking.map((v) => `${v.id}: ${v.help}`),
      `the pay dialog, ${state}`,
    )
    .toEqual([]);
}

async function buyerApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.customer, password: DEMO_PASSWORD, userType: 'customer' },
  });
  expect(login.ok()).toBe(true);
  const { accessToken, user } = (await login.json()) as { accessToken: string; user: { orgId: string } };
  return { headers: { Authorization: `Bearer ${accessToken}` }, orgId: user.orgId };
}

/**
 * An unpaid invoice of the demo buyer owing at least GH₵2.00, so that half of it is a part payment that
 * leaves something owed. The seed's numbers are not fixed, so it is looked up rather than named; the
 * journeys share one server, so each test takes another invoice.
 */
async function unpaidInvoice(request: APIRequestContext, skip = 0): Promise<Invoice> {
  const { headers, orgId } = await buyerApi(request);
  const res = await request.get(`/api/invoices?buyerId=${orgId}&status=unpaid`, { headers });
  expect(res.status()).toBe(200);
  const owing = ((await res.json()) as Invoice[]).filter((invoice) => toPesewas(invoice.amountDue) >= 200);
  expect(owing.length, 'the demo buyer has unpaid invoices').toBeGreaterThan(skip);
  return owing[skip]!;
}

async function openPayDialog(page: Page, invoice: Invoice) {
  await signIn(page, ACCOUNTS.customer, 'customer');
  await expectPath(page, '/customer');
  // Narrowed to the invoice's supplier and issue day (the card's filters live in the URL), so its row is
  // on the first page however many invoices the seed holds.
  const day = invoice.issuedAt.slice(0, 10);
  const filters = new URLSearchParams({
    invoiceParty: invoice.seller.name,
    invoiceFrom: day,
    invoiceTo: day,
  });
  await page.goto(`/customer/credit?${filters.toString()}`);
  const pay = page.getByRole('button', { name: `Pay with mobile money, invoice ${invoice.number}` });
  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Pay with mobile money' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a buyer pays part of an invoice by mobile money, approves on the phone, and sees it received live', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const invoice = await unpaidInvoice(request, 0);
  const part = toCedis(Math.floor(toPesewas(invoice.amountDue) / 2));
  const left = toCedis(toPesewas(invoice.amountDue) - toPesewas(part));

  const dialog = await openPayDialog(page, invoice);
  await expect(dialog.getByLabel('Amount (GH₵)')).toHaveValue(String(invoice.amountDue));
  await dialog.getByLabel('Amount (GH₵)').fill(String(part));
  await dialog.getByLabel('Mobile money number').fill(APPROVE_ON_PHONE);
  await dialog.getByRole('radio', { name: 'MTN' }).check();
  await dialog.getByRole('button', { name: `Pay ${formatCedis(part)}` }).click();

  await expect(dialog.getByText('Approve the payment on your phone')).toBeVisible();
  await expectAccessibleDialog(page, 'waiting for the phone');
  const reference = (await dialog.getByText(/^ADR-/).textContent())!.trim();
  expect(reference).toMatch(new RegExp(`^ADR-${invoice.number}-[0-9A-Z]{10}$`));

  // The buyer approves on the phone: the fake settles the charge and sends the signed webhook.
  const approved = await request.post(`${FAKE_PAYSTACK}/__fake/approve/${encodeURIComponent(reference)}`);
  expect(approved.status()).toBe(200);

  await expect(dialog.getByText(`${formatCedis(part)} received`)).toBeVisible();
  await expect(
    dialog.getByText(`${formatCedis(left)} still outstanding on ${invoice.number}.`),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  await expectAccessibleDialog(page, 'payment received');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The row shows what is left, without a reload: the live payment.settled refreshed the invoices.
  const row = page.getByRole('listitem').filter({ hasText: invoice.number });
  await expect(row).toContainText(`${formatCedis(left)}of ${formatCedis(invoice.amount)}`);
  await row.getByText('Mobile money payments').click();
  await expect(row.getByText(formatCedis(part), { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Download receipt ${reference}` })).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the pay dialog fits the screen: no sideways scroll, the Pay button in reach', async ({
    page,
    request,
  }) => {
    const invoice = await unpaidInvoice(request, 1);
    const dialog = await openPayDialog(page, invoice);
    await dialog.getByLabel('Mobile money number').fill(APPROVE_ON_PHONE);
    await dialog.getByRole('radio', { name: 'Telecel Cash' }).check();
    const sideways = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth - window.innerWidth,
      dialog: (() => {
        const body = document.querySelector<HTMLElement>('[data-modal-body]');
        return body ? body.scrollWidth - body.clientWidth : 0;
      })(),
    }));
    expect(sideways).toEqual({ document: 0, dialog: 0 });
    await expect(dialog.getByRole('button', { name: /^Pay GH₵/ })).toBeInViewport({ ratio: 1 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
