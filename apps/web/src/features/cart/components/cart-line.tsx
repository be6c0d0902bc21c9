import type { CartItem } from '@aduro/shared/cart';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { EligibilityNote } from '../../../components/ui/eligibility-note';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { formatCedis, formatDay, formatUnits } from '../../../lib/format';
import { capitalise, differingTarget, LINE_FALLBACKS, orFallback } from '../utils/cart-view';

/**
 * What one unit of the line costs: the supplier's current offer, the price drafting charges
 * (docs/domain.md "Cart"); 'No current offer' when the supplier cannot supply it now.
 */
export function UnitPrice({ item }: { item: CartItem }) {
  if (item.quotedUnitPrice === null) return <span className="text-amber-800">No current offer</span>;
  return <span className="tabular-nums">{formatCedis(item.quotedUnitPrice)}</span>;
}

/** The buyer's target price, shown only where it differs from the offer (differingTarget). */
export function TargetPrice({ item, className }: { item: CartItem; className?: string }) {
  const target = differingTarget(item);
  if (target === null) return null;
  return (
    <span className={cn('text-slate-500', className)}>
      Your target price <span className="tabular-nums">{formatCedis(target)}</span>
    </span>
  );
}

/** The line's cost: its quantity at the offer, or 'Not available' when there is no offer to price it at. */
export function lineTotalText(item: CartItem): string {
  return item.lineTotal !== null ? formatCedis(item.lineTotal) : 'Not available';
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A label on the left and its amount on the right, like a line of an invoice. */
function MoneyRow({
  label,
  total,
  muted,
  children,
}: {
  label: string;
  total?: boolean;
  /** A figure beside the money, not part of it (the buyer's target price). */
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn('flex items-baseline justify-between gap-3', total && 'border-t border-slate-200 pt-2')}
    >
      <dt className="min-w-0 text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd
        className={cn(
          'shrink-0 text-right text-slate-900',
          total && 'text-base font-semibold tabular-nums',
          muted && 'text-slate-600',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** Blank details show their SPEC fallback in a quieter grey, so what is missing stands out as missing. */
function Detail({ value, fallback }: { value: string | null; fallback: string }) {
  const shown = orFallback(value, fallback);
  return <span className={shown === fallback ? 'text-slate-500' : undefined}>{shown}</span>;
}

interface CartLineProps {
  item: CartItem;
  onEdit: (item: CartItem) => void;
  onRemove: (item: CartItem) => void;
  removing: boolean;
}

/**
 * One cart line with every SPEC §2 detail: product, supplier and delivery on the left, the money on the
 * right (below on a phone, where the whole line is a card). A line the supplier no longer offers says
 * so and what it means, and offers removal only: an edit would be refused. A line the buyer may not
 * release yet (issue 32) says why; it can still be drafted, approval is where the rule bites.
 */
export function CartLine({ item, onEdit, onRemove, removing }: CartLineProps) {
  const headingId = `cart-line-${item.id}`;
  const noLongerOffered = item.quotedUnitPrice === null;
  const target = differingTarget(item);
  return (
    <article
      aria-labelledby={headingId}
      className="grid overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs xl:grid-cols-[minmax(0,1fr)_16.5rem]"
    >
      <div className="min-w-0 p-4 sm:p-5">
        <h3 id={headingId} className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {item.product.name}
        </h3>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
          <span>{item.product.brandName}</span>
          <span aria-hidden="true">·</span>
          <span>{item.product.category}</span>
          <MedicineBadges product={item.product} />
          {noLongerOffered && <Badge tone="yellow">Not currently offered</Badge>}
        </p>
        {!noLongerOffered && <EligibilityNote eligibility={item.eligibility} className="mt-3 text-sm" />}
        {noLongerOffered && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
            {item.supplier.name} is not offering this product right now (inactive, or no stock in date), so
            the line has no price and is left out of the estimated value. Remove it to draft the rest of your
            cart.
          </p>
        )}

        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label="Supplier">
            <span className="block font-medium text-slate-900">{item.supplier.name}</span>
            <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-slate-500">
              {item.supplier.supplierCategory && <span>{capitalise(item.supplier.supplierCategory)}</span>}
              {item.supplier.supplierCategory && item.supplier.location && <span aria-hidden="true">·</span>}
              {item.supplier.location && <span>{item.supplier.location}</span>}
            </span>
          </Fact>
          <Fact label="Delivery location">
            <Detail value={item.deliveryLocation} fallback={LINE_FALLBACKS.deliveryLocation} />
          </Fact>
          <Fact label="Preferred drop date">
            <Detail
              value={item.preferredDropDate && formatDay(item.preferredDropDate, { weekday: true })}
              fallback={LINE_FALLBACKS.preferredDropDate}
            />
          </Fact>
          <Fact label="Contact">
            <span className="block">
              <Detail value={item.contactName} fallback={LINE_FALLBACKS.contactName} />
            </span>
            <span className="block">
              <Detail value={item.contactPhone} fallback={LINE_FALLBACKS.contactPhone} />
            </span>
          </Fact>
          {item.notes && (
            <Fact label="Notes" wide>
              <span className="whitespace-pre-line text-slate-700">{item.notes}</span>
            </Fact>
          )}
        </dl>
      </div>

      <div className="flex flex-col gap-4 border-t border-slate-100 bg-slate-50/70 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-5 xl:flex-col xl:items-stretch xl:border-t-0 xl:border-l">
        <dl className="w-full space-y-2 text-sm sm:max-w-xs xl:max-w-none">
          <MoneyRow label="Quantity">
            <span className="tabular-nums">{formatUnits(item.quantity)} units</span>
          </MoneyRow>
          <MoneyRow label="Unit price">
            <UnitPrice item={item} />
          </MoneyRow>
          {target !== null && (
            <MoneyRow label="Your target price" muted>
              <span className="tabular-nums">{formatCedis(target)}</span>
            </MoneyRow>
          )}
          <MoneyRow label="Line total" total>
            {noLongerOffered ? (
              // Said plainly, not in the figure's large type: there is no figure.
              <span className="text-sm font-medium whitespace-nowrap text-amber-800">
                {lineTotalText(item)}
              </span>
            ) : (
              lineTotalText(item)
            )}
          </MoneyRow>
        </dl>
        <div className="flex gap-2 self-start sm:self-auto xl:self-stretch xl:*:flex-1">
          {!noLongerOffered && (
            <Button
              variant="secondary"
              size="sm"
              // Every line has this button; the name says which product it edits.
              aria-label={`Edit ${item.product.name}`}
              onClick={() => onEdit(item)}
            >
              <svg className="size-4 text-slate-500" viewBox="0 0 20 20" fill="none" aria-hidden="true">
                <path
                  d="m12.5 4.5 3 3M4 16l.7-3.3 8.6-8.6a1.4 1.4 0 0 1 2 0l.6.6a1.4 1.4 0 0 1 0 2l-8.6 8.6L4 16Z"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              Edit
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            loading={removing}
            // Every line has this button; the name says which product it takes out.
            aria-label={`Remove ${item.product.name} from cart`}
            onClick={() => onRemove(item)}
          >
            {!removing && (
              <svg className="size-4 text-rose-600" viewBox="0 0 20 20" fill="none" aria-hidden="true">
                <path
                  d="M4 6h12M8 6V4.5h4V6m-6 0 .6 9.5h6.8L14 6"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            )}
            Remove
          </Button>
        </div>
      </div>
    </article>
  );
}
