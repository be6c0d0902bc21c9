import type { Cart } from '@aduro/shared/cart';
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
    ...extra,
  });
  return { state, fetchMock };
}

const line = (name: string) => screen.getByRole('article', { name });

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
    expect(filled.getByText('Supplier quote')).toBeInTheDocument();
    expect(filled.getByText('GH₵35.50')).toBeInTheDocument();
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
