import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/test-utils';
import { cartItem, cartOf } from '../testing/fixtures';
import { renderOpen } from '../testing/render-open';
import { CartDrawer } from './cart-drawer';

const AMOXICILLIN = cartItem({ quantity: 20, unitPrice: 104.5, lineTotal: 2090 });
const SALBUTAMOL = cartItem({
  product: { name: 'Salbutamol 100 mcg inhaler' },
  supplier: { name: 'Accra Medilink Importers' },
  quantity: 30,
  unitPrice: null,
  quotedUnitPrice: 35.5,
  lineTotal: 1065,
});

describe('CartDrawer', () => {
  it('lists the lines with their prices and the estimated value, and links to the cart page', async () => {
    mockFetch({ 'GET /cart': () => json(cartOf([AMOXICILLIN, SALBUTAMOL])) });
    renderOpen(CartDrawer);
    const drawer = within(await screen.findByRole('dialog', { name: 'Procurement cart' }));
    expect(await drawer.findByText('2 lines · 50 units')).toBeInTheDocument();
    const lines = within(drawer.getByRole('list', { name: 'Cart lines' }));
    expect(lines.getByText('Amoxicillin 500 mg capsules')).toBeInTheDocument();
    expect(lines.getByText('GH₵2,090.00')).toBeInTheDocument();
    expect(lines.getByText('GH₵35.50')).toBeInTheDocument();
    expect(lines.getByText('GH₵1,065.00')).toBeInTheDocument();
    expect(drawer.getByText('GH₵3,155.00')).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'Open cart' })).toHaveAttribute('href', '/customer/cart');
  });

  it("prices lines at the supplier's offer, with a different target price beside it and no price for an offer gone", async () => {
    const targeted = cartItem({
      product: { name: 'Metformin 500 mg tablets' },
      quantity: 10,
      unitPrice: 30,
      quotedUnitPrice: 35.5,
      lineTotal: 355,
    });
    const gone = cartItem({
      product: { name: 'Ceftriaxone 1 g injection' },
      quantity: 5,
      unitPrice: null,
      quotedUnitPrice: null,
      lineTotal: null,
    });
    mockFetch({ 'GET /cart': () => json(cartOf([targeted, gone, AMOXICILLIN])) });
    renderOpen(CartDrawer);
    const lines = within(await screen.findByRole('list', { name: 'Cart lines' }));
    const row = (name: string) => within(lines.getByText(name).closest('li')!);
    expect(row('Metformin 500 mg tablets').getByText('GH₵35.50')).toBeInTheDocument();
    expect(
      row('Metformin 500 mg tablets').getByText('Your target price', { exact: false }),
    ).toHaveTextContent('Your target price GH₵30.00');
    expect(row('Metformin 500 mg tablets').getByText('GH₵355.00')).toBeInTheDocument();
    expect(row('Ceftriaxone 1 g injection').getByText('No current offer')).toBeInTheDocument();
    expect(row('Ceftriaxone 1 g injection').getByText('Not available')).toBeInTheDocument();
    // The amoxicillin target is the offer: nothing to add.
    expect(row('Amoxicillin 500 mg capsules').queryByText(/target/)).not.toBeInTheDocument();
    expect(screen.getByText('GH₵2,445.00')).toBeInTheDocument();
  });

  it('removes a line with the SPEC toast', async () => {
    mockFetch({
      'GET /cart': () => json(cartOf([AMOXICILLIN, SALBUTAMOL])),
      [`DELETE /cart/items/${SALBUTAMOL.id}`]: () => json(cartOf([AMOXICILLIN])),
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = renderOpen(CartDrawer);
    await user.click(
      await screen.findByRole('button', { name: 'Remove Salbutamol 100 mcg inhaler from cart' }),
    );
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Removed item from cart'));
    expect(await screen.findByText('1 line · 20 units')).toBeInTheDocument();
    expect(screen.queryByText('Salbutamol 100 mcg inhaler')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    mockFetch({ 'GET /cart': () => json(cartOf([])) });
    const { user, onOpenChange } = renderOpen(CartDrawer);
    await screen.findByRole('dialog', { name: 'Procurement cart' });
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when no organisation is linked, without asking for a cart', async () => {
    const fetchMock = mockFetch({});
    renderOpen(CartDrawer, null);
    expect(
      await screen.findByText(
        'We could not detect a customer organisation linked to your profile. Contact support to complete onboarding before using the cart.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
