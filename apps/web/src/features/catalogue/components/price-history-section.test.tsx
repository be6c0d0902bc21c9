import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch, pending } from '../../../test/test-utils';
import { priceHistory, product } from '../testing/fixtures';
import { priceHistoryRows } from '../utils/price-history-view';
import { NO_PRICE_HISTORY_MESSAGE, PriceHistorySection } from './price-history-section';

const PRODUCT_ID = product().id;
const HISTORY_PATH = `GET /products/${PRODUCT_ID}/price-history`;

/** jsdom lays nothing out: the chart's container reports a dialog-sized box so recharts draws. */
class FixedSizeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const contentRect = { width: 460, height: 224 } as DOMRectReadOnly;
    this.callback([{ target, contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

function renderSection() {
  vi.stubGlobal('ResizeObserver', FixedSizeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 460,
    height: 224,
  } as DOMRect);
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <PriceHistorySection productId={PRODUCT_ID} />
    </QueryClientProvider>,
  );
  return { ...view, user };
}

describe('PriceHistorySection', () => {
  it('holds the chart’s place while the history loads', () => {
    mockFetch({ [HISTORY_PATH]: () => pending() });
    renderSection();
    expect(screen.getByRole('heading', { name: 'Price history' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading price history' })).toBeInTheDocument();
  });

  it('names the cheapest offer now and draws one line per supplier, with a legend of today’s prices', async () => {
    mockFetch({ [HISTORY_PATH]: () => json(priceHistory()) });
    const { container } = renderSection();
    expect(await screen.findByText(/^Cheapest now:/)).toHaveTextContent(
      'Cheapest now: Tema Pharma Distributors at GH₵12.50',
    );
    expect(screen.getByText('24 Nov 2025 – 24 Nov 2026, one line per supplier')).toBeInTheDocument();

    // The lazily loaded chart: its legend, then a line per supplier.
    const legend = await screen.findByRole('list', { name: 'Suppliers' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tema Pharma DistributorsGH₵12.50', 'Accra Medilink ImportersGH₵13.25']);
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(2);
    // What the chart shows, in words, for screen readers.
    expect(within(screen.getByRole('figure')).getByText(/^Offer prices from/)).toHaveTextContent(
      'Offer prices from 24 Nov 2025 to 24 Nov 2026. ' +
        'Tema Pharma Distributors: GH₵11.80 on 24 Nov 2025, 2 changes since, GH₵12.50 now. ' +
        'Accra Medilink Importers: GH₵12.90 on 20 Jan 2026, 1 change since, GH₵13.25 now.',
    );
  });

  it('says so when nobody offers the product', async () => {
    mockFetch({ [HISTORY_PATH]: () => json(priceHistory({ suppliers: [], cheapest: null })) });
    renderSection();
    expect(await screen.findByText(NO_PRICE_HISTORY_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/^Cheapest now:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('offers a retry when the history cannot be loaded, without a toast over the dialog', async () => {
    let calls = 0;
    mockFetch({
      [HISTORY_PATH]: () => {
        calls += 1;
        // The first read and its one automatic retry fail; the buyer's retry succeeds.
        return calls <= 2
          ? json({ message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' }, 500)
          : json(priceHistory());
      },
    });
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderSection();
    expect(await screen.findByText('We could not load the price history.')).toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^Cheapest now:/)).toHaveTextContent(
      'Cheapest now: Tema Pharma Distributors at GH₵12.50',
    );
  });
});

describe('priceHistoryRows', () => {
  it('carries each price forward to the next change and leaves a supplier empty before its first', () => {
    const rows = priceHistoryRows(priceHistory());
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    expect(rows.map((row) => [day(row.time), row['sup-tema'], row['sup-accra']])).toEqual([
      ['2025-11-24', 11.8, null],
      ['2026-01-20', 11.8, 12.9],
      ['2026-03-02', 12.1, 12.9],
      ['2026-07-01', 12.1, 13.25],
      ['2026-09-14', 12.5, 13.25],
      ['2026-11-24', 12.5, 13.25],
    ]);
  });
});
