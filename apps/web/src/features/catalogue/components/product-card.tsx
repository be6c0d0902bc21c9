import type { Product } from '@aduro/shared/catalogue';
import { Fragment } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { Skeleton } from '../../../components/ui/skeleton';
import { packagingLabel } from '../utils/product-labels';

/**
 * Combination medicines read 'Artemether/lumefantrine 20/120 mg': a narrow card may break after the
 * slash between two words, never inside a strength ('80/480') nor between a number and its unit
 * ('10 mg' is joined by a no-break space), so the name breaks between words as it reads.
 */
const WORD_SLASH = /(?<=\p{L})\/(?=\p{L})/u;
const NUMBER_UNIT = /(\d) (?=(?:mg|mcg|µg|g|kg|mL|ml|L|IU|%|cm|mm|m)(?![\p{L}\d]))/gu;

function BreakableName({ name }: { name: string }) {
  const parts = name.replace(NUMBER_UNIT, '$1\u00a0').split(WORD_SLASH);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

interface ProductCardProps {
  product: Product;
  /** The product whose suppliers the hub is comparing now. */
  compared: boolean;
  onOpen: (product: Product) => void;
}

/**
 * SPEC §2 product card: name, brand, category and pack, with its class and Controlled badges (issue 32);
 * the whole card opens the product.
 */
export function ProductCard({ product, compared, onOpen }: ProductCardProps) {
  return (
    <button
      type="button"
      onClick={() => onOpen(product)}
      className={cn(
        'flex h-full w-full flex-col gap-1.5 rounded-xl border bg-white px-4 py-3 text-left sm:gap-2 sm:py-4 shadow-xs transition-colors hover:border-emerald-600/60 hover:bg-emerald-50/30',
        compared ? 'border-emerald-600 ring-1 ring-emerald-600' : 'border-slate-200',
      )}
    >
      <span className="flex w-full flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="text-xs font-semibold tracking-wide text-emerald-800 uppercase">
          {product.category}
        </span>
        <span className="flex flex-wrap items-center gap-1">
          <MedicineBadges product={product} />
          {compared && <Badge tone="green">Comparing</Badge>}
        </span>
      </span>
      <span className="font-medium text-pretty break-words hyphens-none text-slate-900">
        <BreakableName name={product.name} />
      </span>
      <span className="mt-auto flex flex-wrap gap-x-2 gap-y-0.5 text-sm text-slate-600 sm:flex-col">
        <span>{product.brandName}</span>
        <span className="text-slate-500 sm:text-xs">{packagingLabel(product)}</span>
      </span>
      {/* The card's name is what it shows (WCAG 2.5.3: a voice user says what they see), then what it does. */}
      <span className="sr-only">Open product details</span>
    </button>
  );
}

/** The card's outline while the catalogue loads, so the grid keeps its height. */
export function ProductCardSkeleton() {
  return (
    <div className="flex h-full flex-col gap-2.5 rounded-xl border border-slate-200 bg-white p-4">
      <Skeleton className="h-3 w-20" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-3.5 w-1/2" />
      <Skeleton className="h-3 w-1/3" />
    </div>
  );
}
