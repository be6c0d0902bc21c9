import type { Product } from '@aduro/shared/catalogue';
import type { SupplierCatalogueItem, SupplierDirectoryEntry, SupplierMatch } from '@aduro/shared/marketplace';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { lazyDialog, usePreloadWhenIdle } from '../../../components/ui/lazy-dialog';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { useCart } from '../../../features/cart/api/get-cart';
import { MostPurchasedPanel } from '../../../features/analytics/components/most-purchased-panel';
import { CatalogueBrowser } from '../../../features/catalogue/components/catalogue-browser';
import { QuickCompareForm } from '../../../features/catalogue/components/quick-compare-form';
import { packagingLabel } from '../../../features/catalogue/utils/product-labels';
import { ExpiryBadge } from '../../../features/inventory/components/expiry-badge';
import { useSupplierMatches } from '../../../features/suppliers/api/get-supplier-matches';
import { SelectedSupplierPanel } from '../../../features/suppliers/components/selected-supplier-panel';
import { SupplierComparison } from '../../../features/suppliers/components/supplier-comparison';
import { SupplierDirectory } from '../../../features/suppliers/components/supplier-directory';
import {
  NO_MATCHES_MESSAGE,
  SupplierMatchList,
} from '../../../features/suppliers/components/supplier-match-list';
import { MAX_COMPARED_SUPPLIERS } from '../../../features/suppliers/utils/comparison';
import { exportSupplierMatches } from '../../../features/suppliers/utils/supplier-matches-csv';
import { formatCedis } from '../../../lib/format';
import { useHubComparison } from './use-hub-comparison';

// Opened by a click: downloaded once the hub has drawn (components/ui/lazy-dialog.tsx).
const ProductDialog = lazyDialog(
  async () => (await import('../../../features/catalogue/components/product-dialog')).ProductDialog,
);
const AddToCartDialog = lazyDialog(
  async () => (await import('../../../features/cart/components/add-to-cart-dialog')).AddToCartDialog,
);
const OrderBuilder = lazyDialog(
  async () => (await import('../../../features/orders/components/order-builder')).OrderBuilder,
);
const CartDrawer = lazyDialog(
  async () => (await import('../../../features/cart/components/cart-drawer')).CartDrawer,
);
const CustomerRfqForm = lazyDialog(async () => (await import('./customer-rfq-form')).CustomerRfqForm);
const ProcurementCartModal = lazyDialog(
  async () => (await import('../../../features/cart/components/procurement-cart-modal')).ProcurementCartModal,
);

/**
 * SPEC §2: fixed marketing figures, not computed from data. They are the marketplace's, not the buyer's,
 * so they sit under a heading that says so: beside the buyer's own name and cart, unlabelled figures
 * read as the pharmacy's own results (docs/domain.md "The web app").
 */
const MARKETPLACE_FIGURES = [
  { value: '98%', label: 'on-time dispatch' },
  { value: 'Under 4 minutes', label: 'for credit approval' },
  { value: '12.4%', label: 'average savings' },
  { value: '2.3 days', label: 'lead time' },
] as const;

/** A supplier's catalogue row as the compared product; the catalogue row carries no description or registration. */
function productFromCatalogueItem(item: SupplierCatalogueItem): Product {
  return {
    id: item.productId,
    name: item.name,
    brandName: item.brandName,
    category: item.category,
    description: null,
    unitOfMeasure: item.unitOfMeasure,
    itemsPerUnit: item.itemsPerUnit,
    isService: item.isService,
    gtin: null,
    medicineClass: item.medicineClass,
    controlled: item.controlled,
    fdaRegistrationNumber: null,
    fdaRegistrationExpiresOn: null,
  };
}

/** Brings a section into view once React has drawn it; motion is skipped for those who turned it off. */
function reveal(element: HTMLElement | null, focus = false) {
  if (!element) return;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  if (focus) element.focus({ preventScroll: true });
}

function CartIcon() {
  return (
    <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
      <path
        d="M2.5 3.5h2l1.8 9h9l1.7-6.5H6"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="8" cy="16" r="1.2" fill="currentColor" />
      <circle cx="14" cy="16" r="1.2" fill="currentColor" />
    </svg>
  );
}

/**
 * SPEC §2 customer hub. Catalogue, suppliers, cart and analytics are separate features that do not
 * import each other, so they meet here: a product chosen in the catalogue becomes the compared
 * product whose supplier matches, comparison and add-to-cart offer this screen wires together.
 */
