import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { supplierMatch } from '../testing/fixtures';
import { SupplierMatchList } from './supplier-match-list';

const PRODUCT = '7e8ce9e5-d4c6-4c53-8c9f-b32832b95476';

function renderList(comparedIds: string[] = []) {
  const onToggleCompare = vi.fn();
  const onAddToCart = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupplierMatchList
        orgId="org-1"
        productId={PRODUCT}
        comparedIds={comparedIds}
        onToggleCompare={onToggleCompare}
        onAddToCart={onAddToCart}
      />
    </QueryClientProvider>,
  );
  return { onToggleCompare, onAddToCart, user };
}

describe('SupplierMatchList', () => {
  it("asks for the buyer's matches and shows each offer, with 'Prepaid', 'No rating yet' and 'No credit profile' when unknown", async () => {
    const tema = supplierMatch({
      name: 'Tema Pharma Distributors',
      tags: ['Distributor', 'In stock', 'Credit available'],
      supportedPaymentMethods: ['mobile_money', 'cheque', 'credit_facility'],
    });
    const fresh = supplierMatch({
      name: 'Savannah Health Supplies',
      location: null,
      paymentTerms: '',
      rating: null,
      creditAvailable: null,
      creditLimit: null,
      unitPrice: 91,
      leadTimeDays: 1,
      moq: 10,
      supportedPaymentMethods: ['cash'],
    });
    mockFetch({ [`GET /products/${PRODUCT}/suppliers?buyerId=org-1`]: () => json([fresh, tema]) });
    renderList([tema.id]);

    const list = await screen.findByRole('list', { name: 'Supplier matches' });
    const [first, second] = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.closest('li')!);
    expect(within(first!).getByText('Savannah Health Supplies')).toBeInTheDocument();
    expect(within(first!).getByText('Location pending · Prepaid')).toBeInTheDocument();
    expect(within(first!).getByText('No rating yet')).toBeInTheDocument();
    expect(within(first!).getByText('No credit profile')).toBeInTheDocument();
    expect(within(first!).getByText('GH₵91.00')).toBeInTheDocument();
    expect(within(first!).getByText('1 day')).toBeInTheDocument();
    expect(within(first!).getByText('10 units')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Compare: Savannah Health Supplies' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    expect(within(second!).getByText('Tema · Net 30')).toBeInTheDocument();
    expect(
      within(within(second!).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['Distributor', 'In stock', 'Credit available']);
    expect(within(second!).getByText('4.6 / 5')).toBeInTheDocument();
    expect(within(second!).getByText('GH₵43,711.50')).toBeInTheDocument();
    expect(within(second!).getByText('Mobile money · Cheque · Credit facility')).toBeInTheDocument();
    expect(
      within(second!).getByRole('button', { name: 'Selected: Tema Pharma Distributors' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('hands Compare and Add to cart to the screen with the supplier', async () => {
    const tema = supplierMatch({ name: 'Tema Pharma Distributors' });
    mockFetch({ [`GET /products/${PRODUCT}/suppliers?buyerId=org-1`]: () => json([tema]) });
    const { user, onToggleCompare, onAddToCart } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Compare: Tema Pharma Distributors' }));
    expect(onToggleCompare).toHaveBeenCalledWith(tema);
    await user.click(screen.getByRole('button', { name: 'Add to cart from Tema Pharma Distributors' }));
    expect(onAddToCart).toHaveBeenCalledWith(tema);
  });

  it('invites an RFQ when no active supplier offers the product', async () => {
    mockFetch({ [`GET /products/${PRODUCT}/suppliers?buyerId=org-1`]: () => json([]) });
    renderList();
    expect(
      await screen.findByText('No active suppliers surfaced yet. Launch an RFQ to invite bids instantly.'),
    ).toBeInTheDocument();
  });
});
