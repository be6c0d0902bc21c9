import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch, pending } from '../../../test/test-utils';
import { forecastQueryOptions } from '../api/get-forecast';
import { forecastFixture } from '../testing/fixtures';
import { ForecastPanel } from './forecast-panel';

const PRODUCT = { id: '11111111-1111-4111-8111-111111111111', name: 'Amoxicillin 500 mg capsules' };
const FORECAST_PATH = `GET /inventory/forecast/${PRODUCT.id}`;

/** jsdom lays nothing out: the chart's container reports a laptop-sized box so recharts draws. */
class FixedSizeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const contentRect = { width: 640, height: 288 } as DOMRectReadOnly;
    this.callback([{ target, contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

function renderPanel() {
  vi.stubGlobal('ResizeObserver', FixedSizeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 640,
    height: 288,
  } as DOMRect);
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ForecastPanel orgId="org-1" product={PRODUCT} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, user };
}

describe('ForecastPanel', () => {
  it('is labelled an experiment and shows a loader while the forecast is computed', async () => {
    mockFetch({ [FORECAST_PATH]: () => pending() });
    renderPanel();
    expect(screen.getByRole('heading', { name: 'AI demand forecast' })).toBeInTheDocument();
    expect(screen.getByText('Experiment')).toBeInTheDocument();
    expect(screen.getByText(PRODUCT.name)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading forecast');
  });

  it('shows commentary, cover, units at risk, the demand ahead and the chart with its baseline', async () => {
    mockFetch({ [FORECAST_PATH]: () => json(forecastFixture()) });
    const { container } = { container: document.body, ...renderPanel() };
    expect(
      await screen.findByText(
        'Stock covers about 6.2 weeks of projected demand; 40 units will expire before use.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Weeks of cover').nextSibling).toHaveTextContent('6.2 weeks');
    expect(screen.getByText('Units at risk of expiry').nextSibling).toHaveTextContent('40');
    expect(screen.getByText('Baseline').nextSibling).toHaveTextContent('41.5 / week');
    // 46 + 47.25 + ... + 54.75 = 403 units over the weeks of 29 Jun (2026-W27) to 17 Aug.
    expect(screen.getByText('Projected demand').nextSibling).toHaveTextContent('403 units');
    expect(screen.getByText('8 weeks from 29 Jun')).toBeInTheDocument();

    // The lazily loaded chart: both series and the baseline reference line.
    expect(await screen.findByText('Units released')).toBeInTheDocument();
    expect(screen.getByText('Projected')).toBeInTheDocument();
    expect(container.querySelector('.recharts-reference-line')).not.toBeNull();
    expect(screen.getByText('Baseline 41.5')).toBeInTheDocument();

    // Weeks as dates: 2026-W27 starts on Monday 29 June.
    const projected = screen.getByRole('table');
    expect(within(projected).getAllByRole('row')).toHaveLength(9);
    expect(within(projected).getByText('Week of 29 Jun')).toBeInTheDocument();
    expect(screen.queryByText(/\d{4}-W\d{2}/)).not.toBeInTheDocument();
  });

  it("keeps the model's parameters out of the main text, behind 'How this is worked out'", async () => {
    mockFetch({ [FORECAST_PATH]: () => json(forecastFixture()) });
    const { user } = renderPanel();
    const disclosure = (await screen.findByText('How this is worked out')).closest('details')!;
    // Everything that names the model is inside the disclosure, closed until asked for.
    const panel = screen.getByRole('region', { name: 'AI demand forecast' });
    const outside = [...panel.querySelectorAll('*')]
      .filter((element) => !disclosure.contains(element) && element.children.length === 0)
      .map((element) => element.textContent ?? '')
      .join(' ');
    expect(outside).not.toMatch(/α|β|alpha|beta|Holt|MAPE|squared|SSE/i);
    expect(disclosure).not.toHaveAttribute('open');

    await user.click(screen.getByText('How this is worked out'));
    expect(disclosure).toHaveAttribute('open');
    expect(within(disclosure).getByText('Holt α 0.42 · β 0.10')).toBeVisible();
    expect(within(disclosure).getByText('Damped trend, fitted on 26 weeks of releases')).toBeVisible();
    expect(within(disclosure).getByText('Level smoothing (α)').nextSibling).toHaveTextContent('0.42');
    expect(within(disclosure).getByText('Trend smoothing (β)').nextSibling).toHaveTextContent('0.10');
    expect(within(disclosure).getByText(/^Fit error/).nextSibling).toHaveTextContent('118.4');
  });

  it('names the fallback model when history is too short for Holt', async () => {
    const short = forecastFixture().history.map((week, i) => ({ ...week, units: i < 23 ? 0 : week.units }));
    mockFetch({
      [FORECAST_PATH]: () =>
        json(
          forecastFixture({
            history: short,
            model: { method: 'baseline', alpha: null, beta: null, sse: null },
            commentary: null,
            weeksOfCover: null,
          }),
        ),
    });
    renderPanel();
    expect(await screen.findByText('Recent average')).toBeInTheDocument();
    expect(screen.getByText('Too little history for a trend')).toBeInTheDocument();
    expect(screen.getByText('No commentary is available for this product yet.')).toBeInTheDocument();
    expect(screen.getByText('Weeks of cover').nextSibling).toHaveTextContent('No demand');
  });

  it('says the demand was too irregular when a trend was tried and lost to the recent average', async () => {
    mockFetch({
      [FORECAST_PATH]: () =>
        json(forecastFixture({ model: { method: 'baseline', alpha: null, beta: null, sse: null } })),
    });
    renderPanel();
    expect(await screen.findByText('Recent average')).toBeInTheDocument();
    expect(screen.getByText('Demand too irregular for a trend')).toBeInTheDocument();
  });

  it('offers a retry when the forecast cannot be loaded', async () => {
    mockFetch({ [FORECAST_PATH]: () => json({ message: 'Something went wrong. Please try again.' }, 500) });
    renderPanel();
    // One automatic retry first (SPEC §7), then the panel says so.
    expect(await screen.findByText('We could not load this forecast.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('closes', async () => {
    mockFetch({ [FORECAST_PATH]: () => pending() });
    const { onClose, user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Close forecast' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is cached for 5 minutes (SPEC §9)', () => {
    expect(forecastQueryOptions('org-1', PRODUCT.id).staleTime).toBe(5 * 60_000);
    expect(forecastQueryOptions('org-1', PRODUCT.id).queryKey).toEqual([
      'inventory',
      'org-1',
      'forecast',
      PRODUCT.id,
    ]);
  });
});
