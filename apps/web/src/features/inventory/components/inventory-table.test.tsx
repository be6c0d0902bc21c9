import type { InventoryRow } from '@aduro/shared/inventory';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type * as CsvModule from '../../../lib/csv';
import { downloadCsv } from '../../../lib/csv';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { inventoryRow } from '../testing/fixtures';
import { InventoryTable } from './inventory-table';
import { InventoryTotals } from './inventory-totals';

vi.mock('../../../lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof CsvModule>()),
  downloadCsv: vi.fn(),
}));

const amoxSoon = inventoryRow({
  product: { id: 'p-amox', name: 'Amoxicillin 500 mg capsules', brandName: 'Ernest Chemists' },
  quantity: 40,
  unitPrice: 45.5,
  expiryDate: '2026-06-20',
  expiryStatus: 'expiring_soon',
  daysUntilExpiry: 12,
});
const amoxLater = inventoryRow({
  product: { id: 'p-amox', name: 'Amoxicillin 500 mg capsules', brandName: 'Ernest Chemists' },
  quantity: 5,
  unitPrice: 45.5,
  expiryDate: '2027-01-31',
  expiryStatus: 'healthy',
  daysUntilExpiry: 237,
});
const para = inventoryRow({
  product: { id: 'p-para', name: 'Paracetamol 500 mg tablets', brandName: 'M&G Pharmaceuticals' },
  quantity: 300,
  unitPrice: 0.1,
  expiryDate: '2026-06-05',
  expiryStatus: 'expired',
  daysUntilExpiry: -3,
});
const gauze = inventoryRow({
  product: { id: 'p-gauze', name: 'Gauze swabs', brandName: 'Kinapharma' },
  quantity: 3,
  unitPrice: 0.1,
  expiryDate: null,
  expiryStatus: 'not_applicable',
  daysUntilExpiry: null,
});

function renderTable(rows: InventoryRow[]) {
  mockFetch({ 'GET /inventory': () => json(rows) });
  const onForecast = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InventoryTotals orgId="org-1" />
      <InventoryTable orgId="org-1" onForecast={onForecast} />
    </QueryClientProvider>,
  );
  return { user, onForecast };
}

/** Product names of the table's body rows, top to bottom. */
function tableProducts(): string[] {
  const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.textContent ?? '');
}

function tableUnits(): string[] {
  const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[2]!.querySelector('p')!.textContent ?? '');
}

