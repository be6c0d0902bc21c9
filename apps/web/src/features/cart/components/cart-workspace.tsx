import type { CartItem } from '@aduro/shared/cart';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useCheckoutCart } from '../api/checkout-cart';
import { useCart } from '../api/get-cart';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { EMPTY_CART_MESSAGE, NO_ORGANISATION_MESSAGE, summariseCart } from '../utils/cart-view';
import { CartLine } from './cart-line';
import { ClearCartDialog } from './clear-cart-dialog';
import { DraftedOrdersNotice } from './drafted-orders-notice';
import { EditCartLineDialog } from './edit-cart-line-dialog';

function LinesSkeleton() {
  return (
    <div role="status" aria-label="Loading your cart" className="space-y-3 p-4 sm:p-5">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-xl border border-slate-200 p-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-12 w-full" />
        </div>
      ))}
    </div>
  );
}

interface CheckoutPanelProps {
  items: readonly CartItem[];
  drafting: boolean;
  onDraft: () => void;
}

/** Beyond the spec (DOMAIN.md "Cart"): turns the whole cart into draft orders awaiting approval. */
function CheckoutPanel({ items, drafting, onDraft }: CheckoutPanelProps) {
  const summary = summariseCart(items);
  return (
    <Card aria-labelledby="cart-checkout-title" className="lg:sticky lg:top-20">
      <CardHeader id="cart-checkout-title" title="Draft orders" />
      <div className="space-y-4 px-5 py-4 text-sm">
        <dl className="space-y-2">
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-slate-600">Orders to draft</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{summary.draftOrders}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3 border-t border-slate-100 pt-2">
            <dt className="text-slate-600">Estimated value</dt>
            <dd className="text-base font-semibold text-slate-900 tabular-nums">
              {formatCedis(summary.estimatedValue)}
            </dd>
          </div>
        </dl>
        <p className="text-slate-500">
          One order per supplier and product, each line a delivery drop. Orders are priced at the supplier's
          current offer, as the lines show, and wait for your approval before anything ships.
        </p>
        {summary.unpricedLines > 0 && (
          <p
            id="cart-unpriced-note"
            className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200 ring-inset"
          >
            {summary.unpricedLines === 1
              ? 'One line is not currently offered: it is left out of the estimate, and orders can be drafted once it is removed.'
              : `${summary.unpricedLines} lines are not currently offered: they are left out of the estimate, and orders can be drafted once they are removed.`}
          </p>
        )}
        <Button
          className="w-full"
          size="lg"
          loading={drafting}
          // Drafting refuses a cart holding a line nobody can supply now (409), so it is not offered.
          disabled={summary.unpricedLines > 0}
          aria-describedby={summary.unpricedLines > 0 ? 'cart-unpriced-note' : undefined}
          onClick={onDraft}
        >
          Draft orders from cart
        </Button>
      </div>
    </Card>
  );
}

interface CartWorkspaceProps {
  /** The buyer's organisation; null when the profile has none linked. */
  orgId: string | null;
}

/**
 * SPEC §2 cart page body: the counters, every line with its details and a remove button, clearing
 * the whole cart (confirmed), and drafting orders from it.
 */
export function CartWorkspace({ orgId }: CartWorkspaceProps) {
  const cart = useCart(orgId);
  const remove = useRemoveCartItem(orgId);
  const [clearOpen, setClearOpen] = useState(false);
  const [editing, setEditing] = useState<CartItem | null>(null);
  // Held here, not in the checkout panel: drafting empties the cart, which unmounts the panel.
  const checkout = useCheckoutCart(orgId);
  const drafted = checkout.data?.orders;

  if (!orgId) {
    return (
      <Card>
        <EmptyState message={NO_ORGANISATION_MESSAGE} />
      </Card>
    );
  }

  const items = cart.data?.items ?? [];
  const summary = summariseCart(items);
  const loaded = cart.data !== undefined;
  const hasLines = items.length > 0;
  const counter = (value: string) => (loaded ? value : <Skeleton className="mt-1 h-7 w-20" />);

  let lines: React.ReactNode;
  if (cart.isPending) {
    lines = <LinesSkeleton />;
  } else if (cart.isError) {
    lines = (
      <EmptyState message="We could not load your cart.">
        <Button variant="secondary" size="sm" onClick={() => void cart.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0) {
    lines = (
      <EmptyState message={EMPTY_CART_MESSAGE}>
        <Link to="/customer" className={buttonClasses('primary', 'sm')}>
          Go to the marketplace
        </Link>
      </EmptyState>
    );
  } else {
    lines = (
      <ul className="space-y-3 p-3 sm:p-4" aria-label="Cart lines">
        {items.map((item) => (
          <li key={item.id}>
            <CartLine
              item={item}
              removing={remove.isPending && remove.variables === item.id}
              onEdit={setEditing}
              onRemove={(line) => remove.mutate(line.id)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" aria-label="Cart totals">
        <StatTile label="Line items" value={counter(formatUnits(summary.lineItems))} />
        <StatTile label="Total quantity" value={counter(formatUnits(summary.totalQuantity))} />
        <StatTile
          label="Estimated value"
          value={counter(formatCedis(summary.estimatedValue))}
          className="col-span-2 sm:col-span-1"
        />
      </dl>

      {drafted && drafted.length > 0 && (
        <DraftedOrdersNotice orders={drafted} onDismiss={() => checkout.reset()} />
      )}

      <div className={cn('grid items-start gap-6', hasLines && 'lg:grid-cols-[minmax(0,1fr)_20rem]')}>
        <Card aria-labelledby="cart-lines-title" className="bg-slate-50/50">
          <CardHeader
            id="cart-lines-title"
            title="Cart lines"
            description={
              hasLines
                ? 'Every line keeps its own delivery details; each becomes a drop of its order.'
                : undefined
            }
            actions={
              hasLines && (
                <Button variant="secondary" size="sm" onClick={() => setClearOpen(true)}>
                  Clear cart
                </Button>
              )
            }
          />
          {lines}
        </Card>
        {/* Nothing to draft from an empty cart; the lines card then takes the whole width. */}
        {hasLines && (
          <CheckoutPanel items={items} drafting={checkout.isPending} onDraft={() => checkout.mutate()} />
        )}
      </div>

      <EditCartLineDialog item={editing} onClose={() => setEditing(null)} orgId={orgId} />

      <ClearCartDialog
        open={clearOpen}
        onOpenChange={setClearOpen}
        orgId={orgId}
        lineItems={summary.lineItems}
      />
    </div>
  );
}
