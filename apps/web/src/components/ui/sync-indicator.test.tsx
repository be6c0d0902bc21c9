import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncIndicator } from './sync-indicator';

function renderWith(client: QueryClient) {
  render(
    <QueryClientProvider client={client}>
      <SyncIndicator />
    </QueryClientProvider>,
  );
}

describe('SyncIndicator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the Syncing notice while a query is fetching', async () => {
    const client = new QueryClient();
    renderWith(client);
    let finish: (value: string) => void = () => undefined;
    act(() => {
      void client.fetchQuery({
        queryKey: ['slow'],
        queryFn: () => new Promise<string>((resolve) => (finish = resolve)),
      });
    });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('status')).toHaveTextContent('Syncing - Updating the latest marketplace data');
    await act(async () => finish('done'));
    // React Query batches its notifications on a timer.
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('ignores background queries such as the session check', async () => {
    const client = new QueryClient();
    renderWith(client);
    act(() => {
      void client.fetchQuery({
        queryKey: ['me'],
        queryFn: () => new Promise<string>(() => undefined),
        meta: { background: true },
      });
    });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
