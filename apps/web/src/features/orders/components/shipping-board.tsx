import { canCancelDrop, nextDropStatus, type Drop, type DropStatus, type Order } from '@aduro/shared/orders';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, Input } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOrders } from '../api/get-orders';
import { useUpdateDrop } from '../api/update-drop';
import { useLinkedOrder } from '../hooks/use-linked-order';
import { OrderCard } from './order-card';

export const NO_SHIPMENTS_MESSAGE = 'No orders awaiting dispatch or delivery.';

/** Released and not finished: what the supplier still has to move. */
const isOutgoing = (o: Order) => o.status === 'RELEASED' || o.status === 'SHIPPED';

interface Pending {
  order: Order;
  drop: Drop;
  status: DropStatus;
}

/** SPEC §2 Shipping tab: outgoing POs with their drops and the next step of each. */
export function ShippingBoard({
  orgId,
  canReadInvoices,
}: {
  orgId: string | null;
  /** Staff with manage_credit: their order cards offer the invoice PDF too. */
  canReadInvoices: boolean;
}) {
  const orders = useOrders(orgId, { sellerId: orgId });
  const move = useUpdateDrop(orgId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [tracking, setTracking] = useState('');
  const [eta, setEta] = useState('');
  const all = orders.data ?? [];
  const outgoing = all.filter(isOutgoing);
  const awaiting = all.filter((o) => o.status === 'AWAITING_CUSTOMER_APPROVAL');
  // A notification's link (?order=) marks its order among the outgoing ones and scrolls to it.
  const linkedOrder = useLinkedOrder(outgoing);

  function ask(order: Order, drop: Drop, status: DropStatus) {
    setTracking('');
    setEta('');
    setPending({ order, drop, status });
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
          actions={<Badge tone="blue">Live {outgoing.length}</Badge>}
        />
        {orders.isPending ? (
          <div className="space-y-3 px-5 pb-5">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : outgoing.length === 0 ? (
          <EmptyState message={NO_SHIPMENTS_MESSAGE} />
        ) : null}
      </Card>
      {outgoing.map((order) => (
        <OrderCard
          key={order.id}
          orgId={orgId}
          order={order}
          side="seller"
          highlighted={order.id === linkedOrder}
          canReadInvoice={canReadInvoices}
          dropActions={(drop) => {
            const next = nextDropStatus(drop.status);
            return (
              <>
                {next && (
                  <Button
                    size="sm"
                    onClick={() => ask(order, drop, next)}
                    aria-label={`Mark drop ${drop.sequence} ${next}`}
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
              </>
            );
          }}
        />
      ))}
      {awaiting.length > 0 && (
        <Card>
          <CardHeader
            as="h3"
            title="Awaiting customer approval"
            description="Drafted by customers; they ship once approved."
          />
          <ul className="divide-y divide-slate-100 border-t border-slate-100 text-sm">
            {awaiting.map((o) => (
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
            The units go back to the lots they came from and the drop&apos;s value comes off the invoice.
          </p>
        ) : (
          <p className="text-sm text-slate-600">The customer sees the new status at once.</p>
        )}
      </Dialog>
    </div>
  );
}
