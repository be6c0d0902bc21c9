import type { InventoryRow, InventoryTotals as Totals } from '@aduro/shared/inventory';
import type { Page } from '@aduro/shared/pagination';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type createBrowserRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { inventoryRow } from '../testing/fixtures';
import { InventoryTable } from './inventory-table';
import { InventoryTotals } from './inventory-totals';

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

const page = (
  items: InventoryRow[],
  total = items.length,
  nextCursor: string | null = null,
): Page<InventoryRow> => ({
  items,
  nextCursor,
  total,
});

type Router = ReturnType<typeof createBrowserRouter>;

const NO_TOTALS: Totals = { lots: 0, unitsOnHand: 0, value: 0, lotsAtRisk: 0 };

/**
 * The table (and totals) at `url`, the server answering GET /inventory/page?… from `pages` by query string
 * (after /inventory/page?), and GET /inventory/totals with `totals`.
 */
function renderTable(
  pages: Record<string, Page<InventoryRow>>,
  {
    totals = NO_TOTALS,
    url = '/supplier',
    handlers: extra = {},
  }: { totals?: Totals; url?: string; handlers?: Parameters<typeof mockFetch>[0] } = {},
) {
  const handlers = Object.fromEntries(
    Object.entries(pages).map(([query, answer]) => [`GET /inventory/page?${query}`, () => json(answer)]),
  );
  const fetchMock = mockFetch({ 'GET /inventory/totals': () => json(totals), ...handlers, ...extra });
  const onForecast = vi.fn();
  const user = userEvent.setup();
  const router: Router = createMemoryRouter(
    [
      {
        path: '/supplier',
        element: (
          <>
            <InventoryTotals orgId="org-1" />
            <InventoryTable orgId="org-1" onForecast={onForecast} pinnedParams={{ tab: 'inventory' }} />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const requested = () =>
    fetchMock.mock.calls
      .map(([input]) => String(input).replace(/^.*?\/api/, ''))
      .filter((u) => u !== '/inventory/totals');
  return { user, onForecast, router, fetchMock, requested };
}

const card = () => within(screen.getByRole('region', { name: 'Current inventory' }));

/** Product names of the table's body rows, top to bottom. */
function tableProducts(): string[] {
  const [, body] = within(screen.getByRole('table')).getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.textContent ?? '');
}

describe('InventoryTable', () => {
  it("shows each lot with price in GH₵, expiry badge with days, the count, and the server's totals", async () => {
    const rows = [amoxSoon, amoxLater, para, gauze];
    // 40 × 45.50 + 5 × 45.50 + 300 × 0.10 + 3 × 0.10 = 2047.50 + 30.30, summed by the server.
    const totals = { lots: 4, unitsOnHand: 348, value: 2077.8, lotsAtRisk: 2 };
    renderTable({ 'limit=50': page(rows) }, { totals });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getAllByText('GH₵45.50')).toHaveLength(2);
    expect(within(table).getByText('Expiring soon · 12 days')).toBeInTheDocument();
    expect(within(table).getByText('Healthy · 237 days')).toBeInTheDocument();
    expect(within(table).getByText('Expired · 3 days ago')).toBeInTheDocument();
    expect(within(table).getByText('No expiry')).toBeInTheDocument();
    expect(within(table).getByText('20 Jun 2026')).toBeInTheDocument();
    expect(card().getByText('4 lots')).toBeInTheDocument();

    const tiles = within(screen.getByRole('region', { name: 'Inventory totals' }));
    expect(await tiles.findByText('GH₵2,077.80')).toBeInTheDocument();
    expect(tiles.getByText('Units on hand').nextSibling).toHaveTextContent('348');
    expect(tiles.getByText('Lots to act on').nextSibling).toHaveTextContent('2');
  });

  it("shows each product's class and Controlled badges, and why buyers no longer see one whose FDA registration lapsed", async () => {
    const tramadol = inventoryRow({
      product: { id: 'p-tram', name: 'Tramadol 50 mg capsules', medicineClass: 'A', controlled: 'narcotic' },
    });
    const cough = inventoryRow({
      product: {
        id: 'p-cough',
        name: 'Cough syrup 100 ml',
        medicineClass: 'C',
        fdaRegistrationExpiresOn: '2024-05-31',
        registrationLapsed: true,
      },
    });
    renderTable({ 'limit=50': page([tramadol, cough]) });
    const table = await screen.findByRole('table');
    const [, tramadolRow, coughRow] = within(table).getAllByRole('row');
    expect(within(tramadolRow!).getByText('POM')).toBeInTheDocument();
    expect(within(tramadolRow!).getByText('Controlled')).toBeInTheDocument();
    expect(within(tramadolRow!).queryByText(/FDA registration lapsed/)).not.toBeInTheDocument();
    expect(within(coughRow!).getByText('OTC')).toBeInTheDocument();
    expect(
      within(coughRow!).getByText(
        'FDA registration lapsed on 31 May 2024 — buyers are not offered this product',
      ),
    ).toBeInTheDocument();
  });

  it('sends the product, batch and expiry filters to the server and writes them to the URL, leaving other parameters', async () => {
    const { user, router, requested } = renderTable(
      {
        'limit=50': page([amoxSoon, para], 2),
        'product=m%26g&limit=50': page([para], 1),
        'product=m%26g&status=expired&limit=50': page([para], 1),
        'product=m%26g&status=expired&batch=pcm&limit=50': page([], 0),
        'limit=50&cursor=ignored': page([]),
      },
      { url: '/supplier?ref=mail' },
    );
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Product' }), 'm&g');
    await waitFor(() => expect(tableProducts()).toEqual(['Paracetamol 500 mg tablets']));
    expect(card().getByText('1 lot')).toBeInTheDocument();
    // Typing is sent once it pauses, not per key.
    expect(requested().filter((u) => u.includes('product='))).toEqual([
      '/inventory/page?product=m%26g&limit=50',
    ]);

    await user.click(screen.getByRole('radio', { name: 'Expired' }));
    await user.type(screen.getByRole('searchbox', { name: 'Batch' }), 'pcm');
    expect(await screen.findByText('No lots match these filters.')).toBeInTheDocument();
    expect(card().getByText('0 lots')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      ref: 'mail',
      tab: 'inventory',
      invProduct: 'm&g',
      invStatus: 'expired',
      invBatch: 'pcm',
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(tableProducts()).toEqual(['Amoxicillin 500 mg capsules', 'Paracetamol 500 mg tablets']),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      ref: 'mail',
      tab: 'inventory',
    });
    expect(screen.getByRole('searchbox', { name: 'Product' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });

  it('restores the filters of a URL it opens on, and asks the server for them', async () => {
    const { requested } = renderTable(
      { 'product=amox&status=expired%2Cexpiring_soon&batch=AMX&limit=50': page([amoxSoon], 1) },
      { url: '/supplier?tab=inventory&invProduct=amox&invStatus=expired,expiring_soon&invBatch=AMX' },
    );
    await screen.findByRole('table');
    expect(screen.getByRole('searchbox', { name: 'Product' })).toHaveValue('amox');
    expect(screen.getByRole('searchbox', { name: 'Batch' })).toHaveValue('AMX');
    expect(card().getByText('1 lot')).toBeInTheDocument();
    expect(requested()).toEqual([
      '/inventory/page?product=amox&status=expired%2Cexpiring_soon&batch=AMX&limit=50',
    ]);
  });

  it('appends the next page with the cursor when Load more is pressed, and stops on the last page', async () => {
    const { user, requested } = renderTable({
      'limit=50': page([amoxSoon, amoxLater], 3, 'cursor-2'),
      'limit=50&cursor=cursor-2': page([gauze], 3, null),
    });
    await screen.findByRole('table');
    expect(card().getByText('3 lots')).toBeInTheDocument();
    // The table's and the phone cards' foot: one of them is on screen at a time.
    await user.click(screen.getAllByRole('button', { name: 'Load more' })[0]!);
    await waitFor(() =>
      expect(tableProducts()).toEqual([
        'Amoxicillin 500 mg capsules',
        'Amoxicillin 500 mg capsules',
        'Gauze swabs',
      ]),
    );
    expect(requested()).toEqual(['/inventory/page?limit=50', '/inventory/page?limit=50&cursor=cursor-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
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
    renderTable({ 'limit=50': page([recalled, batched, gauze]) });
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

  it('opens the forecast of a row’s product', async () => {
    const { user, onForecast } = renderTable({ 'limit=50': page([para]) });
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Forecast for Paracetamol 500 mg tablets' }));
    expect(onForecast).toHaveBeenCalledWith({ id: 'p-para', name: 'Paracetamol 500 mg tablets' });
  });

  describe('CSV export', () => {
    const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
    afterEach(() => {
      URL.createObjectURL = realCreate;
      URL.revokeObjectURL = realRevoke;
    });

    it('downloads the server’s CSV of the filtered lots as inventory_export.csv, spinning meanwhile', async () => {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
      const saved: string[] = [];
      URL.createObjectURL = vi.fn(() => 'blob:inventory');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      let answer: (response: Response) => void = () => undefined;
      const { user, fetchMock } = renderTable(
        { 'product=gauze&status=not_applicable&limit=50': page([gauze]) },
        {
          url: '/supplier?invProduct=gauze&invStatus=not_applicable',
          handlers: {
            'GET /inventory.csv?product=gauze&status=not_applicable': () =>
              new Promise<Response>((resolve) => {
                answer = resolve;
              }),
          },
        },
      );
      await screen.findByRole('table');
      const button = screen.getByRole('button', { name: 'Export CSV' });
      await user.click(button);
      await waitFor(() => expect(button).toBeDisabled());
      expect(button).toHaveAttribute('aria-busy', 'true');

      answer(
        new Response('\uFEFFproduct,units\r\nGauze swabs,3\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="inventory_export.csv"',
          },
        }),
      );
      // SPEC §2's file name, whatever the server calls it.
      await waitFor(() => expect(saved).toEqual(['inventory_export.csv']));
      await waitFor(() => expect(button).toBeEnabled());
      const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/inventory.csv'));
      expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
    });

    it('toasts the server’s message when the export fails', async () => {
      const toastError = vi.spyOn(toast, 'error');
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const { user } = renderTable(
        { 'limit=50': page([gauze]) },
        {
          handlers: {
            'GET /inventory.csv': () =>
              json(
                { message: 'Too many exports, try again in a minute', code: 'RATE_LIMITED', kind: 'invalid' },
                429,
              ),
          },
        },
      );
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() =>
        expect(toastError).toHaveBeenCalledWith('Too many exports, try again in a minute', expect.anything()),
      );
      expect(click).not.toHaveBeenCalled();
    });
  });

  it('shows the SPEC empty state, and exporting it toasts that there is nothing to export', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { user, requested } = renderTable({ 'limit=50': page([]) });
    expect(
      await screen.findByText('No inventory data yet. Push your first stock update to activate analytics.'),
    ).toBeInTheDocument();
    const totals = within(screen.getByRole('region', { name: 'Inventory totals' }));
    expect(await totals.findByText('GH₵0.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(toastError).toHaveBeenCalledWith('No inventory rows to export');
    expect(requested()).toEqual(['/inventory/page?limit=50']);
  });
});
