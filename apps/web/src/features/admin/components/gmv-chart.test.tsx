import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { GmvChart } from './gmv-chart';

// The bars' chunk (recharts), stood in for: what is pinned here is when it loads, not how it draws.
const loaded = vi.hoisted(() => ({ bars: 0 }));
vi.mock('./gmv-bars', () => {
  loaded.bars += 1;
  return { GmvBars: ({ weeks }: { weeks: unknown[] }) => <p>Bars for {weeks.length} weeks</p> };
});

const WEEKS = [
  { week: '2026-11-09', gmv: 1200.5, orders: 3 },
  { week: '2026-11-16', gmv: 800, orders: 2 },
];

/**
 * The browser's IntersectionObserver, driven by the test: jsdom has none. (The library's own test
 * utilities build theirs from vi.fn, which Vitest 4 cannot call with `new`.)
 */
class TestIntersectionObserver {
  static all: TestIntersectionObserver[] = [];
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  readonly elements: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    TestIntersectionObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** Every observed element comes into view, as when the user scrolls to it. */
function scrollIntoView() {
  act(() => {
    for (const observer of TestIntersectionObserver.all) {
      const entries = observer.elements.map(
        (target) =>
          ({
            target,
            isIntersecting: true,
            intersectionRatio: 1,
            time: 0,
          }) as unknown as IntersectionObserverEntry,
      );
      observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  });
}

beforeEach(() => {
  TestIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  loaded.bars = 0;
});
afterEach(() => vi.unstubAllGlobals());

function renderChart() {
  mockFetch({
    'GET /admin/stats': () =>
      json({
        totalProducts: 4,
        totalSuppliers: 2,
        suppliersAwaitingReview: 1,
        activeCustomers: 3,
        gmv: 2000.5,
        gmvByWeek: WEEKS,
      }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GmvChart />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('region', { name: 'GMV by week' }));
}

describe('GmvChart', () => {
  it('gives the total at once, but loads and draws the bars only once the chart comes near view', async () => {
    const chart = renderChart();
    expect(await chart.findByText('GH₵2,000.50 released over the last 12 weeks')).toBeInTheDocument();
    expect(chart.queryByText(/^Bars for/)).not.toBeInTheDocument();
    expect(loaded.bars).toBe(0);

    scrollIntoView();
    expect(await chart.findByText('Bars for 2 weeks')).toBeInTheDocument();
    expect(loaded.bars).toBe(1);
  });
});
