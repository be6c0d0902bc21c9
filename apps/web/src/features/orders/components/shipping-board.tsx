import {
  canCancelDrop,
  canRepickDrop,
  isDropOnRecallHold,
  nextDropStatus,
  type Drop,
  type DropStatus,
  type Order,
  type OrderStatus,
} from '@aduro/shared/orders';
import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import { RECALL_MESSAGES } from '@aduro/shared/recalls';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, Input } from '../../../components/ui/form-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../components/ui/cn';
import { useOrders } from '../api/get-orders';
import { useOrdersCount, useOrdersPages } from '../api/get-orders-page';
import { useRepickDrop } from '../api/repick-drop';
import { useUpdateDrop } from '../api/update-drop';
import { useLinkedOrder } from '../hooks/use-linked-order';
import { OUTGOING_STATUS, useOrderFilters } from '../hooks/use-order-filters';
import { OrderCard } from './order-card';
import { OrderFilters } from './order-filters';
import { awaitsSignoff } from './sign-off-controlled';
import { LoadMore } from '../../../components/ui/load-more';
import { NoMatchingOrders, ordersOf, OrdersCount } from './order-pages';
import { loadMoreProps, pageTotal } from '../../../lib/pages';

export const NO_SHIPMENTS_MESSAGE = 'No orders awaiting dispatch or delivery.';

/** Released and not finished: what the supplier still has to move. */
const OUTGOING: OrderStatus[] = ['RELEASED', 'SHIPPED'];
const AWAITING: OrderStatus[] = ['AWAITING_CUSTOMER_APPROVAL'];
/**
 * The cockpit opens the tab a link names (?tab=shipping, as the notifications' links do): a filtered view,
 * shared or reloaded, opens here rather than on the cockpit's first tab.
 */
const SHIPPING_TAB = { tab: 'shipping' } as const;

interface Pending {
  order: Order;
  drop: Drop;
  status: DropStatus;
}

/**
 * SPEC §2 Shipping tab: outgoing POs with their drops and the next step of each, a page at a time. The
 * status filter starts on Outgoing, so the tab opens as it always has; the supplier may pick delivered or
 * cancelled orders, a customer, a product or PO number, and the days placed (all kept in the URL).
 */
