import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, expectPath, signIn, toast, watchConsole } from './support';

const OFFLINE_BANNER = /^Offline: showing what you last saw at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m$/i;
const OFFLINE_WRITE = 'You are offline. Nothing was saved: connect to the internet and try again.';

async function signedIn(browser: Browser, email: string, userType: 'customer' | 'supplier') {
  // A fresh context each: its own service worker registration and its own IndexedDB, as a new phone.
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/supplier');
  return { context, page, problems };
}

/**
 * The offline reads this browser keeps in IndexedDB (idb-keyval's store), by storage key: each query as
 * its root and the kind of read after the organisation ('orders/pages', 'orders/count', 'inventory/…').
 */
function keptAnswers(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string[]>>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onsuccess = () => {
          const store = open.result.transaction('keyval', 'readonly').objectStore('keyval');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            const kept: Record<string, string[]> = {};
            keys.result.forEach((key, i) => {
              const client = JSON.parse(String(values.result[i])) as {
                clientState: { queries: { queryKey: unknown[] }[] };
              };
              kept[String(key)] = client.clientState.queries.map(
                ({ queryKey }) => `${String(queryKey[0])}/${String(queryKey[2] ?? '')}`,
              );
            });
            open.result.close();
            resolve(kept);
          };
        };
      }),
  );
}

/**
 * Waits until the service worker controls the page (the app shell is cached) and the read the screen
 * shows is kept: `read` is its root and kind ('orders/pages'), or a root alone ('inventory/'). The root
 * alone is not enough where other reads share it: every customer screen's navigation keeps the count of
 * orders awaiting approval ('orders/count') before the orders page keeps its list.
 */
async function readyForOffline(page: Page, read: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect
    .poll(async () =>
      Object.values(await keptAnswers(page))
        .flat()
        .some((kept) => kept.startsWith(read)),
    )
    .toBe(true);
}

test.describe('offline', () => {
  test('a buyer reads their orders offline, labelled with when they were fetched, and a write is refused, not queued', async ({
    browser,
  }) => {
    const { context, page, problems } = await signedIn(browser, ACCOUNTS.customer, 'customer');
    await page.goto('/customer/orders');
    const cards = page.getByRole('region', { name: /, PO-\d{4}-\d{6}$/ });
    await expect(cards.first()).toBeVisible();
    const firstOrder = /PO-\d{4}-\d{6}/.exec(await cards.first().innerText())?.[0] ?? 'no order number';
    const banner = page.getByRole('status').filter({ hasText: /^Offline:/ });
    await expect(banner).toBeHidden();
    await readyForOffline(page, 'orders/pages');

    await context.setOffline(true);
    // The app itself comes from the service worker, the orders from the kept answers.
    await page.reload();
    await expect(banner).toHaveText(OFFLINE_BANNER);
    await expect(page.getByRole('heading', { name: 'Order orchestration' })).toBeVisible();
    await expect(cards.filter({ hasText: firstOrder }).first()).toBeVisible();

    const awaiting = cards.filter({ has: page.getByRole('button', { name: 'Approve & release shipment' }) });
    await awaiting.first().getByRole('button', { name: 'Approve & release shipment' }).click();
    // Approval asks first (issue 31): confirm in its dialog.
    await page
      .getByRole('dialog', { name: 'Approve and release this order?' })
      .getByRole('button', { name: 'Approve & release shipment' })
      .click();
    await expect(toast(page, OFFLINE_WRITE)).toBeVisible();
    await expect(awaiting.first().getByText('AWAITING CUSTOMER APPROVAL')).toBeVisible();

    // Back online the live answers replace the kept ones, and the banner goes.
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a supplier's inventory stays readable offline, and signing out deletes what was kept", async ({
    browser,
  }) => {
    const { context, page, problems } = await signedIn(browser, ACCOUNTS.supplier, 'supplier');
    await expect(page.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const firstRow = (await rows.nth(1).textContent()) ?? '';
    await readyForOffline(page, 'inventory/');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: /^Offline:/ })).toHaveText(OFFLINE_BANNER);
    await expect(rows.nth(1)).toHaveText(firstRow);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: /^Offline:/ })).toBeHidden();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(page, '/login');
    // Whoever uses this phone next finds nothing of this supplier's.
    await expect.poll(() => keptAnswers(page)).toEqual({});
    expect(problems).toEqual([]);
    await context.close();
  });
});
