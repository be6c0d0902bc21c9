import { sumCedis } from '@aduro/shared/money';
import { isLiveOrder, type Order } from '@aduro/shared/orders';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { formatCedis } from '../../../lib/format';
import { useApproveOrder } from '../api/approve-order';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders } from '../api/get-orders';
import { useLinkedOrder } from '../hooks/use-linked-order';
import { OrderCard } from './order-card';

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

/** The buyer's orders page body: counters, then each order with approval for drafts. */
export function CustomerOrders({ orgId }: { orgId: string | null }) {
  const orders = useOrders(orgId, { buyerId: orgId });
  const linkedOrder = useLinkedOrder(orders.data);
  const approve = useApproveOrder(orgId);
  const cancel = useCancelOrder(orgId);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const counters = orderCounters(orders.data ?? []);

  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatTile label="Live orders" value={counters.live} />
        <StatTile label="Awaiting approval" value={counters.awaiting} />
        <StatTile label="Value in motion" value={formatCedis(counters.valueInMotion)} />
      </dl>
      <section aria-labelledby="orders-title" className="space-y-4">
        <h2 id="orders-title" className="text-lg font-semibold text-slate-900">
          Your orders
        </h2>
        {orders.isPending && orgId ? (
          <div className="space-y-3">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : orders.isError ? (
          <Card>
            <CardHeader title="Orders could not be loaded" />
            <div className="px-5 pb-5">
              <Button variant="secondary" size="sm" onClick={() => void orders.refetch()}>
                Try again
              </Button>
            </div>
          </Card>
        ) : (orders.data ?? []).length === 0 ? (
          <Card>
            <EmptyState message={NO_ORDERS_MESSAGE} />
          </Card>
        ) : (
          orders.data!.map((order) => (
            <OrderCard
              key={order.id}
              orgId={orgId}
              order={order}
              side="buyer"
              highlighted={order.id === linkedOrder}
              actions={
                order.status === 'AWAITING_CUSTOMER_APPROVAL' ? (
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <p className="max-w-prose text-sm text-slate-600">
                      This order is drafted and waits for your approval. Approving reserves the stock, issues
                      the invoice and releases the shipment to the supplier.
                    </p>
                    {/* On a phone the two buttons share the card's width rather than run past its edge. */}
                    <div className="flex w-full gap-2 *:flex-1 sm:w-auto sm:*:flex-none">
                      <Button variant="secondary" size="sm" onClick={() => setCancelling(order)}>
                        Cancel order
                      </Button>
                      <Button
                        size="sm"
                        disabled={approve.isPending && approve.variables === order.id}
                        onClick={() => approve.mutate(order.id)}
                      >
                        Approve &amp; release shipment
                      </Button>
                    </div>
                  </div>
                ) : undefined
              }
            />
          ))
        )}
      </section>
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
