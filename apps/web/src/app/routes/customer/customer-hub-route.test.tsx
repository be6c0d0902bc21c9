import type { Cart } from '@aduro/shared/cart';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PRICE_HISTORY_MESSAGE } from '../../../features/catalogue/components/price-history-section';
import { product } from '../../../features/catalogue/testing/fixtures';
import { catalogueItem, directoryEntry, supplierMatch } from '../../../features/suppliers/testing/fixtures';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';

// The cart and analytics features are another team's and have their own tests; here they stand in as
// the props the hub hands them, which is exactly the contract between the two.
vi.mock('../../../features/cart/components/add-to-cart-dialog', () => ({
  AddToCartDialog: (props: {
    open: boolean;
    product: { name: string } | null;
    supplier: { name: string; unitPrice: number | null; moq: number | null } | null;
    onAdded: () => void;
  }) =>
    props.open ? (
      <div role="dialog" aria-label="Add to cart">
        {props.product?.name} from {props.supplier?.name} at {props.supplier?.unitPrice} (moq{' '}
        {props.supplier?.moq})
        <button type="button" onClick={props.onAdded}>
          Confirm add
        </button>
      </div>
    ) : null,
}));
vi.mock('../../../features/cart/components/cart-drawer', () => ({
  CartDrawer: ({ open }: { open: boolean }) =>
    open ? <div role="dialog" aria-label="Procurement cart" /> : null,
}));
vi.mock('../../../features/cart/components/procurement-cart-modal', () => ({
  ProcurementCartModal: ({ open }: { open: boolean }) =>
    open ? <div role="dialog" aria-label="Procurement" /> : null,
}));
vi.mock('../../../features/analytics/components/most-purchased-panel', () => ({
  MostPurchasedPanel: ({ orgId }: { orgId: string | null }) => <p>Most purchased for {orgId}</p>,
}));

const ORG = 'org-1';
const AMOXICILLIN = product();
const PARACETAMOL = product({
  id: '2f1d8b52-0c1e-4c4f-9c55-2f6a1c6a9d10',
  name: 'Paracetamol 500 mg tablets',
  brandName: 'M&G Pharmaceuticals',
  category: 'Analgesics',
  itemsPerUnit: '100 tablets',
});
const TEMA = supplierMatch({ id: 'sup-tema', name: 'Tema Pharma Distributors', unitPrice: 104.5, moq: 2 });
const ACCRA = supplierMatch({ id: 'sup-accra', name: 'Accra Medilink Importers', unitPrice: 113 });
const CAPE = supplierMatch({ id: 'sup-cape', name: 'Cape Coast Medical Stores', unitPrice: 118 });
const GOLD = supplierMatch({ id: 'sup-gold', name: 'Goldcoast Generics Ltd', unitPrice: 120 });

const emptyCart = (lines = 0): Cart => ({
  items: Array.from({ length: lines }, (_, index) => ({
    id: `line-${index}`,
    productId: AMOXICILLIN.id,
    supplierId: TEMA.id,
    product: {
      name: AMOXICILLIN.name,
      brandName: AMOXICILLIN.brandName,
      category: AMOXICILLIN.category,
      medicineClass: AMOXICILLIN.medicineClass,
      controlled: AMOXICILLIN.controlled,
    },
    supplier: { name: TEMA.name, supplierCategory: 'distributor', location: 'Tema' },
    quantity: 10,
    unitPrice: null,
    quotedUnitPrice: 104.5,
    lineTotal: 1045,
    deliveryLocation: null,
    preferredDropDate: null,
    contactName: null,
    contactPhone: null,
    notes: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    eligibility: { allowed: true, code: null, reason: null },
  })),
  totals: { lineItems: lines, totalQuantity: lines * 10, estimatedValue: lines * 1045 },
});

function openHub(extra: Parameters<typeof mockFetch>[0] = {}, cartLines = 0) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  const fetchMock = mockFetch({
    'GET /auth/me': () => json(sessionUser({ orgId: ORG })),
    'GET /products?limit=12': () => json([AMOXICILLIN, PARACETAMOL]),
    'GET /suppliers?category=all': () =>
      json([directoryEntry({ id: 'sup-harbour', name: 'Harbour Surgical Imports' })]),
    'GET /cart': () => json(emptyCart(cartLines)),
    [`GET /products/${AMOXICILLIN.id}/suppliers?buyerId=${ORG}`]: () => json([TEMA, ACCRA, CAPE, GOLD]),
    [`GET /products/${PARACETAMOL.id}/suppliers?buyerId=${ORG}`]: () => json([ACCRA]),
    // The dialog's price history: none yet. Scripted, so no failed read retries in the background.
    ...Object.fromEntries(
      [AMOXICILLIN, PARACETAMOL].map((p) => [
        `GET /products/${p.id}/price-history`,
        () => json({ productId: p.id, from: '2025-11-24', to: '2026-11-24', suppliers: [], cheapest: null }),
      ]),
    ),
    ...extra,
  });
  return { fetchMock, ...renderApp('/customer') };
}

