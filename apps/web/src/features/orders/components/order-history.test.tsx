import type { OrderHistoryEntry } from '@aduro/shared/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch, orderFixture } from '../../../test/test-utils';
import { OrderHistory } from './order-history';

const entry = (overrides: Partial<OrderHistoryEntry>): OrderHistoryEntry => ({
  kind: 'status',
  at: '2026-11-21T09:00:00.000Z',
  actorName: 'Kofi Boateng',
  dropSequence: 1,
  fromStatus: 'Awaiting Dispatch',
  toStatus: 'Shipped',
  note: null,
  amount: null,
  method: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('OrderHistory', () => {
  it('tells a re-pick off a recalled batch as a re-pick, not a move to the status the drop already had', async () => {
    const order = orderFixture();
    mockFetch({
      [`GET /orders/${order.id}`]: () =>
        json({
          ...order,
          history: [
            entry({
              toStatus: 'Awaiting Dispatch',
              note: 'Re-picked under recall RC-2026-000001: 30 units of batch R1 back to quarantine, replaced with batch R3 × 30',
            }),
            entry({}),
          ],
        }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OrderHistory orgId="org-1" orderId={order.id} />
      </QueryClientProvider>,
    );
    const [repick, shipped] = await screen.findAllByRole('listitem');
    expect(repick).toHaveTextContent('Drop 1: Re-picked from another batch');
    expect(repick).not.toHaveTextContent('Awaiting Dispatch → Awaiting Dispatch');
    expect(repick).toHaveTextContent('replaced with batch R3 × 30');
    expect(shipped).toHaveTextContent('Drop 1: Awaiting Dispatch → Shipped');
  });
});