export function CustomerHubRoute() {
  const user = useSignedInUser();
  const orgId = user.orgId;
  const comparison = useHubComparison();
  const compared = comparison.product;
  const matches = useSupplierMatches(orgId, compared?.id ?? null);
  const cart = useCart(orgId);
  const cartLines = cart.data?.items.length ?? 0;

  const [productDialogOpen, setProductDialogOpen] = useState(false);
  const [cartDrawerOpen, setCartDrawerOpen] = useState(false);
  const [procurementOpen, setProcurementOpen] = useState(false);
  const [rfqProduct, setRfqProduct] = useState<Product | null>(null);
  const [selectedSupplier, setSelectedSupplier] = useState<SupplierDirectoryEntry | null>(null);
  // The builder is about one product's offer: it closes when another product is compared.
  const [builder, setBuilder] = useState<{ productId: string; match: SupplierMatch } | null>(null);
  const builderMatch = builder && compared && builder.productId === compared.id ? builder.match : null;
  const matchesSection = useRef<HTMLDivElement>(null);
  const supplierPanel = useRef<HTMLDivElement>(null);
  usePreloadWhenIdle(ProductDialog, AddToCartDialog, OrderBuilder, CartDrawer, ProcurementCartModal);

  // Rows of the comparison table in the order chosen, with the figures of the latest answer; a
  // supplier that stopped offering the product drops out.
  const chosen = comparison.selectedIds.flatMap((id) => matches.data?.find((match) => match.id === id) ?? []);

  function openProduct(product: Product) {
    comparison.compareProduct(product);
    setProductDialogOpen(true);
  }

  function compareFromCatalogue(item: SupplierCatalogueItem) {
    comparison.compareProduct(productFromCatalogueItem(item));
    window.requestAnimationFrame(() => reveal(matchesSection.current));
  }

  function selectSupplier(supplier: SupplierDirectoryEntry) {
    setSelectedSupplier(supplier);
    // The panel sits under the directory; take the buyer (and keyboard focus) to it.
    window.requestAnimationFrame(() =>
      reveal(supplierPanel.current?.querySelector<HTMLElement>('h2') ?? null, true),
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Customer Hub"
        title="Marketplace"
        description={`Source medicines from licensed suppliers${user.organizationName ? ` for ${user.organizationName}` : ''}, compare offers and keep every branch stocked.`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setProcurementOpen(true)}>
              Procurement
            </Button>
            <Button
              onClick={() => setCartDrawerOpen(true)}
              aria-label={`Cart, ${cartLines} ${cartLines === 1 ? 'line' : 'lines'}`}
            >
              <CartIcon />
              Cart{' '}
              <span className="min-w-5 rounded-full bg-white/20 px-1.5 text-xs font-semibold tabular-nums">
                {cartLines}
              </span>
            </Button>
          </>
        }
      />

      <section
        aria-labelledby="aduro-figures-title"
        className="rounded-2xl bg-gradient-to-br from-slate-900 to-emerald-900 p-5 text-white sm:p-6"
      >
        <div className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
          <h2
            id="aduro-figures-title"
            className="text-xs font-semibold tracking-wider text-emerald-200 uppercase"
          >
            Across Aduro
          </h2>
          <p className="text-xs text-emerald-50/80">
            Figures for the whole marketplace, not your pharmacy&apos;s own.
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {MARKETPLACE_FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse justify-end">
              <dt className="text-sm text-emerald-100/80">{figure.label}</dt>
              <dd className="text-xl font-semibold tracking-tight sm:text-2xl">{figure.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-5 border-t border-white/10 pt-4 text-sm text-emerald-50/90">
          <span className="font-medium text-white">Reorder hint:</span> 150 units in 14 days
        </p>
      </section>

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card aria-labelledby="catalogue-title" className="lg:col-span-2">
          <CardHeader
            id="catalogue-title"
            title="Catalogue"
            description="Open a product to see its details and compare the suppliers who stock it."
          />
          <div className="p-5">
            <CatalogueBrowser comparedProductId={compared?.id ?? null} onOpenProduct={openProduct} />
          </div>
          <div className="border-t border-slate-100 bg-slate-50/60 px-5 py-4">
            <QuickCompareForm
              onCompare={(product) => {
                comparison.compareProduct(product);
                window.requestAnimationFrame(() => reveal(matchesSection.current));
              }}
            />
          </div>
        </Card>
        <MostPurchasedPanel orgId={orgId} />
      </div>

      <div ref={matchesSection}>
        <Card aria-labelledby="matches-title">
          <CardHeader
            id="matches-title"
            title={compared ? `Suppliers for ${compared.name}` : 'Supplier matches'}
            description={
              compared ? (
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <MedicineBadges product={compared} />
                  <span>{`${compared.brandName} · ${packagingLabel(compared)} · cheapest first`}</span>
                </span>
              ) : (
                'Choose a product from the catalogue, or quick compare it by name, to see who can supply it.'
              )
            }
            actions={
              compared && (
                <Button variant="secondary" size="sm" onClick={() => setProductDialogOpen(true)}>
                  Product details
                </Button>
              )
            }
          />
          {compared ? (
            <SupplierMatchList
              orgId={orgId}
              productId={compared.id}
              comparedIds={comparison.selectedIds}
              onToggleCompare={comparison.toggleSupplier}
              onAddToCart={comparison.openCart}
              onBuildOrder={(match) => setBuilder({ productId: compared.id, match })}
            />
          ) : (
            <p className="px-5 py-8 text-center text-sm text-slate-600">
              No product compared yet. Supplier offers, lead times and credit appear here.
            </p>
          )}
        </Card>
      </div>

      {compared && (
        <Card aria-labelledby="comparison-title">
          <CardHeader
            id="comparison-title"
            title="Supplier comparison"
            description={`${chosen.length} of ${MAX_COMPARED_SUPPLIERS} suppliers chosen for ${compared.name}`}
          />
          <SupplierComparison selection={chosen} onRemove={comparison.removeSupplier} />
        </Card>
      )}

      <SupplierDirectory
        orgId={orgId}
        selectedSupplierId={selectedSupplier?.id ?? null}
        onSelect={selectSupplier}
      />

      {selectedSupplier && (
        <div ref={supplierPanel}>
          <SelectedSupplierPanel
            key={selectedSupplier.id}
            orgId={orgId}
            supplier={selectedSupplier}
            onClose={() => setSelectedSupplier(null)}
            renderExpiry={(item) => <ExpiryBadge row={item} />}
            onCompareProduct={compareFromCatalogue}
          />
        </div>
      )}

      <ProductDialog
        product={compared}
        open={productDialogOpen && compared !== null}
        onOpenChange={setProductDialogOpen}
        onExport={() => compared && void exportSupplierMatches(compared.name, matches.data ?? [])}
        exportPending={matches.isPending}
        onLaunchRfq={(product) => {
          // One modal at a time: the RFQ form takes the product dialog's place.
          setProductDialogOpen(false);
          setRfqProduct(product);
        }}
        onCompare={() => {
          setProductDialogOpen(false);
          window.requestAnimationFrame(() => reveal(matchesSection.current));
        }}
      >
        <MatchSummary
          pending={matches.isPending}
          count={matches.data?.length ?? 0}
          lowest={matches.data?.[0]?.unitPrice ?? null}
        />
      </ProductDialog>

      <CustomerRfqForm
        open={rfqProduct !== null}
        onOpenChange={(open) => {
          if (!open) setRfqProduct(null);
        }}
        orgId={orgId}
        startLines={rfqProduct ? [{ productId: rfqProduct.id, productName: rfqProduct.name }] : []}
      />
      <AddToCartDialog
        open={comparison.cartTarget !== null}
        onOpenChange={(open) => {
          if (!open) comparison.closeCart();
        }}
        orgId={orgId}
        isCustomer={user.userType === 'customer'}
        product={comparison.cartTarget?.product ?? null}
        supplier={comparison.cartTarget?.supplier ?? null}
        onAdded={() => {
          comparison.closeCart();
          setCartDrawerOpen(true);
        }}
      />
      <OrderBuilder
        open={builderMatch !== null}
        onOpenChange={(open) => {
          if (!open) setBuilder(null);
        }}
        orgId={orgId}
        organizationName={user.organizationName ?? null}
        product={
          compared
            ? {
                id: compared.id,
                name: compared.name,
                medicineClass: compared.medicineClass,
                controlled: compared.controlled,
              }
            : null
        }
        supplier={builderMatch}
      />
      <CartDrawer open={cartDrawerOpen} onOpenChange={setCartDrawerOpen} orgId={orgId} />
      <ProcurementCartModal open={procurementOpen} onOpenChange={setProcurementOpen} orgId={orgId} />
    </div>
  );
}

/** The product dialog's one line about who sells it; matches come cheapest first. */
function MatchSummary({
  pending,
  count,
  lowest,
}: {
  pending: boolean;
  count: number;
  lowest: number | null;
}) {
  if (pending) return <p className="text-sm text-slate-500">Checking which suppliers stock it…</p>;
  if (count === 0 || lowest === null) return <p className="text-sm text-slate-600">{NO_MATCHES_MESSAGE}</p>;
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold text-slate-900">
        {count} {count === 1 ? 'supplier' : 'suppliers'}
      </span>{' '}
      stock it, from <span className="font-semibold text-slate-900">{formatCedis(lowest)}</span> per unit.
    </p>
  );
}
