import type { Order } from '@aduro/shared/orders';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs } from '../../../components/ui/tabs';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { CustomerOrders } from '../../../features/orders/components/customer-orders';
import { OrderCardSlotsContext, type OrderCardSlots } from '../../../features/orders/components/order-card';
import { RecallNotices } from '../../../features/recalls/components/recall-notices';
import { BuyerReturns } from '../../../features/returns/components/buyer-returns';
import { OrderReturns } from '../../../features/returns/components/order-returns';
import { RecallReturnButton } from '../../../features/returns/components/recall-return-button';
import {
  ReturnRequestDialog,
  type ReturnTarget,
} from '../../../features/returns/components/return-request-dialog';

type OrdersTab = 'orders' | 'returns';

/** Where a return opens: the Returns tab with the return's sheet (notifications link the same way). */
export const returnHref = (returnId: string) =>
  `/customer/orders?tab=returns&return=${encodeURIComponent(returnId)}`;

/** Only a delivered drop that received units can be returned (the server refuses any other). */
const returnable = (drop: Order['drops'][number]) => drop.status === 'Delivered' && drop.batches.length > 0;

export function OrdersRoute() {
  const user = useSignedInUser();
  // A recall notification links here with ?recall={id}: that notice is scrolled to and highlighted; a
  // return's with ?tab=returns&return={id}: the Returns tab, that return open.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: OrdersTab = searchParams.get('tab') === 'returns' ? 'returns' : 'orders';
  const [returning, setReturning] = useState<ReturnTarget | null>(null);

  // The orders' filters live in the URL too: a tab or a return changes only its own parameters.
  function showTab(next: OrdersTab) {
    setSearchParams((params) => {
      params.delete('return');
      if (next === 'returns') params.set('tab', 'returns');
      else params.delete('tab');
      return params;
    });
  }
  function openReturn(returnId: string | null) {
    setSearchParams(
      (params) => {
        params.set('tab', 'returns');
        if (returnId) params.set('return', returnId);
        else params.delete('return');
        return params;
      },
      { replace: returnId === null },
    );
  }

  // The returns feature's pieces on each order card: the orders feature may not import them.
  const slots = useMemo<OrderCardSlots>(
    () => ({
      dropActions: (order, drop) =>
        returnable(drop) ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Return packs: ${order.number} drop ${drop.sequence}`}
            onClick={() => setReturning({ order, drop })}
          >
            Return packs
          </Button>
        ) : null,
      history: (order) => <OrderReturns orgId={user.orgId} orderId={order.id} returnHref={returnHref} />,
    }),
    [user.orgId],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Orders"
        title="Order orchestration"
        description="Approve drafted orders to release shipments, and follow every drop to each branch."
      />
      <Tabs
        label="Orders and returns"
        selected={tab}
        onSelect={showTab}
        items={[
          {
            id: 'orders',
            label: 'Orders',
            content: (
              <div className="space-y-6">
                <RecallNotices
                  orgId={user.orgId}
                  highlightId={searchParams.get('recall')}
                  acknowledgedAction={(recall, row) => (
                    <RecallReturnButton
                      orgId={user.orgId}
                      recall={recall}
                      row={row}
                      returnHref={returnHref}
                    />
                  )}
                />
                <OrderCardSlotsContext value={slots}>
                  <CustomerOrders orgId={user.orgId} />
                </OrderCardSlotsContext>
              </div>
            ),
          },
          {
            id: 'returns',
            label: 'Returns',
            content: (
              <BuyerReturns orgId={user.orgId} openId={searchParams.get('return')} onOpen={openReturn} />
            ),
          },
        ]}
      />
      <ReturnRequestDialog orgId={user.orgId} target={returning} onClose={() => setReturning(null)} />
    </div>
  );
}
