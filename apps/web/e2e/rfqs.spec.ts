import type { RfqDetail } from '@aduro/shared/rfqs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectPath, signIn, toast, watchConsole } from './support';

/**
 * A product three active demo suppliers all offer (apps/api/src/startup/seed/organisations.ts: it is in
 * the `core` of Tema, Accra Medilink and Western Coast), so a request for it can invite exactly them.
 */
const PRODUCT = 'Amoxicillin 500 mg capsules';
const BUYER = 'buyer@accracare.demo';
const TEMA = { name: 'Tema Pharma Distributors', email: 'stock@tema-pharma.demo' };
const MEDILINK = { name: 'Accra Medilink Importers', email: 'admin@accra-medilink.demo' };
const WESTCOAST = { name: 'Western Coast Pharma Distributors', email: 'admin@westcoast-pharma.demo' };
const ASKED = 20;

async function as(browser: Browser, email: string, userType: 'customer' | 'supplier') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, email, userType);
  await expectPath(page, userType === 'customer' ? '/customer' : '/supplier');
  return { page, problems, close: () => context.close() };
}

/** The API as a given user, for the steps this journey does not walk through the screens. */
async function apiAs(request: APIRequestContext, email: string, userType: 'customer' | 'supplier') {
  const login = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD, userType },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}` };
}

/** The request as that user reads it. */
async function readRfq(request: APIRequestContext, headers: Record<string, string>, id: string) {
  const res = await request.get(`/api/rfqs/${id}`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as RfqDetail;
}

/** A UTC calendar day `days` from today, as YYYY-MM-DD. */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The buyer's order card of one order number. */
const orderCard = (page: Page, number: string) =>
  page.getByRole('region', { name: new RegExp(`, ${number}$`) });

test.describe('requests for quotation', () => {
  test('a pharmacy asks three suppliers, two quote and one declines, it splits the award and approves both orders', async ({
    browser,
    request,
  }) => {
    // Four accounts and a dozen screens: on a slow, shared machine it nears a minute and a half.
    test.setTimeout(180_000);

    // 1. The buyer opens the product and launches a request to three chosen suppliers.
    const buyer = await as(browser, BUYER, 'customer');
    const hub = buyer.page;
    await hub.getByRole('searchbox', { name: 'Search the catalogue' }).fill('amoxicillin 500');
    await hub
      .getByRole('list', { name: 'Catalogue products' })
      .getByRole('button', { name: new RegExp(`${PRODUCT.replaceAll(' ', '\\s')}.*Open product details$`) })
      .click();
    const product = hub.getByRole('dialog', { name: PRODUCT });
    await product.getByRole('button', { name: 'Launch RFQ' }).click();
    const form = hub.getByRole('dialog', { name: 'Request quotes' });
    await expect(form).toBeVisible();
    await form.getByLabel(`Quantity of ${PRODUCT}`).fill(String(ASKED));
    await form.getByLabel('Needed by').fill(dayIn(14));
    await form.getByLabel('Quotes due', { exact: true }).fill(dayIn(3));
    await form.getByLabel('Delivery location').fill('AccraCare Pharmacy, 12 Oxford Street, Osu, Accra');
    // The radio itself is visually hidden inside the scrolling dialog: a person taps its label.
    await form
      .getByRole('radiogroup', { name: 'Suppliers to invite' })
      .locator('label', { hasText: 'Choose suppliers' })
      .click();
    await expect(form.getByRole('radio', { name: 'Choose suppliers' })).toBeChecked();
    const suppliers = form.getByRole('group', { name: 'Suppliers' });
    for (const supplier of [TEMA, MEDILINK, WESTCOAST]) {
      await suppliers.getByRole('checkbox', { name: supplier.name }).click();
    }
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(toast(hub, /^RFQ-\d{4}-\d{6} sent to 3 suppliers$/)).toBeVisible();
    await expect(hub).toHaveURL(/\/customer\/rfqs\/[0-9a-f-]{36}$/);
    const rfqId = hub.url().split('/').pop()!;
    const buyerApi = await apiAs(request, BUYER, 'customer');
    const { number } = await readRfq(request, buyerApi, rfqId);

    // 2. Tema's inventory manager quotes 12 of the 20 units in the cockpit's Quotes tab.
    const tema = await as(browser, TEMA.email, 'supplier');
    const cockpit = tema.page;
    await cockpit.getByRole('tab', { name: 'Quotes' }).click();
    const open = cockpit.getByRole('list', { name: 'Open requests' });
    const row = open.getByRole('button', { name: `${number} from AccraCare Pharmacy` });
    await expect(row).toContainText('Awaiting a quote');
    await row.click();
    const panel = cockpit.getByRole('dialog', { name: number });
    await expect(panel).toContainText('Sealed: the buyer sees no quote until the deadline.');
    const line = panel.getByRole('group', { name: PRODUCT });
    await line.getByLabel('Unit price (GH₵)').fill('17.50');
    await line.getByLabel('Quantity', { exact: true }).fill('12');
    await panel.getByRole('button', { name: 'Send quote' }).click();
    await expect(toast(cockpit, `Quote sent on ${number}`)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Update quote' })).toBeVisible();
    await cockpit.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(row).toContainText('Quoted');
    // A notification's link opens the same request straight in its panel.
    await cockpit.goto(`/supplier?tab=quotes&rfq=${rfqId}`);
    await expect(cockpit.getByRole('dialog', { name: number })).toBeVisible();
    expect(tema.problems).toEqual([]);

    // 3. Accra Medilink quotes every unit through the API; Western Coast declines.
    const medilinkApi = await apiAs(request, MEDILINK.email, 'supplier');
    const asSupplier = await readRfq(request, medilinkApi, rfqId);
    expect(asSupplier.canRespond).toBe(true);
    const validUntil = dayIn(30);
    const quoted = await request.put(`/api/rfqs/${rfqId}/quote`, {
      headers: medilinkApi,
      data: {
        lines: [{ rfqLineId: asSupplier.lines[0]!.id, unitPrice: 18.2, quantity: ASKED, leadTimeDays: 2 }],
        validUntil,
        paymentTerms: 'Prepaid',
      },
    });
    expect(quoted.status()).toBe(200);
    const westcoastApi = await apiAs(request, WESTCOAST.email, 'supplier');
    const declined = await request.post(`/api/rfqs/${rfqId}/decline`, {
      headers: westcoastApi,
      data: { reason: 'No stock of this pack size until next month' },
    });
    expect(declined.status()).toBe(200);

    // 4. The buyer closes quoting early, compares, and splits the award: 12 from Tema, 8 from Medilink.
    await hub.reload();
    await hub.getByRole('button', { name: 'Close now and open quotes' }).click();
    const confirm = hub.getByRole('dialog', { name: `Close ${number} now?` });
    await confirm.getByRole('button', { name: 'Close and open quotes' }).click();
    await expect(toast(hub, `${number} closed: the quotes are open`)).toBeVisible();
    const temaQuote = hub.getByRole('listitem', { name: `${TEMA.name}'s quote for ${PRODUCT}` });
    const medilinkQuote = hub.getByRole('listitem', { name: `${MEDILINK.name}'s quote for ${PRODUCT}` });
    // Tema is cheaper per landed unit: it ranks first and is marked best.
    await expect(temaQuote.getByText('Best', { exact: true })).toBeVisible();
    await expect(medilinkQuote.getByText('Best', { exact: true })).toBeHidden();
    await hub.getByLabel(`Units to award to ${TEMA.name}`).fill('12');
    await hub.getByLabel(`Units to award to ${MEDILINK.name}`).fill('8');
    await expect(hub.getByText(`${ASKED} of ${ASKED} units awarded`)).toBeVisible();
    await hub.getByRole('button', { name: 'Award and draft orders' }).click();
    await expect(toast(hub, `${number} awarded: 2 orders drafted for your approval`)).toBeVisible();

    // 5. The two drafted orders wait under Orders, and the buyer approves each as usual.
    const awarded = await readRfq(request, buyerApi, rfqId);
    expect(awarded.status).toBe('awarded');
    expect(
      awarded.awards
        .map((a) => [a.supplier.name, a.quantity])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      [MEDILINK.name, 8],
      [TEMA.name, 12],
    ]);
    await hub.goto('/customer/orders');
    for (const award of awarded.awards) {
      const card = orderCard(hub, award.order.number);
      await expect(card.getByText('AWAITING CUSTOMER APPROVAL')).toBeVisible();
      await card.getByRole('button', { name: 'Approve & release shipment' }).click();
      const approval = hub.getByRole('dialog', { name: 'Approve and release this order?' });
      await approval.getByRole('button', { name: 'Approve & release shipment' }).click();
      await expect(toast(hub, 'Order approved & invoice generated').first()).toBeVisible();
      await expect(card.getByText('RELEASED', { exact: true })).toBeVisible();
    }
    expect(buyer.problems).toEqual([]);

    // 6. Tema is told it won 12 units, with its order; it never saw Medilink's quote.
    await cockpit.goto(`/supplier?tab=quotes&rfq=${rfqId}`);
    const outcome = cockpit.getByRole('dialog', { name: number });
    await expect(outcome.getByRole('heading', { name: 'Awarded to you' })).toBeVisible();
    const temaAward = awarded.awards.find((a) => a.supplier.name === TEMA.name)!;
    await expect(outcome).toContainText(temaAward.order.number);
    await expect(outcome).not.toContainText(MEDILINK.name);
    const asTema = await readRfq(request, await apiAs(request, TEMA.email, 'supplier'), rfqId);
    expect(asTema.quotes).toBeNull();
    expect(asTema.comparison).toBeNull();
    expect(asTema.awards.map((a) => a.supplier.name)).toEqual([TEMA.name]);

    await tema.close();
    await buyer.close();
  });
});
