import { CART_MESSAGES, type Cart } from '@aduro/shared/cart';
import { cartCheckoutSchema } from '@aduro/shared/marketplace';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';
import { cartItem, cartOf, draftedOrder } from '../testing/fixtures';

const BUYER = sessionUser();

const PARACETAMOL = cartItem({
  product: { name: 'Paracetamol 500 mg tablets', brandName: 'M&G Pharmaceuticals', category: 'Analgesics' },
  supplier: {
    name: 'Ashanti Pharmaceutical Manufacturing',
    supplierCategory: 'manufacturer',
    location: 'Kumasi',
  },
  productId: 'p-paracetamol',
  supplierId: 's-ashanti',
  quantity: 100,
  unitPrice: 18.25,
  quotedUnitPrice: 18.25,
  lineTotal: 1825,
  deliveryLocation: '  ',
  preferredDropDate: null,
  contactName: null,
  contactPhone: null,
  notes: null,
});

const SALBUTAMOL = cartItem({
  product: { name: 'Salbutamol 100 mcg inhaler', brandName: 'Cipla', category: 'Respiratory' },
  supplier: { name: 'Accra Medilink Importers', supplierCategory: 'importer', location: 'Accra' },
  productId: 'p-salbutamol',
  supplierId: 's-medilink',
  quantity: 30,
  unitPrice: null,
  quotedUnitPrice: 35.5,
  lineTotal: 1065,
  deliveryLocation: 'AccraCare East Legon, Lagos Avenue',
  preferredDropDate: '2026-11-29',
  contactName: 'Yaw Darko',
  contactPhone: '+233 20 915 3342',
  notes: 'Compare with Tema Pharma before ordering',
});

/** Signs the buyer in and answers the cart calls from `cart`, which the mutations replace. */
function serve(initial: Cart, extra: Parameters<typeof mockFetch>[0] = {}, user = BUYER) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const state = { cart: initial };
  const fetchMock = mockFetch({
    'GET /auth/me': () => json(user),
    'GET /cart': () => json(state.cart),
    // The top bar counts the orders awaiting approval; drafting reads that count again.
    'GET /orders/page?buyerId=org-1&status=AWAITING_CUSTOMER_APPROVAL&limit=1': () =>
      json({ items: [], nextCursor: null, total: 0 }),
    ...extra,
  });
  return { state, fetchMock };
}

const line = (name: string) => screen.getByRole('article', { name });
/** A money row of a line: 'Unit price' -> its amount. */
const amount = (article: HTMLElement, label: string) =>
  within(article).getByText(label, { selector: 'dt' }).nextElementSibling;

const EDIT_ANSWER_ERROR = (status: number, code: string, kind: string, message: string, extra = {}) =>
  json({ message, code, kind, ...extra }, status);

