import { sumCedis } from '@aduro/shared/money';
import { isLiveOrder, ORDER_STATUSES, type Order } from '@aduro/shared/orders';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { EligibilityNote } from '../../../components/ui/eligibility-note';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { formatCedis } from '../../../lib/format';
import { useApproveOrder } from '../api/approve-order';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders } from '../api/get-orders';
import { useOrdersPages } from '../api/get-orders-page';
import { useLinkedOrder } from '../hooks/use-linked-order';
import { useOrderFilters } from '../hooks/use-order-filters';
import { ApproveOrderDialog } from './approve-order-dialog';
import { OrderCard } from './order-card';
import { OrderFilters } from './order-filters';
import { LoadMore } from '../../../components/ui/load-more';
import { NoMatchingOrders, ordersOf, OrdersCount } from './order-pages';
import { loadMoreProps, pageTotal } from '../../../lib/pages';

export const NO_ORDERS_MESSAGE =
  'No orders yet. Once you launch RFQs, they will appear here for approval and tracking.';

/** SPEC §2 counters: live orders, those awaiting approval, and the value of the live ones. */
export function orderCounters(orders: readonly Order[]) {
  const live = orders.filter((o) => isLiveOrder(o.status));
  return {
    live: live.length,
    awaiting: orders.filter((o) => o.status === 'AWAITING_CUSTOMER_APPROVAL').length,
    valueInMotion: sumCedis(live.map((o) => o.totalCost)),
  };
}

/** The states the counters read: every live order, so the counters never need the whole history. */
const LIVE_STATUSES = ORDER_STATUSES.filter(isLiveOrder);

/**
 * The buyer's orders page body: counters, then the orders a page at a time, filtered by what the URL
 * says (so a filtered view can be shared and survives a reload), with approval for drafts.
 */
export function CustomerOrders({ orgId }: { orgId: string | null }) {
  const filters = useOrderFilters();
  const pages = useOrdersPages(orgId, { buyerId: orgId, ...filters.applied });
  const live = useOrders(orgId, { buyerId: orgId, status: LIVE_STATUSES });
  const orders = ordersOf(pages.data);
  const total = pageTotal(pages);
  const linkedOrder = useLinkedOrder(orders);
  const approve = useApproveOrder(orgId);
  const cancel = useCancelOrder(orgId);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [approving, setApproving] = useState<Order | null>(null);
  const counters = orderCounters(live.data ?? []);
  // An account without a single order has nothing to filter: the SPEC's empty state says what to do.
  const noOrdersAtAll = pages.isSuccess && !pages.isPlaceholderData && total === 0 && !filters.active;

  return (
    <div className="space-y-6">
      {/* Two to a row on a phone, so the orders start higher up the screen. */}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <StatTile label="Live orders" value={live.isPending && orgId ? '…' : counters.live} />
        <StatTile label="Awaiting approval" value={live.isPending && orgId ? '…' : counters.awaiting} />
        <StatTile
          className="col-span-2 sm:col-span-1"
          label="Value in motion"
          value={live.isPending && orgId ? '…' : formatCedis(counters.valueInMotion)}
        />
      </dl>
      <section aria-labelledby="orders-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id="orders-title" className="text-lg font-semibold text-slate-900">
            Your orders
          </h2>
          {pages.isSuccess && !noOrdersAtAll && <OrdersCount total={total} />}
        </div>
        {!noOrdersAtAll && (
          <Card className="p-4">
            <OrderFilters filters={filters} side="buyer" />
          </Card>
        )}
        {pages.isPending && orgId && !filters.rangeError ? (
          <div className="space-y-3">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : pages.isError && !pages.data ? (
          <Card>
            <CardHeader title="Orders could not be loaded" />
            <div className="px-5 pb-5">
              <Button variant="secondary" size="sm" onClick={() => void pages.refetch()}>
                Try again
              </Button>
            </div>
          </Card>
        ) : noOrdersAtAll ? (
          <Card>
            <EmptyState message={NO_ORDERS_MESSAGE} />
          </Card>
        ) : orders.length === 0 ? (
          filters.rangeError ? null : (
            <Card>
              <NoMatchingOrders onClear={filters.clear} />
            </Card>
          )
        ) : (
          <div
            className={cn('space-y-4 transition-opacity', pages.isPlaceholderData && 'opacity-60')}
            aria-busy={pages.isPlaceholderData || undefined}
          >
            {orders.map((order) => (
              <OrderCard
                key={order.id}
                orgId={orgId}
                order={order}
                side="buyer"
                highlighted={order.id === linkedOrder}
                actions={
                  order.status === 'AWAITING_CUSTOMER_APPROVAL' ? (
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <div className="max-w-prose space-y-2">
                        <p className="text-sm text-slate-600">
                          This order is drafted and waits for your approval. Approving reserves the stock,
                          issues the invoice and releases the shipment to the supplier.
                        </p>
                        {/* Approval stays offered: the server decides and refuses with the same reason. */}
                        <EligibilityNote eligibility={order.eligibility} className="text-sm" />
                      </div>
                      {/* On a phone the buttons stack full-width (side by side, 'Approve & release shipment'
                          cannot shrink and ran past the card's edge); the primary one last, as in the row. */}
                      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
                        <Button variant="secondary" size="sm" onClick={() => setCancelling(order)}>
                          Cancel order
                        </Button>
                        <Button
                          size="sm"
                          disabled={approve.isPending && approve.variables === order.id}
                          onClick={() => setApproving(order)}
                        >
                          Approve &amp; release shipment
                        </Button>
                      </div>
                    </div>
                  ) : undefined
                }
              />
            ))}
            <LoadMore noun="orders" className="py-2" lookAheadPx={600} {...loadMoreProps(pages)} />
          </div>
        )}
      </section>
      <ApproveOrderDialog
        order={approving}
        pending={approve.isPending}
        onClose={() => setApproving(null)}
        // Closed whatever the answer: a refusal toasts and reads the orders again, so the card, not a
        // summary of what was refused, shows where the order stands.
        onConfirm={() => approving && approve.mutate(approving.id, { onSettled: () => setApproving(null) })}
      />
      <Dialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this order?"
        description={
          cancelling
            ? `${cancelling.number}: ${cancelling.product.name} from ${cancelling.seller.name}`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setCancelling(null)}>
              Keep order
            </Button>
            <Button
              variant="danger"
              disabled={cancel.isPending}
              onClick={() =>
                cancelling && cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })
              }
            >
              Cancel order
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          The supplier will not see it again. You can draft a new order at any time.
        </p>
      </Dialog>
    </div>
  );
}
