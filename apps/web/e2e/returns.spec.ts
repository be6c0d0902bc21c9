import { readFile } from 'node:fs/promises';
import type { Invoice } from '@aduro/shared/invoices';
import type { InventoryRow } from '@aduro/shared/inventory';
import { formatCedis, toCedis, toPesewas } from '@aduro/shared/money';
import type { Order } from '@aduro/shared/orders';
import { DESTRUCTIONS_CSV_COLUMNS } from '@aduro/shared/returns';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { DEMO_PASSWORD, expectPath, signIn, toast, watchConsole } from './support';

const BUYER = 'buyer@accracare.demo';
const BUYER_NAME = 'AccraCare Pharmacy';
const TEMA = { name: 'Tema Pharma Distributors', email: 'admin@tema-pharma.demo' };
/** Sent back as damaged: part goes back into stock, the rest is destroyed. */
const RETURNED = 6;
const RESTOCKED = 4;
const DESTROYED = RETURNED - RESTOCKED;

async function as(browser: Browser, email: string, userType: 'customer' | 'supplier') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/supplier');
  return { page, problems, close: () => context.close() };
}

/** The API as a given user, to find the demo data the journey starts from and to check its effects. */
async function apiAs(request: APIRequestContext, email: string, userType: 'customer' | 'supplier') {
  const login = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD, userType },
  });
  expect(login.ok()).toBe(true);
  const { accessToken, user } = (await login.json()) as {
    accessToken: string;
    user: { orgId: string };
  };
  return { headers: { Authorization: `Bearer ${accessToken}` }, orgId: user.orgId };
}

