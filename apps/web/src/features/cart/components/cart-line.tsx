import type { CartItem } from '@aduro/shared/cart';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatCedis, formatDay, formatUnits } from '../../../lib/format';
import { capitalise, LINE_FALLBACKS, orFallback } from '../utils/cart-view';

/** The buyer's own price, or 'Supplier quote' with the quote that applies now (SPEC §2, §5). */
export function UnitPrice({ item }: { item: CartItem }) {
  if (item.unitPrice !== null) return <span className="tabular-nums">{formatCedis(item.unitPrice)}</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline justify-end gap-x-1.5">
      <span>Supplier quote</span>
      <span className="text-slate-500 tabular-nums">
        {item.quotedUnitPrice !== null ? formatCedis(item.quotedUnitPrice) : 'pending'}
      </span>
    </span>
  );
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
function MoneyRow({ label, total, children }: { label: string; total?: boolean; children: ReactNode }) {
  return (
    <div
      className={cn('flex items-baseline justify-between gap-3', total && 'border-t border-slate-200 pt-2')}
    >
      <dt className="shrink-0 text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd
        className={cn('min-w-0 text-right text-slate-900', total && 'text-base font-semibold tabular-nums')}
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
  onRemove: (item: CartItem) => void;
  removing: boolean;
}

/**
 * One cart line with every SPEC §2 detail: product, supplier and delivery on the left, the money on the
 * right (below on a phone, where the whole line is a card).
 */
export function CartLine({ item, onRemove, removing }: CartLineProps) {
  const headingId = `cart-line-${item.id}`;
  const noLongerOffered = item.quotedUnitPrice === null;
  return (
    <article
      aria-labelledby={headingId}
      className="grid overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xs xl:grid-cols-[minmax(0,1fr)_15rem]"
    >
      <div className="min-w-0 p-4 sm:p-5">
        <h3 id={headingId} className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {item.product.name}
        </h3>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
          <span>{item.product.brandName}</span>
          <span aria-hidden="true">·</span>
          <span>{item.product.category}</span>
          {noLongerOffered && <Badge tone="yellow">Not currently offered</Badge>}
        </p>

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
          <MoneyRow label="Line total" total>
            {item.lineTotal !== null ? formatCedis(item.lineTotal) : 'On quote'}
          </MoneyRow>
        </dl>
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-auto xl:self-stretch"
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
    </article>
  );
}
