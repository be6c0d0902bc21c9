import { expect, test } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, watchConsole } from './support';

/** A day as YYYY-MM-DD, `days` from today (UTC, the server's calendar). */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('order book', () => {
  test("a supplier finds last half-year's delivered orders, pages through them, downloads the PO and invoice and reads the history", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    // The supplier admin holds manage_shipping (the Shipping tab) and manage_credit (invoice PDFs).
    await signIn(page, ACCOUNTS.supplier, 'supplier');
    await expectPath(page, '/supplier');
    await page.getByRole('tab', { name: 'Shipping' }).click();
    await expect(page.getByRole('heading', { name: 'Outgoing shipments' })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter orders' });
    await expect(filters.getByLabel('Status', { exact: true })).toHaveValue('RELEASED,SHIPPED');

    // Delivered orders placed over the last six months: the demo data has dozens.
    const from = isoDay(-183);
    const to = isoDay(0);
    await filters.getByLabel('Status', { exact: true }).selectOption({ label: 'Delivered' });
    await filters.getByLabel('From', { exact: true }).fill(from);
    await filters.getByLabel('To', { exact: true }).fill(to);
    await expect(page).toHaveURL(
      (url) =>
        url.searchParams.get('tab') === 'shipping' &&
        url.searchParams.get('status') === 'DELIVERED' &&
        url.searchParams.get('from') === from &&
        url.searchParams.get('to') === to,
    );
    const count = page.getByText(/^[\d,]+ orders?$/);
    await expect(count).toHaveText(/^[\d,]+ orders$/);
    const cards = page.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ });
    await expect(cards.first()).toBeVisible();
    const total = Number((await count.textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(20);
    await expect(cards).toHaveCount(20);
    for (const status of await cards.getByText(/^(DELIVERED|RELEASED|SHIPPED|CANCELLED)$/).allTextContents())
      expect(status).toBe('DELIVERED');
    await page.screenshot({ path: '/tmp/order-book-1-delivered.png', fullPage: false });

    // The filtered view survives a reload: it lives in the URL.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Shipping' })).toHaveAttribute('aria-selected', 'true');
    await expect(filters.getByLabel('Status', { exact: true })).toHaveValue('DELIVERED');
    await expect(filters.getByLabel('From', { exact: true })).toHaveValue(from);
    await expect(count).toHaveText(`${total} orders`);

    // The next page joins the first, without repeating an order.
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    const labels = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeLessThanOrEqual(total);

    // The first order's documents, as files named after their numbers.
    const card = cards.first();
    const [poDownload] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: /^Purchase order PDF, PO-/ }).click(),
    ]);
    expect(poDownload.suggestedFilename()).toMatch(/^PO-\d{4}-\d+\.pdf$/);
    const [invoiceDownload] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: /^Invoice PDF, INV-/ }).click(),
    ]);
    expect(invoiceDownload.suggestedFilename()).toMatch(/^INV-.+\.pdf$/);

    // Its history: how it got to Delivered.
    await card.getByRole('button', { name: 'History' }).click();
    await expect(card.getByRole('button', { name: 'Hide history' })).toBeVisible();
    await expect(card.getByText(/→/).first()).toBeVisible();
    await card.screenshot({ path: '/tmp/order-book-2-history.png' });

    // Clear filters brings the default view back: the outgoing orders.
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(filters.getByLabel('Status', { exact: true })).toHaveValue('RELEASED,SHIPPED');
    await expect(page).toHaveURL((url) => !url.searchParams.has('status') && !url.searchParams.has('from'));
    expect(problems).toEqual([]);
  });
});