async function getJson<T>(request: APIRequestContext, path: string, headers: Record<string, string>) {
  const res = await request.get(path, { headers });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** A UTC calendar day `days` from today, as YYYY-MM-DD. */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A drop Tema delivered to AccraCare, still owed on its invoice, holding one batch with well over the
 * restock minimum of shelf life left (the demo seed has several; its numbers are not fixed, so it is
 * looked up rather than named).
 */
function pickDrop(orders: Order[]) {
  const farExpiry = dayIn(180);
  for (const order of orders) {
    if (order.seller.name !== TEMA.name || order.invoice?.status !== 'unpaid') continue;
    for (const drop of order.drops) {
      const [batch, ...others] = drop.batches;
      if (drop.status !== 'Delivered' || !batch || others.length > 0 || drop.recalls.length > 0) continue;
      if (batch.batchNumber && batch.expiryDate && batch.expiryDate > farExpiry && batch.quantity >= RETURNED)
        return { order, drop, batch: { ...batch, batchNumber: batch.batchNumber } };
    }
  }
  throw new Error('The demo seed has no unpaid, delivered Tema drop of one long-dated batch');
}

test.describe('returns and credit notes', () => {
  test('a pharmacy returns damaged packs; the supplier approves, receives and inspects them, restocking some and destroying the rest; the credit note lowers the invoice', async ({
    browser,
    request,
  }) => {
    // Two accounts, a dozen screens and a file download: on a slow, shared machine it nears two minutes.
    test.setTimeout(180_000);

    const buyerApi = await apiAs(request, BUYER, 'customer');
    const temaApi = await apiAs(request, TEMA.email, 'supplier');
    const { order, drop, batch } = pickDrop(await getJson<Order[]>(request, '/api/orders', buyerApi.headers));
    const invoiceBefore = (
      await getJson<Invoice[]>(
        request,
        `/api/invoices?buyerId=${buyerApi.orgId}&status=unpaid`,
        buyerApi.headers,
      )
    ).find((invoice) => invoice.id === order.invoice!.id)!;
    expect(invoiceBefore).toBeDefined();
    const lotUnits = async () =>
      (await getJson<InventoryRow[]>(request, '/api/inventory', temaApi.headers))
        .filter((row) => row.product.id === order.product.id && row.batchNumber === batch.batchNumber)
        .reduce((sum, row) => sum + row.quantity, 0);
    const stockBefore = await lotUnits();

    // 1. The buyer finds the order and returns damaged packs of the delivered drop from its card.
    const buyer = await as(browser, BUYER, 'customer');
    const hub = buyer.page;
    await hub.goto('/customer/orders');
    await hub
      .getByRole('search', { name: 'Filter orders' })
      .getByLabel('Product or PO number')
      .fill(order.number);
    await hub.getByRole('button', { name: `Return packs: ${order.number} drop ${drop.sequence}` }).click();
    const dialog = hub.getByRole('dialog', { name: 'Return packs' });
    await dialog.getByLabel(`Units to return, Batch ${batch.batchNumber}`).fill(String(RETURNED));
    await dialog.getByLabel(`Reason, Batch ${batch.batchNumber}`).selectOption('damaged');
    await dialog.getByLabel('Notes').fill('Six packs crushed in transit: boxes split, blisters broken.');
    await dialog.getByRole('button', { name: 'Send return request' }).click();
    const sent = toast(hub, /^Return RET-\d{4}-\d{6} sent to the supplier$/);
    await expect(sent).toBeVisible();
    const returnNumber = /RET-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')![0];
    await expect(dialog).toBeHidden();

    // 2. Tema's admin approves it in the cockpit's Returns tab.
    const tema = await as(browser, TEMA.email, 'supplier');
    const cockpit = tema.page;
    await cockpit.getByRole('tab', { name: 'Returns' }).click();
    const row = cockpit
      .getByRole('list', { name: 'Needs a decision' })
      .getByRole('button', { name: `${returnNumber} from ${BUYER_NAME}` });
    await expect(row).toContainText('Damaged');
    await row.click();
    const panel = cockpit.getByRole('dialog', { name: returnNumber });
    await expect(panel).toContainText('Six packs crushed in transit');
    await panel.getByRole('button', { name: 'Approve return' }).click();
    await expect(toast(cockpit, `Return ${returnNumber} approved`)).toBeVisible();

    // 3. The packs arrive: every one of them is counted in.
    const receiving = panel.getByRole('form', { name: 'Receive the packs' });
    await expect(receiving.getByLabel('Units received')).toHaveValue(String(RETURNED));
    await receiving.getByRole('button', { name: 'Record receipt' }).click();
    await expect(toast(cockpit, `Return ${returnNumber} received: inspect the packs`)).toBeVisible();

    // 4. Inspection: four packs are sound and go back into stock, two are destroyed on record.
    const inspecting = panel.getByRole('form', { name: 'Inspect the packs' });
    await expect(inspecting.getByLabel('Back into stock')).toHaveValue(String(RETURNED));
    await inspecting.getByLabel('Back into stock').fill(String(RESTOCKED));
    await inspecting.getByLabel('Destroy').fill(String(DESTROYED));
    const record = inspecting.getByRole('group', { name: 'Destruction record' });
    await expect(record.getByLabel('Destroyed on')).toHaveValue(dayIn(0));
    await record.getByLabel('Method').fill('Incineration at the licensed contractor');
    await record.getByLabel('Witness').fill('Kofi Boateng, superintendent pharmacist');
    await record.getByLabel('FDA certificate or reference').fill('FDA/DES/2026/0417');
    await inspecting.getByRole('button', { name: 'Record inspection' }).click();
    const inspected = toast(
      cockpit,
      new RegExp(`^Return ${returnNumber} inspected; credit note CN-\\d{4}-\\d{6} issued$`),
    );
    await expect(inspected).toBeVisible();
    const creditNumber = /CN-\d{4}-\d{6}/.exec((await inspected.textContent()) ?? '')![0];
    const credit = toCedis(toPesewas(order.unitPrice) * RETURNED);
    const note = panel.getByRole('region', { name: `Credit note ${creditNumber}` });
    await expect(note).toContainText(formatCedis(credit));
    await expect(panel).toContainText(`Back into stock: ${RESTOCKED}`);
    await expect(panel).toContainText(`Destroy: ${DESTROYED}`);
    await cockpit.keyboard.press('Escape');
    // The radio itself is visually hidden: a person taps its label.
    await cockpit
      .getByRole('radiogroup', { name: 'Show returns' })
      .locator('label', { hasText: 'Done' })
      .click();
    await expect(
      cockpit
        .getByRole('list', { name: 'Done' })
        .getByRole('button', { name: `${returnNumber} from ${BUYER_NAME}` }),
    ).toContainText('Inspected and credited');

    // The restocked packs are sellable again; the destroyed ones are in the destruction register.
    expect(await lotUnits()).toBe(stockBefore + RESTOCKED);
    const [download] = await Promise.all([
      cockpit.waitForEvent('download'),
      cockpit.getByRole('button', { name: 'Destruction register' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe(DESTRUCTIONS_CSV_COLUMNS.join(','));
    const destroyed = rows.find((line) => line.includes(returnNumber));
    expect(destroyed).toContain(batch.batchNumber);
    expect(destroyed).toContain('FDA/DES/2026/0417');
    expect(tema.problems).toEqual([]);
    await tema.close();

    // 5. The buyer reads the credit note on the return, and the invoice owes that much less.
    await hub.goto('/customer/orders?tab=returns');
    await hub
      .getByRole('list', { name: 'Returns' })
      .getByRole('button', { name: new RegExp(`^${returnNumber},`) })
      .click();
    const detail = hub.getByRole('dialog', { name: `Return ${returnNumber}` });
    await expect(detail).toContainText(`Credit note ${creditNumber}`);
    await expect(detail).toContainText(formatCedis(credit));
    await hub.keyboard.press('Escape');
    await hub.goto('/customer/credit');
    const dueAfter = toCedis(toPesewas(invoiceBefore.amountDue) - toPesewas(credit));
    const invoiceRow = hub.getByRole('listitem').filter({ hasText: invoiceBefore.number });
    await expect(invoiceRow).toContainText(formatCedis(dueAfter));
    expect(buyer.problems).toEqual([]);
    await buyer.close();
  });
});