export function ShippingBoard({
  orgId,
  canReadInvoices,
  canMoveDrops = true,
  canSignOff = false,
}: {
  orgId: string | null;
  /** Staff with manage_credit: their order cards offer the invoice PDF too. */
  canReadInvoices: boolean;
  /** Staff with manage_shipping move drops; a Pharmacist alone reads the board to sign off. */
  canMoveDrops?: boolean;
  /** The supplier's Pharmacist (sign_off_controlled): a controlled order waiting offers Sign off. */
  canSignOff?: boolean;
}) {
  const filters = useOrderFilters({ defaultStatus: OUTGOING_STATUS, place: SHIPPING_TAB });
  const pages = useOrdersPages(orgId, { sellerId: orgId, ...filters.applied });
  const orders = ordersOf(pages.data);
  const total = pageTotal(pages);
  const defaultView = !filters.active;
  // The badge counts what is on its way whatever the list shows: the list's own total in the default view.
  const outgoingCount = useOrdersCount(
    orgId,
    { sellerId: orgId, status: OUTGOING },
    { enabled: !defaultView },
  );
  const liveCount = defaultView ? total : outgoingCount.data;
  // Drafts the customers have not approved yet, listed under the outgoing ones in the default view.
  const awaiting = useOrders(orgId, { sellerId: orgId, status: AWAITING });
  const move = useUpdateDrop(orgId);
  const repick = useRepickDrop(orgId);
  const [pending, setPending] = useState<Pending | null>(null);
  // The held drop whose re-pick awaits the supplier's confirmation.
  const [repicking, setRepicking] = useState<{ order: Order; drop: Drop } | null>(null);
  const [tracking, setTracking] = useState('');
  const [eta, setEta] = useState('');
  // A notification's link (?order=) marks its order among those listed and scrolls to it.
  const linkedOrder = useLinkedOrder(orders);

  function ask(order: Order, drop: Drop, status: DropStatus) {
    setTracking('');
    setEta('');
    setPending({ order, drop, status });
  }
  function askRepick(order: Order, drop: Drop) {
    repick.reset();
    setRepicking({ order, drop });
  }
  function confirmRepick() {
    if (!repicking) return;
    repick.mutate(
      { orderId: repicking.order.id, dropId: repicking.drop.id },
      { onSuccess: () => setRepicking(null) },
    );
  }
  function confirm() {
    if (!pending) return;
    move.mutate(
      {
        orderId: pending.order.id,
        dropId: pending.drop.id,
        status: pending.status,
        ...(pending.status === 'Shipped' && tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
        ...(pending.status === 'Shipped' && eta ? { estimatedDeliveryDate: eta } : {}),
      },
      { onSuccess: () => setPending(null) },
    );
  }

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader
          as="h3"
          title="Outgoing shipments"
          actions={<Badge tone="blue">Live {liveCount ?? '…'}</Badge>}
        />
        <div className="px-5 py-4">
          <OrderFilters filters={filters} side="seller" />
        </div>
        {pages.isPending && !filters.rangeError ? (
          <div className="space-y-3 px-5 pb-5">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : pages.isError && !pages.data ? (
          <LoadFailed message="The orders could not be loaded." onRetry={() => void pages.refetch()} />
        ) : orders.length === 0 ? (
          filters.rangeError ? null : defaultView ? (
            <EmptyState message={NO_SHIPMENTS_MESSAGE} />
          ) : (
            <NoMatchingOrders onClear={filters.clear} />
          )
        ) : (
          <div className="border-t border-slate-100 px-5 py-3">
            <OrdersCount total={total} />
          </div>
        )}
      </Card>
      <div
        className={cn('space-y-4 transition-opacity', pages.isPlaceholderData && 'opacity-60')}
        aria-busy={pages.isPlaceholderData || undefined}
      >
        {orders.map((order) => (
          <OrderCard
            key={order.id}
            orgId={orgId}
            order={order}
            side="seller"
            highlighted={order.id === linkedOrder}
            canReadInvoice={canReadInvoices}
            canSignOff={canSignOff}
            dropActions={(drop) => {
              // A draft's drops wait for the customer's approval; only a released order's drops move.
              if (!canMoveDrops || order.status === 'AWAITING_CUSTOMER_APPROVAL') return null;
              // A drop holding a recalled batch goes nowhere but back: re-picked (still in the warehouse)
              // or cancelled. The server refuses the next step too; the board does not offer it.
              if (isDropOnRecallHold(drop)) {
                return (
                  <>
                    <span className="flex basis-full sm:justify-end">
                      <Badge tone="red">{RECALL_MESSAGES.onHold}</Badge>
                    </span>
                    {canRepickDrop(drop) && (
                      <Button
                        size="sm"
                        onClick={() => askRepick(order, drop)}
                        aria-label={`Re-pick drop ${drop.sequence}`}
                      >
                        Re-pick
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => ask(order, drop, 'Cancelled')}
                      aria-label={`Cancel drop ${drop.sequence}`}
                    >
                      Cancel drop
                    </Button>
                  </>
                );
              }
              const next = nextDropStatus(drop.status);
              // A controlled drug leaves only once a Pharmacist signed it off: the server refuses the
              // dispatch (CONTROLLED_SIGNOFF_REQUIRED), and the board says so rather than offer it.
              const blocked = next === 'Shipped' && awaitsSignoff(order);
              return (
                <>
                  {next && (
                    <Button
                      size="sm"
                      disabled={blocked}
                      title={
                        blocked
                          ? COMPLIANCE_MESSAGES.signoffRequired(order.product.name, order.number)
                          : undefined
                      }
                      aria-describedby={blocked ? `signoff-needed-${drop.id}` : undefined}
                      onClick={() => ask(order, drop, next)}
                      aria-label={`Mark ${next}, drop ${drop.sequence}`}
                    >
                      Mark {next}
                    </Button>
                  )}
                  {canCancelDrop(drop.status) && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => ask(order, drop, 'Cancelled')}
                      aria-label={`Cancel drop ${drop.sequence}`}
                    >
                      Cancel drop
                    </Button>
                  )}
                  {blocked && (
                    <span
                      id={`signoff-needed-${drop.id}`}
                      className="basis-full text-xs text-amber-800 sm:text-right"
                    >
                      Needs Pharmacist sign-off first
                    </span>
                  )}
                </>
              );
            }}
          />
        ))}
        {orders.length > 0 && (
          <LoadMore noun="orders" className="py-2" lookAheadPx={600} {...loadMoreProps(pages)} />
        )}
      </div>
      {defaultView && (awaiting.data ?? []).length > 0 && (
        <Card>
          <CardHeader
            as="h3"
            title="Awaiting customer approval"
            description="Drafted by customers; they ship once approved."
          />
          <ul className="divide-y divide-slate-100 border-t border-slate-100 text-sm">
            {(awaiting.data ?? []).map((o) => (
              <li key={o.id} className="flex flex-wrap justify-between gap-2 px-5 py-3 text-slate-700">
                <span>
                  {o.number} · {o.product.name} · {o.buyer.name}
                </span>
                <span className="tabular-nums">{o.totalQuantity} units</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.status === 'Cancelled'
            ? 'Cancel this drop?'
            : `Mark drop ${pending?.drop.sequence ?? ''} ${pending?.status ?? ''}?`
        }
        description={
          pending
            ? `${pending.order.number} · ${pending.drop.addressName} · ${pending.drop.quantity} units`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              Back
            </Button>
            <Button
              variant={pending?.status === 'Cancelled' ? 'danger' : 'primary'}
              disabled={move.isPending}
              onClick={confirm}
            >
              {pending?.status === 'Cancelled' ? 'Cancel drop' : `Mark ${pending?.status ?? ''}`}
            </Button>
          </>
        }
      >
        {pending?.status === 'Shipped' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              id="ship-tracking"
              label="Tracking number"
              optional
              hint="Left blank, Aduro assigns one."
            >
              {(c) => <Input {...c} value={tracking} onChange={(e) => setTracking(e.target.value)} />}
            </FormField>
            <FormField id="ship-eta" label="ETA" optional hint="Left blank, your lead time applies.">
              {(c) => <Input {...c} type="date" value={eta} onChange={(e) => setEta(e.target.value)} />}
            </FormField>
          </div>
        ) : pending?.status === 'Cancelled' ? (
          <p className="text-sm text-slate-600">
            {isDropOnRecallHold(pending.drop)
              ? 'The units go back to the lots they came from, where the recalled ones stay quarantined, and the drop’s value comes off the invoice.'
              : 'The units go back to the lots they came from and the drop’s value comes off the invoice.'}
          </p>
        ) : (
          <p className="text-sm text-slate-600">The customer sees the new status at once.</p>
        )}
      </Dialog>
      <Dialog
        open={repicking !== null}
        onOpenChange={(open) => !open && setRepicking(null)}
        title={`Re-pick drop ${repicking?.drop.sequence ?? ''}?`}
        description={
          repicking
            ? `${repicking.order.number} · ${repicking.drop.addressName} · ${repicking.drop.quantity} units`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setRepicking(null)}>
              Back
            </Button>
            <Button loading={repick.isPending} onClick={confirmRepick}>
              Re-pick drop
            </Button>
          </>
        }
      >
        {repicking && <RepickSummary drop={repicking.drop} />}
        {repick.error && (
          <p role="alert" className="mt-3 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {repick.error.message}
          </p>
        )}
      </Dialog>
    </div>
  );
}

/** What a re-pick does to this drop: which recalled units leave it, and where the others come from. */
function RepickSummary({ drop }: { drop: Drop }) {
  const batches = [...new Set(drop.recalls.flatMap((r) => r.batchNumbers))];
  // Counted from the drop's batches, so a lot named by two recalls is not counted twice.
  const units = drop.batches
    .filter((b) => b.batchNumber !== null && batches.includes(b.batchNumber))
    .reduce((sum, b) => sum + b.quantity, 0);
  const recalls = drop.recalls.map((r) => r.number).join(', ');
  return (
    <div className="space-y-2 text-sm text-slate-600">
      <p>
        The {units} {units === 1 ? 'unit' : 'units'} of recalled batch{batches.length === 1 ? '' : 'es'}{' '}
        <span className="font-mono font-medium text-slate-900">{batches.join(', ')}</span> ({recalls}) go back
        to quarantine.
      </p>
      <p>
        Your other batches of the product fill the drop, first expiry first out, with the order&apos;s minimum
        shelf life. The price and the invoice do not change.
      </p>
    </div>
  );
}
