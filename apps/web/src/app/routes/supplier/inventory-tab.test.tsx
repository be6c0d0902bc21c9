import type { Product } from '@aduro/shared/catalogue';
import type { InventoryRow } from '@aduro/shared/inventory';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inventoryRow, forecastFixture } from '../../../features/inventory/testing/fixtures';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';

const SUPPLIER = sessionUser({
  userType: 'supplier',
  orgId: 'org-tema',
  organizationName: 'Tema Pharma Distributors',
  roles: ['InventoryManager'],
  permissions: ['manage_inventory'],
});

const ZINC: Product = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Zinc 20 mg dispersible tablets',
  brandName: 'Kinapharma',
  category: 'Paediatrics',
  description: null,
  unitOfMeasure: 'pack',
  itemsPerUnit: '10 tablets',
  isService: false,
  gtin: null,
  medicineClass: null,
  controlled: null,
  fdaRegistrationNumber: null,
  fdaRegistrationExpiresOn: null,
};

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

describe('cockpit Inventory tab', () => {
  it('puts a product just added to the catalogue into the sync form, ready to sync its first lot', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    let inventory: InventoryRow[] = [];
    let synced: unknown;
    const fetchMock = mockFetch({
      'GET /auth/me': () => json(SUPPLIER),
      'GET /inventory/totals': () =>
        json({
          lots: inventory.length,
          unitsOnHand: inventory.reduce((sum, r) => sum + r.quantity, 0),
          value: inventory.reduce((sum, r) => sum + r.quantity * r.unitPrice, 0),
          lotsAtRisk: 0,
        }),
      'GET /inventory/page?limit=50': () =>
        json({ items: inventory, nextCursor: null, total: inventory.length }),
      'POST /products': () => json(ZINC, 201),
      'POST /inventory': (init) => {
        synced = JSON.parse(String(init?.body));
        const row = inventoryRow({
          product: { id: ZINC.id, name: ZINC.name, brandName: ZINC.brandName },
          quantity: 24,
          unitPrice: 18.75,
          expiryDate: null,
          expiryStatus: 'not_applicable',
          daysUntilExpiry: null,
        });
        inventory = [row];
        return json(row);
      },
    });
    const { user } = renderApp('/supplier');
    expect(
      await screen.findByText('No inventory data yet. Push your first stock update to activate analytics.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add catalogue product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add catalogue product' });
    await user.type(within(dialog).getByLabelText('Product name'), ZINC.name);
    await user.type(within(dialog).getByLabelText('Brand'), ZINC.brandName);
    await user.type(within(dialog).getByLabelText('Category'), ZINC.category);
    await user.type(within(dialog).getByLabelText('Unit of measure'), ZINC.unitOfMeasure);
    await user.type(within(dialog).getByLabelText('Items per unit'), ZINC.itemsPerUnit);
    await user.click(within(dialog).getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Product added. Use the new ID to sync inventory.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The sync form now holds the new product: its id in the field (SPEC §4), its name beneath.
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveValue(ZINC.id);
    expect(screen.getByText(`New catalogue product: ${ZINC.name}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity (units)')).toHaveFocus();

    await user.type(screen.getByLabelText('Quantity (units)'), '24');
    await user.type(screen.getByLabelText('Unit price (GH₵)'), '18.75');
    const inventoryReads = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) =>
          String(url).endsWith('/inventory/page?limit=50') && (init?.method ?? 'GET') === 'GET',
      ).length;
    const readsBeforeSync = inventoryReads();
    await user.click(screen.getByRole('button', { name: 'Sync stock' }));

    expect(await screen.findByText('Inventory synchronised')).toBeInTheDocument();
    expect(synced).toEqual({
      productId: ZINC.id,
      quantity: 24,
      unitPrice: 18.75,
      expiryDate: null,
      batchNumber: null,
      moq: null,
    });
    // The table refreshed from the server and shows the new lot.
    const table = await screen.findByRole('table');
    expect(within(table).getByText(ZINC.name)).toBeInTheDocument();
    expect(within(table).getByText('No expiry')).toBeInTheDocument();
    expect(inventoryReads()).toBeGreaterThan(readsBeforeSync);
    // The totals are asked for again with the lots.
    const totals = within(screen.getByRole('region', { name: 'Inventory totals' }));
    expect(await totals.findByText('GH₵450.00')).toBeInTheDocument();
  });

  it('opens the AI demand forecast of a row’s product', async () => {
    vi.stubGlobal('ResizeObserver', NoopResizeObserver);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
    const row = inventoryRow();
    mockFetch({
      'GET /auth/me': () => json(SUPPLIER),
      'GET /inventory/totals': () => json({ lots: 1, unitsOnHand: row.quantity, value: 0, lotsAtRisk: 0 }),
      'GET /inventory/page?limit=50': () => json({ items: [row], nextCursor: null, total: 1 }),
      [`GET /inventory/forecast/${row.product.id}`]: () => json(forecastFixture()),
    });
    const { user } = renderApp('/supplier');
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: `Forecast for ${row.product.name}` }));

    expect(await screen.findByRole('heading', { name: 'AI demand forecast' })).toBeInTheDocument();
    expect(screen.getByText('Experiment')).toBeInTheDocument();
    expect(await screen.findByText(forecastFixture().commentary!)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close forecast' }));
    expect(screen.queryByRole('heading', { name: 'AI demand forecast' })).not.toBeInTheDocument();
  });
});
