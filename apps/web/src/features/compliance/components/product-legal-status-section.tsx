import type { Product } from '@aduro/shared/catalogue';
import { todayUtc } from '@aduro/shared/inventory';
import { useEffect, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, Input } from '../../../components/ui/form-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDay } from '../../../lib/format';
import { LEGAL_STATUS_SEARCH_LIMIT, useLegalStatusProducts } from '../api/get-legal-status-products';
import { ProductLegalStatusDialog } from './product-legal-status-dialog';

export const NO_PRODUCTS_FOUND = 'No product matches this search.';

/** A search runs once typing pauses, not per keystroke. */
function useSettled(value: string, delayMs = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Whether a registration has passed, for the badge beside it (UTC, the server's calendar). Who may buy
 * the product is the server's decision; this only says what the date means.
 */
export const registrationLapsed = (product: Pick<Product, 'fdaRegistrationExpiresOn'>, today = todayUtc()) =>
  product.fdaRegistrationExpiresOn !== null && product.fdaRegistrationExpiresOn < today;

/**
 * Medicines' legal status (issue 32): find a product of the shared catalogue and set or correct its
 * class, controlled status and FDA registration. Each row shows its badges and whether its registration
 * lapsed, so a lapsed or unclassed medicine stands out.
 */
export function ProductLegalStatusSection() {
  const fieldId = useId();
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const products = useLegalStatusProducts(q);
  const [editing, setEditing] = useState<Product | null>(null);
  const shown = products.data ?? [];

  let list: React.ReactNode;
  if (products.isPending) {
    list = (
      <div className="space-y-2 p-5">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  } else if (products.isError && !products.data) {
    list = <LoadFailed message="The products could not be loaded." onRetry={() => void products.refetch()} />;
  } else if (shown.length === 0) {
    list = <EmptyState message={NO_PRODUCTS_FOUND} />;
  } else {
    list = (
      <ul
        className={cn(
          'divide-y divide-slate-100 transition-opacity',
          products.isPlaceholderData && 'opacity-60',
        )}
        aria-busy={products.isPlaceholderData || undefined}
        aria-label="Products"
      >
        {shown.map((product) => (
          <ProductRow key={product.id} product={product} onEdit={() => setEditing(product)} />
        ))}
      </ul>
    );
  }

  return (
    <Card id="legal-status" aria-labelledby="legal-status-title" className="scroll-mt-24">
      <CardHeader
        id="legal-status-title"
        title="Medicines' legal status"
        description="Each product's class, controlled status and FDA registration decide who may buy it."
      />
      <div className="border-b border-slate-100 px-5 py-3">
        <FormField id={`${fieldId}-q`} label="Find a product">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Name or brand"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </FormField>
      </div>
      {list}
      {shown.length === LEGAL_STATUS_SEARCH_LIMIT && (
        <p className="border-t border-slate-100 px-5 py-2.5 text-xs text-slate-600">
          The first {LEGAL_STATUS_SEARCH_LIMIT} products, A to Z: search by name or brand to find any other.
        </p>
      )}
      <ProductLegalStatusDialog product={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

function ProductRow({ product, onEdit }: { product: Product; onEdit: () => void }) {
  const lapsed = registrationLapsed(product);
  return (
    <li
      aria-label={product.name}
      className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="[overflow-wrap:anywhere]">{product.name}</span>
          <MedicineBadges product={product} />
          {lapsed && <Badge tone="red">Registration lapsed</Badge>}
        </p>
        <p className="text-xs text-slate-500">
          {product.brandName} · {product.category}
        </p>
        <p className={cn('text-xs', lapsed ? 'text-rose-700' : 'text-slate-600')}>
          {product.fdaRegistrationNumber ? (
            <>
              Registration <span className="font-mono">{product.fdaRegistrationNumber}</span>
              {product.fdaRegistrationExpiresOn &&
                ` · ${lapsed ? 'lapsed on' : 'expires'} ${formatDay(product.fdaRegistrationExpiresOn)}`}
            </>
          ) : (
            'No FDA registration recorded'
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        onClick={onEdit}
        aria-label={`Edit the legal status of ${product.name}`}
      >
        Edit
      </Button>
    </li>
  );
}