describe('InventoryTable', () => {
  it('shows each lot with price in GH₵, expiry badge with days, and totals in exact pesewas', async () => {
    renderTable([amoxSoon, amoxLater, para, gauze]);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(table).getAllByText('GH₵45.50')).toHaveLength(2);
    expect(within(table).getByText('Expiring soon · 12 days')).toBeInTheDocument();
    expect(within(table).getByText('Healthy · 237 days')).toBeInTheDocument();
    expect(within(table).getByText('Expired · 3 days ago')).toBeInTheDocument();
    expect(within(table).getByText('No expiry')).toBeInTheDocument();
    expect(within(table).getByText('20 Jun 2026')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Inventory totals' });
    // 40 × 45.50 + 5 × 45.50 + 300 × 0.10 + 3 × 0.10 = 2047.50 + 30.30.
    expect(within(totals).getByText('Inventory value').nextSibling).toHaveTextContent('GH₵2,077.80');
    expect(within(totals).getByText('Units on hand').nextSibling).toHaveTextContent('348');
  });

  it('searches by product name or brand', async () => {
    const { user } = renderTable([amoxSoon, amoxLater, para, gauze]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search inventory' }), 'm&g');
    expect(tableProducts()).toEqual(['Paracetamol 500 mg tablets']);
    expect(screen.getByText('1 of 4 lots')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search inventory' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search inventory' }), 'ibuprofen');
    expect(screen.getByText('No lots match “ibuprofen”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sorts by a column when its header is clicked, flipping on a second click', async () => {
    const { user } = renderTable([para, gauze, amoxLater, amoxSoon]);
    await screen.findByRole('table');
    expect(tableProducts()).toEqual([
      'Amoxicillin 500 mg capsules',
      'Amoxicillin 500 mg capsules',
      'Gauze swabs',
      'Paracetamol 500 mg tablets',
    ]);
    expect(screen.getByRole('columnheader', { name: /Product/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Units' }));
    expect(tableUnits()).toEqual(['300', '40', '5', '3']);
    expect(screen.getByRole('columnheader', { name: /Units/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Product/ })).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Units' }));
    expect(tableUnits()).toEqual(['3', '5', '40', '300']);

    await user.click(screen.getByRole('button', { name: 'Expiry' }));
    expect(tableProducts()).toEqual([
      'Paracetamol 500 mg tablets',
      'Amoxicillin 500 mg capsules',
      'Amoxicillin 500 mg capsules',
      'Gauze swabs',
    ]);

    // The phone layout's sort menu drives the same order.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort inventory' }), 'Highest price');
    expect(tableProducts().slice(0, 2)).toEqual([
      'Amoxicillin 500 mg capsules',
      'Amoxicillin 500 mg capsules',
    ]);
  });

  it('shows each lot’s batch, — without one, and a red Recalled badge with the recall number instead of the expiry badge', async () => {
    const recalled = inventoryRow({
      product: { id: 'p-amox', name: 'Amoxicillin 500 mg capsules', brandName: 'Ernest Chemists' },
      batchNumber: 'AMX2406B',
      expiryDate: '2027-05-31',
      expiryStatus: 'healthy',
      daysUntilExpiry: 360,
      recall: { id: 'r-1', number: 'RC-2026-000001' },
    });
    const batched = inventoryRow({
      product: { id: 'p-para', name: 'Paracetamol 500 mg tablets', brandName: 'M&G Pharmaceuticals' },
      batchNumber: 'PCM-2407',
      expiryStatus: 'healthy',
      daysUntilExpiry: 237,
    });
    renderTable([recalled, batched, gauze]);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Batch' })).toBeInTheDocument();

    const rowOf = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(name))!;
    const cells = (name: string) => within(rowOf(name)).getAllByRole('cell');
    expect(cells('Amoxicillin')[1]).toHaveTextContent(/^AMX2406B$/);
    expect(cells('Paracetamol')[1]).toHaveTextContent(/^PCM-2407$/);
    expect(cells('Gauze')[1]).toHaveTextContent(/^—$/);

    const recalledStatus = within(cells('Amoxicillin')[4]!);
    expect(recalledStatus.getByText('Recalled')).toHaveClass('bg-rose-50');
    expect(recalledStatus.getByText('RC-2026-000001')).toBeInTheDocument();
    expect(recalledStatus.queryByText(/Healthy/)).not.toBeInTheDocument();
    expect(within(cells('Paracetamol')[4]!).getByText('Healthy · 237 days')).toBeInTheDocument();
    expect(within(cells('Paracetamol')[4]!).queryByText('Recalled')).not.toBeInTheDocument();

    // The phone cards say the same.
    const cards = screen.getByRole('list', { name: 'Current inventory' });
    expect(within(cards).getByText('AMX2406B')).toBeInTheDocument();
    expect(within(cards).getByText('Recalled')).toBeInTheDocument();
  });

  it('finds a lot by its batch number', async () => {
    const { user } = renderTable([
      inventoryRow({ product: { name: 'Amoxicillin 500 mg capsules' }, batchNumber: 'AMX2406B' }),
      inventoryRow({ product: { name: 'Amoxicillin 500 mg capsules' }, batchNumber: 'AMX2407C' }),
    ]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search inventory' }), 'amx2407');
    expect(screen.getByText('1 of 2 lots')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('AMX2407C')).toBeInTheDocument();
  });

  it('opens the forecast of a row’s product', async () => {
    const { user, onForecast } = renderTable([para]);
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Forecast for Paracetamol 500 mg tablets' }));
    expect(onForecast).toHaveBeenCalledWith({ id: 'p-para', name: 'Paracetamol 500 mg tablets' });
  });

  it('exports every lot to inventory_export.csv, whatever the search shows', async () => {
    const { user } = renderTable([amoxSoon, gauze]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search inventory' }), 'gauze');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloadCsv).toHaveBeenCalledWith(
      'inventory_export.csv',
      [
        'product,units,unitPrice,expiry,status,daysUntilExpiry,batch,recall',
        'Amoxicillin 500 mg capsules,40,45.50,2026-06-20,expiring_soon,12,,',
        'Gauze swabs,3,0.10,,not_applicable,,,',
      ].join('\r\n'),
    );
  });

  it('shows the SPEC empty state, and exporting it toasts that there is nothing to export', async () => {
    vi.mocked(downloadCsv).mockClear();
    const toastError = vi.spyOn(toast, 'error');
    const { user } = renderTable([]);
    expect(
      await screen.findByText('No inventory data yet. Push your first stock update to activate analytics.'),
    ).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Inventory totals' });
    expect(within(totals).getByText('Inventory value').nextSibling).toHaveTextContent('GH₵0.00');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(toastError).toHaveBeenCalledWith('No inventory rows to export');
    expect(downloadCsv).not.toHaveBeenCalled();
  });
});
