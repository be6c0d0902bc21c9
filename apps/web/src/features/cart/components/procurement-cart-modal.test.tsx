import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/test-utils';
import { cartItem, cartOf } from '../testing/fixtures';
import { renderOpen } from '../testing/render-open';
import { ProcurementCartModal } from './procurement-cart-modal';

const AMOXICILLIN = cartItem({ quantity: 20, unitPrice: 104.5, lineTotal: 2090 });
const SALBUTAMOL = cartItem({
  product: { name: 'Salbutamol 100 mcg inhaler' },
  supplier: { name: 'Accra Medilink Importers' },
  quantity: 30,
  unitPrice: null,
  quotedUnitPrice: 35.5,
  lineTotal: 1065,
});

describe('ProcurementCartModal', () => {
  it('sums up the cart and links to the cart, orders and credit pages', async () => {
    mockFetch({ 'GET /cart': () => json(cartOf([AMOXICILLIN, SALBUTAMOL])) });
    const { user, onOpenChange } = renderOpen(ProcurementCartModal);
    const modal = within(await screen.findByRole('dialog', { name: 'Procurement' }));
    expect(await modal.findByText('GH₵3,155.00')).toBeInTheDocument();
    expect(modal.getByText('Line items').nextElementSibling).toHaveTextContent('2');
    expect(modal.getByText('Total quantity').nextElementSibling).toHaveTextContent('50');
    expect(modal.getByRole('link', { name: /^Open cart/ })).toHaveAttribute('href', '/customer/cart');
    expect(modal.getByRole('link', { name: /^Orders/ })).toHaveAttribute('href', '/customer/orders');
    expect(modal.getByRole('link', { name: /^Credit facilities/ })).toHaveAttribute(
      'href',
      '/customer/credit',
    );

    await user.click(modal.getByRole('link', { name: /^Orders/ }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes on Escape', async () => {
    mockFetch({ 'GET /cart': () => json(cartOf([])) });
    const { user, onOpenChange } = renderOpen(ProcurementCartModal);
    await screen.findByRole('dialog', { name: 'Procurement' });
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