describe('cart page', () => {
  it('shows every detail of a line, with the SPEC fallbacks for what the buyer left blank', async () => {
    serve(cartOf([PARACETAMOL, SALBUTAMOL]));
    renderApp('/customer/cart');

    const blank = within(await screen.findByRole('article', { name: 'Paracetamol 500 mg tablets' }));
    expect(blank.getByText('M&G Pharmaceuticals')).toBeInTheDocument();
    expect(blank.getByText('Analgesics')).toBeInTheDocument();
    expect(blank.getByText('Ashanti Pharmaceutical Manufacturing')).toBeInTheDocument();
    expect(blank.getByText('Manufacturer')).toBeInTheDocument();
    expect(blank.getByText('Kumasi')).toBeInTheDocument();
    expect(blank.getByText('100 units')).toBeInTheDocument();
    expect(blank.getByText('GH₵18.25')).toBeInTheDocument();
    expect(blank.getByText('GH₵1,825.00')).toBeInTheDocument();
    expect(blank.getByText('Not specified')).toBeInTheDocument();
    expect(blank.getByText('Not set')).toBeInTheDocument();
    expect(blank.getByText('Not provided')).toBeInTheDocument();
    expect(blank.getByText('No contact phone')).toBeInTheDocument();
    expect(blank.queryByText('Notes')).not.toBeInTheDocument();

    const filled = within(line('Salbutamol 100 mcg inhaler'));
    expect(filled.getByText('Importer')).toBeInTheDocument();
    expect(filled.getByText('GH₵35.50')).toBeInTheDocument();
    expect(filled.getByText('GH₵1,065.00')).toBeInTheDocument();
    expect(filled.getByText('AccraCare East Legon, Lagos Avenue')).toBeInTheDocument();
    expect(filled.getByText('Sun, 29 Nov 2026')).toBeInTheDocument();
    expect(filled.getByText('Yaw Darko')).toBeInTheDocument();
    expect(filled.getByText('+233 20 915 3342')).toBeInTheDocument();
    expect(filled.getByText('Compare with Tema Pharma before ordering')).toBeInTheDocument();
    expect(filled.queryByText('Not specified')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Continue browsing' })).toHaveAttribute('href', '/customer');
  });

  it('counts lines, units and the estimated value to the pesewa', async () => {
    serve(
      cartOf([
        cartItem({ quantity: 1, unitPrice: 0.1, lineTotal: 0.1 }),
        cartItem({ quantity: 2, unitPrice: 0.1, lineTotal: 0.2 }),
        cartItem({ quantity: 1, unitPrice: 1234.56, lineTotal: 1234.56 }),
      ]),
    );
    renderApp('/customer/cart');
    const lines = within(await screen.findByRole('list', { name: 'Cart lines' }));
    expect(lines.getAllByRole('article')).toHaveLength(3);

    const counters = within(screen.getByText('Line items').closest('dl')!);
    expect(counters.getByText('Line items').nextElementSibling).toHaveTextContent('3');
    expect(counters.getByText('Total quantity').nextElementSibling).toHaveTextContent('4');
    // Summed in pesewas: 10 + 20 + 123456, where cedis would start from 0.1 + 0.2 = 0.30000000000000004.
    expect(counters.getByText('Estimated value').nextElementSibling).toHaveTextContent('GH₵1,234.86');
  });

  it('removes a line with the SPEC toast and shows the cart the server answered', async () => {
    const { state } = serve(cartOf([PARACETAMOL, SALBUTAMOL]), {
      [`DELETE /cart/items/${PARACETAMOL.id}`]: () => {
        state.cart = cartOf([SALBUTAMOL]);
        return json(state.cart);
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = renderApp('/customer/cart');
    await user.click(
      await screen.findByRole('button', { name: 'Remove Paracetamol 500 mg tablets from cart' }),
    );

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Removed item from cart'));
    expect(screen.queryByRole('article', { name: 'Paracetamol 500 mg tablets' })).not.toBeInTheDocument();
    expect(line('Salbutamol 100 mcg inhaler')).toBeInTheDocument();
  });

  it('clears the cart only after confirmation, then offers the marketplace', async () => {
    const cleared = vi.fn(() => json(cartOf([])));
    serve(cartOf([PARACETAMOL, SALBUTAMOL]), { 'DELETE /cart': cleared });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = renderApp('/customer/cart');

    await user.click(await screen.findByRole('button', { name: 'Clear cart' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clear the whole cart?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep lines' }));
    expect(cleared).not.toHaveBeenCalled();
    expect(line('Paracetamol 500 mg tablets')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Clear the whole cart?' })).getByRole('button', {
        name: 'Clear cart',
      }),
    );
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Cleared cart'));
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText(
        'Your procurement cart is empty. Add medicines from the marketplace to start planning an order.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the marketplace' })).toHaveAttribute('href', '/customer');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('drafts orders from the cart, toasts and lists the new order numbers', async () => {
    const orders = [
      draftedOrder({ number: 'PO-2026-000121', productName: PARACETAMOL.product.name }),
      draftedOrder({ number: 'PO-2026-000122', productName: SALBUTAMOL.product.name }),
    ];
    const { state } = serve(cartOf([PARACETAMOL, SALBUTAMOL]), {
      'POST /cart/checkout': () => {
        state.cart = cartOf([]);
        return json(cartCheckoutSchema.parse({ orders, cart: state.cart }), 201);
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = renderApp('/customer/cart');
    const panel = within(await screen.findByRole('region', { name: 'Draft orders' }));
    expect(panel.getByText('Orders to draft').nextElementSibling).toHaveTextContent('2');

    await user.click(panel.getByRole('button', { name: 'Draft orders from cart' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('2 orders drafted. Awaiting approval.'));
    const notice = within(screen.getByRole('region', { name: '2 orders drafted. Awaiting approval.' }));
    expect(notice.getByText('PO-2026-000121')).toBeInTheDocument();
    expect(notice.getByText('PO-2026-000122')).toBeInTheDocument();
    expect(notice.getByRole('link', { name: 'Review in Orders' })).toHaveAttribute(
      'href',
      '/customer/orders',
    );
    // The emptied cart has nothing left to draft.
    expect(screen.queryByRole('button', { name: 'Draft orders from cart' })).not.toBeInTheDocument();
  });

  it('uses the SPEC sentence for a single drafted order', async () => {
    serve(cartOf([PARACETAMOL]), {
      'POST /cart/checkout': () => json({ orders: [draftedOrder()], cart: cartOf([]) }, 201),
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = renderApp('/customer/cart');
    await user.click(await screen.findByRole('button', { name: 'Draft orders from cart' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Order drafted. Awaiting approval.'));
  });

  it("prices each line at the supplier's current offer and shows a different target price beside it", async () => {
    const targeted = cartItem({
      product: { name: 'Metformin 500 mg tablets' },
      quantity: 20,
      unitPrice: 95,
      quotedUnitPrice: 104.5,
      lineTotal: 2090,
    });
    const matching = cartItem({
      product: { name: 'Amlodipine 5 mg tablets' },
      quantity: 10,
      unitPrice: 12.4,
      quotedUnitPrice: 12.4,
      lineTotal: 124,
    });
    serve(cartOf([targeted, matching]));
    renderApp('/customer/cart');

    const metformin = await screen.findByRole('article', { name: 'Metformin 500 mg tablets' });
    expect(amount(metformin, 'Unit price')).toHaveTextContent('GH₵104.50');
    expect(amount(metformin, 'Your target price')).toHaveTextContent('GH₵95.00');
    expect(amount(metformin, 'Line total')).toHaveTextContent('GH₵2,090.00');
    // A target equal to the offer says nothing new, so it is not repeated.
    const amlodipine = line('Amlodipine 5 mg tablets');
    expect(amount(amlodipine, 'Unit price')).toHaveTextContent('GH₵12.40');
    expect(within(amlodipine).queryByText('Your target price')).not.toBeInTheDocument();
    const counters = within(screen.getByText('Line items').closest('dl')!);
    expect(counters.getByText('Estimated value').nextElementSibling).toHaveTextContent('GH₵2,214.00');
  });

  it('shows a line its supplier no longer offers without a price, out of the estimate, and does not offer drafting', async () => {
    const gone = cartItem({
      product: { name: 'Ceftriaxone 1 g injection' },
      quantity: 5,
      unitPrice: 20,
      quotedUnitPrice: null,
      lineTotal: null,
    });
    serve(cartOf([gone, PARACETAMOL]));
    renderApp('/customer/cart');

    const ceftriaxone = await screen.findByRole('article', { name: 'Ceftriaxone 1 g injection' });
    expect(within(ceftriaxone).getByText('Not currently offered')).toBeInTheDocument();
    expect(amount(ceftriaxone, 'Unit price')).toHaveTextContent('No current offer');
    expect(amount(ceftriaxone, 'Line total')).toHaveTextContent('Not available');
    expect(amount(ceftriaxone, 'Your target price')).toHaveTextContent('GH₵20.00');
    expect(within(ceftriaxone).getByText(/is not offering this product right now/)).toBeInTheDocument();
    // An edit would be refused; removing it is what the buyer can do.
    expect(within(ceftriaxone).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(
      within(ceftriaxone).getByRole('button', { name: 'Remove Ceftriaxone 1 g injection from cart' }),
    ).toBeEnabled();

    const panel = within(screen.getByRole('region', { name: 'Draft orders' }));
    expect(panel.getByText('Estimated value').nextElementSibling).toHaveTextContent('GH₵1,825.00');
    const draft = panel.getByRole('button', { name: 'Draft orders from cart' });
    expect(draft).toBeDisabled();
    expect(draft).toHaveAccessibleDescription(
      'One line is not currently offered: it is left out of the estimate, and orders can be drafted once it is removed.',
    );
  });

  it('tells a buyer without an organisation to contact support, and asks the API nothing', async () => {
    const { fetchMock } = serve(cartOf([]), {}, sessionUser({ orgId: null, organizationName: null }));
    renderApp('/customer/cart');
    expect(
      await screen.findByText(
        'We could not detect a customer organisation linked to your profile. Contact support to complete onboarding before using the cart.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringMatching(/\/cart$/),
    );
  });
});

describe('editing a cart line', () => {
  const LINE = cartItem({
    product: { name: 'Metformin 500 mg tablets' },
    supplier: { name: 'Tema Pharma Distributors' },
    quantity: 20,
    unitPrice: 95,
    quotedUnitPrice: 104.5,
    lineTotal: 2090,
    deliveryLocation: 'AccraCare Osu, Oxford Street',
    preferredDropDate: '2099-11-27',
    contactName: 'Ama Mensah',
    contactPhone: '+233 24 381 7720',
    notes: null,
  });
  const dialog = () => screen.getByRole('dialog', { name: 'Edit cart line' });
  const input = (label: RegExp | string) => within(dialog()).getByLabelText(label) as HTMLInputElement;

  async function openEdit(extra: Parameters<typeof mockFetch>[0] = {}) {
    const served = serve(cartOf([LINE, SALBUTAMOL]), extra);
    const view = renderApp('/customer/cart');
    const edit = await screen.findByRole('button', { name: 'Edit Metformin 500 mg tablets' });
    await view.user.click(edit);
    await screen.findByRole('dialog', { name: 'Edit cart line' });
    return { ...served, ...view, edit };
  }

  it('starts from the line, sends the add-to-cart fields, shows the line as saved and gives focus back', async () => {
    const bodies: unknown[] = [];
    const { state, user, edit } = await openEdit({
      [`PATCH /cart/items/${LINE.id}`]: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        state.cart = cartOf([
          {
            ...LINE,
            quantity: 40,
            unitPrice: null,
            lineTotal: 4180,
            deliveryLocation: 'AccraCare East Legon',
          },
          SALBUTAMOL,
        ]);
        return json(state.cart);
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    expect(dialog()).toHaveAccessibleDescription('Metformin 500 mg tablets from Tema Pharma Distributors');
    expect(input('Quantity (units)')).toHaveValue(20);
    expect(input(/^Unit price/)).toHaveValue(95);
    expect(input(/^Delivery location/)).toHaveValue('AccraCare Osu, Oxford Street');
    expect(input(/^Preferred drop date/)).toHaveValue('2099-11-27');
    expect(input(/^Contact name/)).toHaveValue('Ama Mensah');
    expect(input(/^Contact phone/)).toHaveValue('+233 24 381 7720');
    expect(input(/^Notes/)).toHaveValue('');
    expect(within(dialog()).getByText("Supplier's current offer")).toHaveTextContent('GH₵104.50');

    await user.clear(input('Quantity (units)'));
    await user.type(input('Quantity (units)'), '40');
    // The estimate is the offer's, whatever the target.
    expect(within(dialog()).getByText('Estimated line total').nextElementSibling).toHaveTextContent(
      'GH₵4,180.00',
    );
    await user.clear(input(/^Unit price/));
    await user.clear(input(/^Delivery location/));
    await user.type(input(/^Delivery location/), '  AccraCare East Legon ');
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(CART_MESSAGES.updated));
    expect(bodies).toEqual([
      {
        quantity: 40,
        unitPrice: null,
        deliveryLocation: 'AccraCare East Legon',
        preferredDropDate: '2099-11-27',
        contactName: 'Ama Mensah',
        contactPhone: '+233 24 381 7720',
        notes: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = line('Metformin 500 mg tablets');
    expect(within(saved).getByText('40 units')).toBeInTheDocument();
    expect(within(saved).getByText('AccraCare East Legon')).toBeInTheDocument();
    expect(amount(saved, 'Line total')).toHaveTextContent('GH₵4,180.00');
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it("checks the edit by Add to cart's rules before sending anything", async () => {
    const { user, fetchMock } = await openEdit();
    await user.clear(input('Quantity (units)'));
    await user.type(input('Quantity (units)'), '0');
    await user.clear(input(/^Unit price/));
    await user.type(input(/^Unit price/), '1.234');
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(input('Quantity (units)')).toHaveAttribute('aria-invalid', 'true'));
    expect(input('Quantity (units)')).toHaveAccessibleDescription(CART_MESSAGES.quantity);
    expect(input(/^Unit price/)).toHaveAccessibleDescription('Unit price can have at most 2 decimals');
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).not.toContain('PATCH');
    expect(dialog()).toBeInTheDocument();
  });

  it("puts the server's field errors under their inputs and keeps the dialog open", async () => {
    const message = CART_MESSAGES.lineTooLarge(1_000_020);
    const { user } = await openEdit({
      [`PATCH /cart/items/${LINE.id}`]: () =>
        EDIT_ANSWER_ERROR(400, 'VALIDATION_FAILED', 'validation', message, {
          fieldErrors: { quantity: [message] },
        }),
    });
    await user.clear(input(/^Delivery location/));
    await user.type(input(/^Delivery location/), 'AccraCare East Legon');
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(input('Quantity (units)')).toHaveAccessibleDescription(message));
    expect(input('Quantity (units)')).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Delivery location/)).toHaveValue('AccraCare East Legon');
  });

  it('closes and reads the cart again when the line is gone, so the page shows the cart as it stands', async () => {
    const { state, user, fetchMock } = await openEdit({
      [`PATCH /cart/items/${LINE.id}`]: () => {
        state.cart = cartOf([SALBUTAMOL]);
        return EDIT_ANSWER_ERROR(404, 'CART_LINE_NOT_FOUND', 'not_found', CART_MESSAGES.lineNotFound);
      },
    });
    const toastError = vi.spyOn(toast, 'error');
    const reads = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => /\/cart$/.test(String(url)) && (init?.method ?? 'GET') === 'GET',
      ).length;
    const before = reads();
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(CART_MESSAGES.lineNotFound, expect.anything()),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Metformin 500 mg tablets' })).not.toBeInTheDocument(),
    );
    expect(reads()).toBeGreaterThan(before);
  });

  it('says so when the edit combined the line with the one that had the same delivery details', async () => {
    const { state, user } = await openEdit({
      [`PATCH /cart/items/${LINE.id}`]: () => {
        state.cart = cartOf([{ ...LINE, quantity: 50, lineTotal: 5225 }]);
        return json(state.cart);
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(CART_MESSAGES.merged));
  });

  it('closes on Escape without sending anything', async () => {
    const { user, fetchMock } = await openEdit();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).not.toContain('PATCH');
  });
});
