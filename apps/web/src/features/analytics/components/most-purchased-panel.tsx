import { productShares, type TopProduct } from '@aduro/shared/analytics';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatDay, formatUnits } from '../../../lib/format';
import { useTopProducts } from '../api/get-top-products';
import { listPercent, sliceColour } from '../utils/shares';
import { DONUT_SIZE, ShareDonut } from './share-donut';

export const NO_HISTORY_MESSAGE =
  'No order history yet – once you approve releases, analytics will surface here.';
export const NO_ORGANISATION_MESSAGE = 'Link your customer organisation to view purchasing analytics.';

export interface MostPurchasedPanelProps {
  /** The buyer's organisation; null when the profile has none linked. */
  orgId: string | null;
}

function Detail({ product, share }: { product: TopProduct; share: number }) {
  const facts: ReadonlyArray<[string, string]> = [
    ['Suppliers', `${product.supplierCount} ${product.supplierCount === 1 ? 'supplier' : 'suppliers'}`],
    ['Spend', formatCedis(product.totalSpend)],
    ['Average price', `${formatCedis(product.averageUnitPrice)} / unit`],
    ['Quantity', `${formatUnits(product.totalQuantity)} units`],
    ['Last order', formatDay(product.lastOrderDate)],
    ['Share of units', listPercent(share)],
  ];
  return (
    <section
      aria-label="Highlighted product"
      className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {product.productName}
        </h3>
        <Badge>{product.category}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Chart({ products }: { products: readonly TopProduct[] }) {
  const shares = productShares(products);
  const [active, setActive] = useState(0);
  const index = Math.min(active, shares.length - 1);
  const highlighted = shares[index];
  if (!highlighted) return null;
  return (
    <div className="space-y-5">
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start lg:flex-col lg:items-stretch">
        <div className="flex justify-center">
          <ShareDonut
            slices={shares.map(({ item, share }) => ({
              key: item.productId,
              label: item.productName,
              share,
            }))}
            activeIndex={index}
            onHighlight={setActive}
            label={`Share of units by product: ${shares
              .map(({ item, share }) => `${item.productName} ${listPercent(share)}`)
              .join(', ')}`}
            centreCaption="of units"
          />
        </div>
        <ul className="w-full min-w-0 space-y-1" aria-label="Products by share of units">
          {shares.map(({ item, share }, i) => (
            <li key={item.productId}>
              <button
                type="button"
                aria-current={i === index ? 'true' : undefined}
                onMouseEnter={() => setActive(i)}
                onFocus={() => setActive(i)}
                onClick={() => setActive(i)}
                className={cn(
                  'flex w-full items-center gap-2.5 rounded-md px-2 py-1.5 text-left text-sm transition-colors',
                  i === index ? 'bg-slate-100 text-slate-900' : 'text-slate-600 hover:bg-slate-50',
                )}
              >
                <span
                  aria-hidden="true"
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: sliceColour(i) }}
                />
                <span className="min-w-0 flex-1 truncate" title={item.productName}>
                  {item.productName}
                </span>
                <span className="shrink-0 font-medium tabular-nums">{listPercent(share)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <Detail product={highlighted.item} share={highlighted.share} />
      {products.length > shares.length && (
        <p className="text-xs text-slate-500">
          Showing your top {shares.length} of {products.length} products by units.
        </p>
      )}
    </div>
  );
}

function ChartSkeleton() {
  return (
    <div role="status" aria-label="Loading purchasing analytics" className="flex flex-col items-center gap-4">
      <div
        aria-hidden="true"
        className="animate-pulse rounded-full border-[22px] border-slate-200/80"
        style={{ width: DONUT_SIZE, height: DONUT_SIZE }}
      />
      <div className="w-full space-y-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    </div>
  );
}

/**
 * SPEC §2 'Most purchased products': the first 6 products of the buyer's released orders as a donut of
 * their share of units. Hovering a slice, or hovering or focusing its list entry, highlights it: the
 * centre shows its share to a whole percent, the list to one decimal, the panel below its details.
 */
export function MostPurchasedPanel({ orgId }: MostPurchasedPanelProps) {
  const topProducts = useTopProducts(orgId);

  let body: React.ReactNode;
  if (!orgId) {
    body = <EmptyState message={NO_ORGANISATION_MESSAGE} />;
  } else if (topProducts.isPending) {
    body = <ChartSkeleton />;
  } else if (topProducts.isError) {
    body = (
      <EmptyState message="We could not load your purchasing analytics.">
        <Button variant="secondary" size="sm" onClick={() => void topProducts.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  } else if (topProducts.data.length === 0) {
    body = <EmptyState message={NO_HISTORY_MESSAGE} />;
  } else {
    body = <Chart products={topProducts.data} />;
  }

  return (
    <Card aria-labelledby="most-purchased-title" className="min-w-0">
      <CardHeader
        id="most-purchased-title"
        title="Most purchased products"
        description="Share of units across your released orders."
      />
      <div className="p-5">{body}</div>
    </Card>
  );
}