const comparisonRows = () =>
  within(screen.getByRole('table', { name: 'Supplier comparison' }))
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('customer hub', () => {
  const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
  afterEach(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
  });

  it("shows SPEC's fixed marketing figures under 'Across Aduro', so they do not read as the pharmacy's own", async () => {
    openHub();
    const figures = await screen.findByRole('region', { name: 'Across Aduro' });
    expect(within(figures).getByText(/not your pharmacy's own/)).toBeInTheDocument();
    for (const [value, label] of [
      ['98%', 'on-time dispatch'],
      ['Under 4 minutes', 'for credit approval'],
      ['12.4%', 'average savings'],
      ['2.3 days', 'lead time'],
    ] as const) {
      expect(within(figures).getByText(label).nextSibling).toHaveTextContent(value);
    }
    expect(figures).toHaveTextContent('Reorder hint: 150 units in 14 days');
  });

  it('opens a product card as the product dialog and lists its supplier matches, cheapest first', async () => {
    const { user } = openHub();
    await user.click(
      await screen.findByRole('button', {
        name: /Amoxicillin 500\smg capsules.*Ernest Chemists.*Open product details$/s,
      }),
    );

    expect(await screen.findByRole('dialog', { name: 'Amoxicillin 500 mg capsules' })).toBeInTheDocument();
    expect(await screen.findByText(/stock it, from/)).toHaveTextContent(
      '4 suppliers stock it, from GH₵104.50 per unit.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(
      screen.getByRole('heading', { name: 'Suppliers for Amoxicillin 500 mg capsules' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Supplier matches' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([
      'Tema Pharma Distributors',
      'Accra Medilink Importers',
      'Cape Coast Medical Stores',
      'Goldcoast Generics Ltd',
    ]);
  });

  it("compares up to three suppliers, refuses a fourth with 'Select up to three suppliers for comparison.', and removes one", async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { user } = openHub();
    await user.click(
      await screen.findByRole('button', { name: /Amoxicillin 500\smg capsules.*Open product details$/s }),
    );
    await user.keyboard('{Escape}');

    for (const name of [TEMA.name, ACCRA.name, CAPE.name]) {
      await user.click(await screen.findByRole('button', { name: `Compare: ${name}` }));
    }
    expect(comparisonRows()).toEqual([TEMA.name, ACCRA.name, CAPE.name]);
    expect(screen.getByText('3 of 3 suppliers chosen for Amoxicillin 500 mg capsules')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Compare: ${GOLD.name}` }));
    expect(toastError).toHaveBeenCalledWith('Select up to three suppliers for comparison.');
    expect(comparisonRows()).toEqual([TEMA.name, ACCRA.name, CAPE.name]);

    const table = screen.getByRole('table', { name: 'Supplier comparison' });
    await user.click(within(table).getByRole('button', { name: `Remove ${ACCRA.name} from comparison` }));
    expect(comparisonRows()).toEqual([TEMA.name, CAPE.name]);
    expect(screen.getByRole('button', { name: `Compare: ${ACCRA.name}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('clears the chosen suppliers and the cart form when the compared product changes', async () => {
    const { user } = openHub({
      'GET /products?q=Paracetamol+500+mg+tablets&limit=50': () => json([PARACETAMOL]),
    });
    await user.click(
      await screen.findByRole('button', { name: /Amoxicillin 500\smg capsules.*Open product details$/s }),
    );
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: `Compare: ${TEMA.name}` }));
    await user.click(screen.getByRole('button', { name: `Compare: ${ACCRA.name}` }));
    await user.click(screen.getByRole('button', { name: `Add to cart from ${TEMA.name}` }));
    // The cart form starts from the supplier's price and moq.
    expect(await screen.findByRole('dialog', { name: 'Add to cart' })).toHaveTextContent(
      'Amoxicillin 500 mg capsules from Tema Pharma Distributors at 104.5 (moq 2)',
    );

    await user.type(screen.getByLabelText('Quick compare'), 'Paracetamol 500 mg tablets');
    await user.click(screen.getByRole('button', { name: 'Compare prices' }));

    expect(
      await screen.findByRole('heading', { name: 'Suppliers for Paracetamol 500 mg tablets' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 3 suppliers chosen for Paracetamol 500 mg tablets')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `Compare: ${ACCRA.name}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it("opens the cart drawer after adding, and shows the cart's line count in the header", async () => {
    const { user } = openHub({}, 2);
    expect(await screen.findByRole('button', { name: 'Cart, 2 lines' })).toBeInTheDocument();
    await user.click(
      await screen.findByRole('button', { name: /Amoxicillin 500\smg capsules.*Open product details$/s }),
    );
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: `Add to cart from ${TEMA.name}` }));
    await user.click(await screen.findByRole('button', { name: 'Confirm add' }));
    expect(await screen.findByRole('dialog', { name: 'Procurement cart' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('opens the procurement modal and places the purchasing panel for the organisation', async () => {
    const { user } = openHub();
    expect(await screen.findByText(`Most purchased for ${ORG}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Procurement' }));
    expect(await screen.findByRole('dialog', { name: 'Procurement' })).toBeInTheDocument();
  });

  it('exports the matches from the product dialog, and launches an RFQ into the RFQ form without any request', async () => {
    const names: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:matches');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, fetchMock } = openHub();
    await user.click(
      await screen.findByRole('button', { name: /Amoxicillin 500\smg capsules.*Open product details$/s }),
    );
    await screen.findByText(/stock it, from/);
    // Every read the dialog makes has answered before counting, so a late one cannot pass for the RFQ's.
    await screen.findByText(NO_PRICE_HISTORY_MESSAGE);

    const calls = fetchMock.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Export to Sheets' }));
    // The file is saved once Papa Parse, downloaded on the first export, has built it.
    await waitFor(() => expect(names).toEqual(['amoxicillin_500_mg_capsules_supplier_matches.csv']));
    await user.click(screen.getByRole('button', { name: 'Launch RFQ' }));
    expect(toastSuccess).toHaveBeenCalledWith('Routing Amoxicillin 500 mg capsules RFQ to marketplace');
    // The RFQ form takes the product dialog's place, with the product on it; nothing is sent yet.
    const form = await screen.findByRole('dialog', { name: 'Request quotes' });
    expect(within(form).getByLabelText('Quantity of Amoxicillin 500 mg capsules')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it("says 'Nothing to export.' for a product no supplier offers", async () => {
    const toastError = vi.spyOn(toast, 'error');
    const { user } = openHub({
      [`GET /products/${AMOXICILLIN.id}/suppliers?buyerId=${ORG}`]: () => json([]),
    });
    await user.click(
      await screen.findByRole('button', { name: /Amoxicillin 500\smg capsules.*Open product details$/s }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Amoxicillin 500 mg capsules' });
    expect(
      await within(dialog).findByText(
        'No active suppliers surfaced yet. Launch an RFQ to invite bids instantly.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Export to Sheets' }));
    expect(toastError).toHaveBeenCalledWith('Nothing to export.');
  });

  it("opens a supplier's catalogue from the directory; a 404 reads as no published inventory", async () => {
    const { user } = openHub({
      'GET /suppliers/sup-harbour/products': () => json({ message: 'Supplier not found' }, 404),
    });
    await user.click(await screen.findByRole('button', { name: 'Harbour Surgical Imports' }));
    expect(
      await screen.findByText('No published inventory for Harbour Surgical Imports yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Harbour Surgical Imports' })).toBeInTheDocument();
  });

  it("compares a product straight from a supplier's catalogue", async () => {
    const amlodipine = catalogueItem({ productId: AMOXICILLIN.id, name: AMOXICILLIN.name });
    const { user } = openHub({ 'GET /suppliers/sup-harbour/products': () => json([amlodipine]) });
    await user.click(await screen.findByRole('button', { name: 'Harbour Surgical Imports' }));
    const table = await screen.findByRole('table', { name: 'Harbour Surgical Imports catalogue' });
    await user.click(within(table).getByRole('button', { name: `Compare suppliers of ${AMOXICILLIN.name}` }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: `Suppliers for ${AMOXICILLIN.name}` })).toBeInTheDocument(),
    );
    expect(await screen.findByRole('list', { name: 'Supplier matches' })).toBeInTheDocument();
  });
});
