import type { SupplierCatalogueItem } from '@aduro/shared/marketplace';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ShowMoreButton, usePhonePaging } from '../../../components/ui/phone-paging';
import { EligibilityNote } from '../../../components/ui/eligibility-note';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/form-field';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useSupplierCatalogue } from '../api/get-supplier-catalogue';

/** Cards shown per step on a phone: the page scrolls, never a box inside it. */

/** SPEC §2 and §8: an empty catalogue and a 404 read the same. */
export const emptyCatalogueMessage = (supplier: string) => `No published inventory for ${supplier} yet.`;

interface SupplierCatalogueTableProps {
  orgId: string | null;
  supplier: { id: string; name: string };
  /**
   * The expiry badge of a row. Expiry rules belong to the inventory feature, which this one may not
   * import, so the screen hands its badge in.
   */
  renderExpiry: (item: SupplierCatalogueItem) => ReactNode;
  /** Compares every supplier of this product. */
  onCompare?: (item: SupplierCatalogueItem) => void;
}

const matches = (item: SupplierCatalogueItem, text: string) =>
  `${item.name} ${item.brandName} ${item.category}`.toLowerCase().includes(text);

function CompareButton({
  item,
  onCompare,
}: {
  item: SupplierCatalogueItem;
  onCompare: NonNullable<SupplierCatalogueTableProps['onCompare']>;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Compare suppliers of ${item.name}`}
      onClick={() => onCompare(item)}
    >
      Compare prices
    </Button>
  );
}

/**
 * A row's class and Controlled badges, and the short mark of an item the buyer may not release yet: a
 * list of many rows keeps to one line each (a phone card too), the reason in the mark's tooltip and
 * accessible text; the matches and the cart say it in full.
 */
function ProductMarks({ item }: { item: SupplierCatalogueItem }) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1">
      <MedicineBadges product={item} />
      <EligibilityNote eligibility={item.eligibility} compact />
    </div>
  );
}

/**
 * SPEC §2 supplier catalogue: product, category, pack, unit price, quantity, moq and expiry. A table
 * that scrolls inside its panel on a laptop, one card per product on a phone.
 */
export function SupplierCatalogueTable({
  orgId,
  supplier,
  renderExpiry,
  onCompare,
}: SupplierCatalogueTableProps) {
  const catalogue = useSupplierCatalogue(orgId, supplier.id);
  const [search, setSearch] = useState('');
  const phone = usePhonePaging();
  const items = catalogue.data;
  const text = search.trim().toLowerCase();
  const shown = useMemo(
    () => (items && text ? items.filter((item) => matches(item, text)) : items),
    [items, text],
  );

  if (catalogue.isPending) {
    return (
      <div role="status" aria-label={`Loading ${supplier.name}'s catalogue`} className="space-y-2 p-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (catalogue.isError) {
    // SPEC §7 suppresses this call's error toast, so the panel says it itself.
    return (
      <EmptyState message={`We could not load ${supplier.name}'s catalogue.`}>
        <Button variant="secondary" size="sm" onClick={() => void catalogue.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (!items || items.length === 0 || !shown) {
    return <EmptyState message={emptyCatalogueMessage(supplier.name)} />;
  }

  return (
    <div>
      <div className="flex flex-col gap-2 border-b border-slate-100 px-5 py-3 sm:flex-row sm:items-center">
        <Input
          type="search"
          aria-label={`Search ${supplier.name}'s catalogue`}
          placeholder="Filter by product, brand or category"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="sm:max-w-xs"
        />
        <p className="text-xs text-slate-500 sm:ml-auto" aria-live="polite">
          {shown.length === items.length
            ? `${formatUnits(items.length)} ${items.length === 1 ? 'product' : 'products'}`
            : `${formatUnits(shown.length)} of ${formatUnits(items.length)} products`}
        </p>
      </div>

      {items.some((item) => !item.eligibility.allowed) && (
        // One line for the whole list: each refused row carries the short mark, and its matches say why in full.
        <p className="border-b border-slate-100 px-5 py-2 text-xs text-slate-600">
          Products marked “Can’t buy yet” cannot be approved for you yet; Compare prices shows why. You can
          still add them to your cart and draft orders.
        </p>
      )}

      {shown.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">No products match “{search.trim()}”.</p>
      ) : (
        <>
          {/* Focusable, so a keyboard user can scroll the rows too (the header stays in view). */}
          <div
            role="region"
            aria-label={`${supplier.name} catalogue, scrollable`}
            tabIndex={0}
            className="hidden max-h-[28rem] overflow-auto md:block"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{supplier.name} catalogue</caption>
              <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase shadow-[inset_0_-1px_0_var(--color-slate-200)]">
                <tr>
                  <th scope="col" className="pl-5 pr-4 py-2.5">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-2.5">
                    Category
                  </th>
                  <th scope="col" className="px-4 py-2.5">
                    Pack
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right whitespace-nowrap">
                    Unit price
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right">
                    Quantity
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right">
                    MOQ
                  </th>
                  <th scope="col" className="px-4 py-2.5">
                    Expiry
                  </th>
                  {onCompare && (
                    <th scope="col" className="px-4 py-2.5">
                      <span className="sr-only">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((item) => (
                  <tr key={item.productId} className="align-top hover:bg-slate-50">
                    <td className="pl-5 pr-4 py-3">
                      <p className="font-medium text-slate-900">{item.name}</p>
                      <p className="text-xs text-slate-500">{item.brandName}</p>
                      <ProductMarks item={item} />
                    </td>
                    <td className="px-4 py-3 text-slate-700">{item.category}</td>
                    <td className="px-4 py-3 text-slate-700">
                      {item.itemsPerUnit} per {item.unitOfMeasure}
                    </td>
                    <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                      {formatCedis(item.unitPrice)}
                    </td>
                    <td className="px-4 py-3 text-right text-slate-900 tabular-nums">
                      {formatUnits(item.quantity)}
                    </td>
                    <td className="px-4 py-3 text-right text-slate-900 tabular-nums">
                      {formatUnits(item.moq)}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{renderExpiry(item)}</td>
                    {onCompare && (
                      <td className="px-4 py-3 text-right">
                        <CompareButton item={item} onCompare={onCompare} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="divide-y divide-slate-100 md:hidden" aria-label={`${supplier.name} catalogue`}>
            {shown.slice(0, phone.limit).map((item) => (
              <li key={item.productId} className="px-5 py-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{item.name}</p>
                    <p className="text-xs text-slate-500">
                      {item.brandName} · {item.category} · {item.itemsPerUnit} per {item.unitOfMeasure}
                    </p>
                    <div className="mt-1.5 flex flex-wrap items-center gap-1">
                      <MedicineBadges product={item} />
                      {renderExpiry(item)}
                    </div>
                    <EligibilityNote eligibility={item.eligibility} compact className="mt-1.5" />
                  </div>
                  {onCompare && <CompareButton item={item} onCompare={onCompare} />}
                </div>
                <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500">Unit price</dt>
                    <dd className="font-medium text-slate-900 tabular-nums">{formatCedis(item.unitPrice)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Quantity</dt>
                    <dd className="font-medium text-slate-900 tabular-nums">{formatUnits(item.quantity)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">MOQ</dt>
                    <dd className="font-medium text-slate-900 tabular-nums">{formatUnits(item.moq)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <ShowMoreButton total={shown.length} limit={phone.limit} onShowMore={phone.showMore} />
        </>
      )}
    </div>
  );
}
