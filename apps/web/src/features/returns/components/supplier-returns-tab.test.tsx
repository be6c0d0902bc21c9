import type { ReturnSummary } from '@aduro/shared/returns';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { SupplierReturnsTab, type SupplierReturnView } from './supplier-returns-tab';

function summary(overrides: Partial<ReturnSummary> = {}): ReturnSummary {
  return {
    id: '55555555-0000-4000-8000-000000000001',
    number: 'RET-2026-000007',
    status: 'requested',
    order: { id: '33333333-0000-4000-8000-000000000001', number: 'PO-2026-000195' },
    product: { id: '11111111-0000-4000-8000-000000000001', name: 'Magnesium sulfate 50% injection' },
    buyer: { id: '88888888-0000-4000-8000-000000000001', name: 'AccraCare Pharmacy' },
    supplier: { id: '66666666-0000-4000-8000-000000000001', name: 'Tema Pharma Distributors' },
    quantity: 6,
    reasons: ['damaged', 'wrong_item'],
    createdAt: '2026-11-29T08:00:00.000Z',
    creditAmount: null,
    ...overrides,
  };
}

const page = (items: ReturnSummary[]) => json({ items, nextCursor: null, total: items.length });

function Harness({ canInspect, onSelect }: { canInspect: boolean; onSelect: (id: string | null) => void }) {
  const [view, setView] = useState<SupplierReturnView>('decide');
  return (
    <SupplierReturnsTab
      orgId="org-tema"
      view={view}
      onViewChange={setView}
      selectedId={null}
      onSelect={onSelect}
      canInspect={canInspect}
    />
  );
}

function renderTab({ canInspect = true, onSelect = vi.fn() } = {}) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness canInspect={canInspect} onSelect={onSelect} />
    </QueryClientProvider>,
  );
  return { user, onSelect };
}

afterEach(() => vi.restoreAllMocks());

describe('SupplierReturnsTab', () => {
  it('lists the returns awaiting a decision, and each queue asks the server for its statuses', async () => {
    const fetchMock = mockFetch({
      'GET /returns?status=requested&limit=20': () => page([summary()]),
      'GET /returns?status=completed%2Crejected&limit=20': () =>
        page([
          summary({
            id: '55555555-0000-4000-8000-000000000002',
            number: 'RET-2026-000002',
            status: 'completed',
            creditAmount: 528,
          }),
        ]),
    });
    const { user, onSelect } = renderTab();
    const row = await screen.findByRole('button', { name: 'RET-2026-000007 from AccraCare Pharmacy' });
    expect(row).toHaveTextContent('Magnesium sulfate 50% injection × 6 units');
    expect(row).toHaveTextContent('Damaged, Wrong item · PO-2026-000195');
    expect(screen.getByText('1 return')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Destruction register' })).toBeInTheDocument();
    await user.click(row);
    expect(onSelect).toHaveBeenCalledWith('55555555-0000-4000-8000-000000000001');

    await user.click(within(screen.getByRole('radiogroup', { name: 'Show returns' })).getByText('Done'));
    const done = await screen.findByRole('button', { name: 'RET-2026-000002 from AccraCare Pharmacy' });
    expect(done).toHaveTextContent('credited GH₵528.00');
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('status=completed%2Crejected'),
      expect.anything(),
    );
  });

  it('offers the destruction register only to those who manage inventory', async () => {
    mockFetch({ 'GET /returns?status=requested&limit=20': () => page([]) });
    renderTab({ canInspect: false });
    expect(await screen.findByText(/No returns waiting for your decision/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Destruction register' })).not.toBeInTheDocument();
  });
});
