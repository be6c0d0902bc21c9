import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EligibilityNote } from '../../../components/ui/eligibility-note';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { EmptyState } from '../../../components/ui/empty-state';
import { Sheet } from '../../../components/ui/sheet';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useCart } from '../api/get-cart';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { EMPTY_CART_MESSAGE, NO_ORGANISATION_MESSAGE, summariseCart } from '../utils/cart-view';
import { lineTotalText, TargetPrice, UnitPrice } from './cart-line';

export interface CartDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The buyer's organisation; null when the profile has none linked. */
  orgId: string | null;
}

/**
 * The cart at a glance beside the marketplace (SPEC §2: it opens after adding). Lines can be removed
 * here; the delivery details and drafting live on the cart page, one click away.
 */
export function CartDrawer({ open, onOpenChange, orgId }: CartDrawerProps) {
  const cart = useCart(orgId);
  const remove = useRemoveCartItem(orgId);
  const items = cart.data?.items ?? [];
  const summary = summariseCart(items);
  const close = () => onOpenChange(false);

  let body: React.ReactNode;
  if (!orgId) {
    body = <EmptyState message={NO_ORGANISATION_MESSAGE} />;
  } else if (cart.isPending) {
    body = (
      <div role="status" aria-label="Loading your cart" className="space-y-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  } else if (cart.isError) {
    body = (
      <EmptyState message="We could not load your cart.">
        <Button variant="secondary" size="sm" onClick={() => void cart.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0) {
    body = <EmptyState message={EMPTY_CART_MESSAGE} />;
  } else {
    body = (
      <ul className="-my-3 divide-y divide-slate-100" aria-label="Cart lines">
        {items.map((item) => {
          const removing = remove.isPending && remove.variables === item.id;
          return (
            <li key={item.id} className="flex items-start gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {item.product.name}
                </p>
                <p className="mt-0.5 text-xs text-slate-500 [overflow-wrap:anywhere]">{item.supplier.name}</p>
                <MedicineBadges product={item.product} className="mt-1" />
                <EligibilityNote eligibility={item.eligibility} className="mt-1.5" />
                <p className="mt-1 text-xs text-slate-600">
                  <span className="tabular-nums">{formatUnits(item.quantity)} units</span> ×{' '}
                  <UnitPrice item={item} />
                </p>
                <TargetPrice item={item} className="mt-0.5 block text-xs" />
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span
                  className={
                    item.lineTotal === null
                      ? 'text-sm font-medium text-amber-800'
                      : 'text-sm font-semibold text-slate-900 tabular-nums'
                  }
                >
                  {lineTotalText(item)}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="-mr-2"
                  loading={removing}
                  aria-label={`Remove ${item.product.name} from cart`}
                  onClick={() => remove.mutate(item.id)}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Procurement cart"
      description={
        orgId && cart.data
          ? `${formatUnits(summary.lineItems)} ${summary.lineItems === 1 ? 'line' : 'lines'} · ${formatUnits(summary.totalQuantity)} units`
          : undefined
      }
      footer={
        <div className="space-y-3">
          {orgId && items.length > 0 && (
            <p className="flex items-baseline justify-between gap-3 text-sm">
              <span className="text-slate-600">Estimated value</span>
              <span className="text-lg font-semibold text-slate-900 tabular-nums">
                {formatCedis(summary.estimatedValue)}
              </span>
            </p>
          )}
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" onClick={close}>
              Keep browsing
            </Button>
            <Link to="/customer/cart" onClick={close} className={buttonClasses('primary', 'md', 'flex-1')}>
              Open cart
            </Link>
          </div>
        </div>
      }
    >
      {body}
    </Sheet>
  );
}
