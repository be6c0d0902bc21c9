import type { TopProduct } from '@aduro/shared/analytics';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { MostPurchasedPanel } from './most-purchased-panel';

let next = 0;
function topProduct(
  productName: string,
  totalQuantity: number,
  overrides: Partial<TopProduct> = {},
): TopProduct {
  next += 1;
  return {
    productId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    productName,
    category: 'Analgesics',
    supplierCount: 1,
    totalSpend: totalQuantity * 2,
    averageUnitPrice: 2,
    totalQuantity,
    lastOrderDate: '2026-11-16',
    ...overrides,
  };
}

// The first six add up to 1,000 units, so each share is exact: 62.5%, 12.5%, 12.5%, 7.5%, 2.5%, 2.5%.
const PRODUCTS = [
  topProduct('Oral rehydration salts', 625, {
    category: 'GI',
    supplierCount: 3,
    totalSpend: 14525,
    averageUnitPrice: 2.57,
  }),
  topProduct('Amlodipine 5 mg tablets', 125, {
    category: 'Cardiovascular',
    supplierCount: 2,
    totalSpend: 1880,
  }),
  topProduct('Zinc sulfate 20 mg tablets', 125),
  topProduct('Lisinopril 10 mg tablets', 75, {
    category: 'Cardiovascular',
    supplierCount: 1,
    totalSpend: 1612.5,
    averageUnitPrice: 21.5,
    lastOrderDate: '2026-08-26',
  }),
  topProduct('Ibuprofen 400 mg tablets', 25),
  topProduct('Cotton wool 500 g', 25),
  topProduct('Seventh product', 20),
  topProduct('Eighth product', 10),
];

const ORG = '8370c5b6-d49e-4787-8f09-d3e757bf1ae1';

function renderPanel(products: TopProduct[] | null, orgId: string | null = ORG) {
  const fetchMock = mockFetch(
    products ? { [`GET /orders/customers/${ORG}/analytics/top-products`]: () => json(products) } : {},
  );
  const { container } = render(
    <QueryClientProvider client={createQueryClient()}>
      <MostPurchasedPanel orgId={orgId} />
    </QueryClientProvider>,
  );
  return { fetchMock, container, user: userEvent.setup() };
}

const centre = () => screen.getByTestId('donut-centre');
const entries = () =>
  within(screen.getByRole('list', { name: 'Products by share of units' })).getAllByRole('button');
const detail = () => within(screen.getByRole('region', { name: 'Highlighted product' }));

describe('MostPurchasedPanel', () => {
  it('charts the first 6 products, the list to one decimal, the centre the top product to a whole percent', async () => {
    const { container } = renderPanel(PRODUCTS);
    await screen.findByRole('list', { name: 'Products by share of units' });
    expect(entries().map((b) => b.textContent)).toEqual([
      'Oral rehydration salts62.5%',
      'Amlodipine 5 mg tablets12.5%',
      'Zinc sulfate 20 mg tablets12.5%',
      'Lisinopril 10 mg tablets7.5%',
      'Ibuprofen 400 mg tablets2.5%',
      'Cotton wool 500 g2.5%',
    ]);
    expect(container.querySelectorAll('[data-slice]')).toHaveLength(6);
    expect(screen.queryByText('Seventh product')).not.toBeInTheDocument();
    expect(screen.getByText('Showing your top 6 of 8 products by units.')).toBeInTheDocument();
    const listed = entries().map((b) => Number(/([\d.]+)%$/.exec(b.textContent ?? '')?.[1]));
    expect(listed.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);

    expect(centre()).toHaveTextContent('63%');
    expect(detail().getByText('Oral rehydration salts')).toBeInTheDocument();
  });

  it('highlights a slice on hover: its share in the centre, its details below', async () => {
    const { container } = renderPanel(PRODUCTS);
    await screen.findByRole('list', { name: 'Products by share of units' });
    const slice = container.querySelector(`[data-slice="${PRODUCTS[1]!.productId}"]`)!;
    fireEvent.mouseEnter(slice);
    expect(centre()).toHaveTextContent('13%');
    expect(slice).toHaveAttribute('data-active', 'true');
    expect(entries()[1]).toHaveAttribute('aria-current', 'true');
    expect(detail().getByText('Amlodipine 5 mg tablets')).toBeInTheDocument();
    expect(detail().getByText('2 suppliers')).toBeInTheDocument();
  });

  it('highlights a product on keyboard focus of its list entry, with every detail', async () => {
    const { user, container } = renderPanel(PRODUCTS);
    await screen.findByRole('list', { name: 'Products by share of units' });
    await user.tab();
    expect(entries()[0]).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(entries()[3]).toHaveFocus();
    expect(centre()).toHaveTextContent('8%');
    expect(container.querySelector(`[data-slice="${PRODUCTS[3]!.productId}"]`)).toHaveAttribute(
      'data-active',
      'true',
    );
    const panel = detail();
    expect(panel.getByText('Lisinopril 10 mg tablets')).toBeInTheDocument();
    expect(panel.getByText('Cardiovascular')).toBeInTheDocument();
    expect(panel.getByText('1 supplier')).toBeInTheDocument();
    expect(panel.getByText('GH₵1,612.50')).toBeInTheDocument();
    expect(panel.getByText('GH₵21.50 / unit')).toBeInTheDocument();
    expect(panel.getByText('75 units')).toBeInTheDocument();
    expect(panel.getByText('26 Aug 2026')).toBeInTheDocument();
    expect(panel.getByText('7.5%')).toBeInTheDocument();
  });

  it('hovering a list entry highlights it too', async () => {
    const { user } = renderPanel(PRODUCTS);
    await screen.findByRole('list', { name: 'Products by share of units' });
    await user.hover(entries()[4]!);
    expect(centre()).toHaveTextContent('3%');
  });

  it('rounds thirds to 33% in the centre and 33.3% in the list', async () => {
    renderPanel([topProduct('A', 1), topProduct('B', 1), topProduct('C', 1)]);
    await screen.findByRole('list', { name: 'Products by share of units' });
    expect(entries().map((b) => b.textContent)).toEqual(['A33.3%', 'B33.3%', 'C33.3%']);
    expect(centre()).toHaveTextContent('33%');
  });

  it('stays readable when every quantity is 0: no NaN, no slices', async () => {
    const { container } = renderPanel([topProduct('A', 0), topProduct('B', 0)]);
    await screen.findByRole('list', { name: 'Products by share of units' });
    expect(centre()).toHaveTextContent('0%');
    expect(entries().map((b) => b.textContent)).toEqual(['A0.0%', 'B0.0%']);
    expect(container.querySelectorAll('[data-slice]')).toHaveLength(0);
    expect(container.textContent).not.toContain('NaN');
  });

  it('says when there is no order history yet', async () => {
    renderPanel([]);
    expect(
      await screen.findByText(
        'No order history yet – once you approve releases, analytics will surface here.',
      ),
    ).toBeInTheDocument();
  });

  it('asks to link an organisation when there is none, without calling the API', async () => {
    const { fetchMock } = renderPanel(null, null);
    expect(
      screen.getByText('Link your customer organisation to view purchasing analytics.'),
    ).toBeInTheDocument();
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
