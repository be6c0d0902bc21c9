import type { Product } from '@aduro/shared/catalogue';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/form-field';
import { useProductSearch } from '../api/get-products';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ProductCard, ProductCardSkeleton } from './product-card';

/**
 * Cards per answer: three rows on a laptop, beside the purchasing panel. 12 fills 2, 3 or 4 columns
 * evenly; more would push the supplier comparison far down.
 */
export const CATALOGUE_PAGE_SIZE = 12;
const SEARCH_DELAY_MS = 250;
/** A phone shows this many cards until asked for the rest, so the supplier offers stay within reach. */
const PHONE_CARDS = 4;

interface CatalogueBrowserProps {
  comparedProductId: string | null;
  onOpenProduct: (product: Product) => void;
}

function SearchIcon() {
  return (
    <svg
      className="pointer-events-none absolute top-3 left-3 size-4 text-slate-400"
      viewBox="0 0 20 20"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="9" cy="9" r="5.5" stroke="currentColor" strokeWidth="1.5" />
      <path d="m13.5 13.5 3 3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * SPEC §2 catalogue search box and product cards. The search runs on the server (name, brand or
 * category containing the text or a typo of it, closest first) once typing pauses; the previous cards
 * stay while the next answer loads.
 */
export function CatalogueBrowser({ comparedProductId, onOpenProduct }: CatalogueBrowserProps) {
  const [text, setText] = useState('');
  const [showAllOnPhone, setShowAllOnPhone] = useState(false);
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const search = useProductSearch({ q: query || undefined, limit: CATALOGUE_PAGE_SIZE }, true);
  const products = search.data;

  let results: React.ReactNode;
  if (search.isPending) {
    results = (
      <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: CATALOGUE_PAGE_SIZE }, (_, index) => (
          <li key={index}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (search.isError && !products) {
    results = (
      <EmptyState message="We could not load the catalogue.">
        <Button variant="secondary" size="sm" onClick={() => void search.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  } else if (!products || products.length === 0) {
    results = (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
        {query ? `No products match “${query}”.` : 'The catalogue has no products yet.'}
      </p>
    );
  } else {
    results = (
      <>
        <ul
          aria-label="Catalogue products"
          className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
          aria-busy={search.isFetching || undefined}
        >
          {products.map((product, index) => (
            <li key={product.id} className={cn(index >= PHONE_CARDS && !showAllOnPhone && 'hidden sm:block')}>
              <ProductCard
                product={product}
                compared={product.id === comparedProductId}
                onOpen={onOpenProduct}
              />
            </li>
          ))}
        </ul>
        {products.length > PHONE_CARDS && !showAllOnPhone && (
          <Button
            variant="secondary"
            className="mt-3 w-full sm:hidden"
            onClick={() => setShowAllOnPhone(true)}
          >
            Show {products.length - PHONE_CARDS} more products
          </Button>
        )}
        {products.length === CATALOGUE_PAGE_SIZE && (
          <p className={cn('mt-3 text-xs text-slate-500', !showAllOnPhone && 'hidden sm:block')}>
            Showing the first {CATALOGUE_PAGE_SIZE} products{query ? ' that match' : ''}. Type more of a name
            or brand to narrow the list.
          </p>
        )}
      </>
    );
  }

  return (
    <div className="space-y-4">
      <div className="relative" role="search">
        <SearchIcon />
        <Input
          type="search"
          aria-label="Search the catalogue"
          placeholder="Search medicines by name or brand"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
        />
      </div>
      {results}
    </div>
  );
}
