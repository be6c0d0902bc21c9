import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoment } from '../format';
import { OfflineBanner } from './offline-banner';

const FETCHED_AT = Date.parse('2026-11-24T14:05:00Z');

function KeptOrders() {
  useQuery({ queryKey: ['orders', 'org-1', 'pages', ''], queryFn: () => new Promise<never>(() => {}) });
  return null;
}

function renderWithKeptOrders() {
  const client = new QueryClient();
  client.setQueryData(['orders', 'org-1', 'pages', ''], { pages: [] }, { updatedAt: FETCHED_AT });
  render(
    <QueryClientProvider client={client}>
      <OfflineBanner />
      <KeptOrders />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

describe('the offline banner', () => {
  it('says when the kept answers on screen were fetched, once the connection goes, and goes when it returns', () => {
    renderWithKeptOrders();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(
      `Offline: showing what you last saw at ${formatMoment('2026-11-24T14:05:00Z')}`,
    );

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
