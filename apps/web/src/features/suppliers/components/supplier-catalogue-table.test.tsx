import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { catalogueItem } from '../testing/fixtures';
import { SupplierCatalogueTable } from './supplier-catalogue-table';

const SUPPLIER = { id: '35bb2cbe-6b39-57c7-ab2f-38664a3768fe', name: 'Tema Pharma Distributors' };
const PATH = `GET /suppliers/${SUPPLIER.id}/products`;

function renderTable(onCompare = vi.fn()) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupplierCatalogueTable
        orgId="org-1"
        supplier={SUPPLIER}
        renderExpiry={(item) => <span>expiry:{item.expiryStatus}</span>}
        onCompare={onCompare}
      />
    </QueryClientProvider>,
  );
  return { user, onCompare };
}

describe('SupplierCatalogueTable', () => {
  it("treats a 404 as an empty catalogue: 'No published inventory for {supplier} yet.', asked once, no toast", async () => {
    const fetchMock = mockFetch({ [PATH]: () => json({ message: 'Supplier not found' }, 404) });
    const toastError = vi.spyOn(toast, 'error');
    renderTable();
    expect(
      await screen.findByText('No published inventory for Tema Pharma Distributors yet.'),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('says the same of an empty catalogue', async () => {
    mockFetch({ [PATH]: () => json([]) });
    renderTable();
    expect(
      await screen.findByText('No published inventory for Tema Pharma Distributors yet.'),
    ).toBeInTheDocument();
  });

  it('shows product, category, pack, unit price, quantity, moq and the expiry badge', async () => {
    mockFetch({
      [PATH]: () =>
        json([
          catalogueItem({
            name: 'Amlodipine 5 mg tablets',
            category: 'Cardiovascular',
            itemsPerUnit: '28 tablets',
            unitOfMeasure: 'box',
            unitPrice: 15.3,
            quantity: 2071,
            moq: 5,
            expiryStatus: 'expiring_soon',
          }),
        ]),
    });
    renderTable();
    const table = await screen.findByRole('table', { name: 'Tema Pharma Distributors catalogue' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Product',
      'Category',
      'Pack',
      'Unit price',
      'Quantity',
      'MOQ',
      'Expiry',
      'Actions',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Amlodipine 5 mg tablets')).toBeInTheDocument();
    expect(within(row).getByText('Cardiovascular')).toBeInTheDocument();
    expect(within(row).getByText('28 tablets per box')).toBeInTheDocument();
    expect(within(row).getByText('GH₵15.30')).toBeInTheDocument();
    expect(within(row).getByText('2,071')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByText('expiry:expiring_soon')).toBeInTheDocument();
  });

  it('filters the rows by name and offers to compare a product', async () => {
    const amlodipine = catalogueItem({ name: 'Amlodipine 5 mg tablets' });
    mockFetch({
      [PATH]: () =>
        json([amlodipine, catalogueItem({ name: 'Metformin 500 mg tablets', brandName: 'Letap' })]),
    });
    const { user, onCompare } = renderTable();
    const table = await screen.findByRole('table');
    await user.type(
      screen.getByRole('searchbox', { name: "Search Tema Pharma Distributors's catalogue" }),
      'metf',
    );
    expect(within(table).queryByText('Amlodipine 5 mg tablets')).not.toBeInTheDocument();
    expect(screen.getByText('1 of 2 products')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    await user.click(
      within(table).getByRole('button', { name: 'Compare suppliers of Amlodipine 5 mg tablets' }),
    );
    expect(onCompare).toHaveBeenCalledWith(amlodipine);
  });

  it('says itself, without a toast, when the catalogue cannot be loaded', async () => {
    const fetchMock = mockFetch({ [PATH]: () => json({ message: 'Database is resting' }, 500) });
    const toastError = vi.spyOn(toast, 'error');
    renderTable();
    expect(
      await screen.findByText(
        "We could not load Tema Pharma Distributors's catalogue.",
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    // The first attempt and two retries (SPEC §7: fewer than 2 retries is read as at most 2).
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(toastError).not.toHaveBeenCalled();
  }, 30_000);
});
