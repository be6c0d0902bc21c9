import { PAYMENT_METHOD_LABELS } from '@aduro/shared/payments';
import type { Order } from '@aduro/shared/orders';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { formatCedis, formatDay } from '../../../lib/format';
import { useDownloadOrderInvoice, useDownloadPurchaseOrder } from '../api/download-purchase-order';
import { orderValue } from '../utils/order-value';
import { DropBatches } from './drop-batches';
import { DropStatusBadge, OrderStatusBadge } from './order-status';
import { OrderHistory } from './order-history';
import { ControlledSignoff } from './sign-off-controlled';

interface OrderCardProps {
  orgId: string | null;
  order: Order;
  /** Who the card is for: the buyer reads the supplier, the seller the customer. */
  side: 'buyer' | 'seller';
  /** Actions under the facts (approve, or a drop's next step). */
  actions?: ReactNode;
  /** Per-drop actions for the seller's shipping tab. */
  dropActions?: (drop: Order['drops'][number]) => ReactNode;
  /** The order a link pointed at (a notification's `?order=`): ringed, and announced as the current one. */
  highlighted?: boolean;
  /**
   * Whether the caller may read the invoice (the buyer, or a seller's staff with manage_credit): the
   * shipping tab's dispatchers see the order but not its invoice, which the server would refuse them.
   */
  canReadInvoice?: boolean;
  /** The caller is the seller's Pharmacist (sign_off_controlled): a controlled order waiting offers Sign off. */
  canSignOff?: boolean;
}

/**
 * What a screen adds to every order card it shows, from features this one may not import (the buyer's
 * returns): given once by the route around the list rather than threaded through it.
 */
export interface OrderCardSlots {
  /** More actions of a drop, after the card's own (a delivered drop's 'Return packs'). */
  dropActions?: (order: Order, drop: Order['drops'][number]) => ReactNode;
  /** More of the order's story, under its history (the order's returns). */
  history?: (order: Order) => ReactNode;
}

export const OrderCardSlotsContext = createContext<OrderCardSlots>({});

/** The card's element id, so a link or a screen can scroll an order into view. */
export const orderCardId = (orderId: string) => `order-${orderId}`;

/**
 * SPEC §2 order card: product (with its class and Controlled badges), PO, counterpart, value, terms,
 * status, invoice, drops (with the batches each received and any recall naming them), a controlled
 * drug's Pharmacist sign-off, and history.
 */
export function OrderCard({
  orgId,
  order,
  side,
  actions,
  dropActions,
  highlighted = false,
  canReadInvoice = true,
  canSignOff = false,
}: OrderCardProps) {
  const [showHistory, setShowHistory] = useState(false);
  const slots = useContext(OrderCardSlotsContext);
  const party = side === 'buyer' ? order.seller : order.buyer;
  const value = orderValue(order);
  return (
    <Card
      id={orderCardId(order.id)}
      // Clear of the sticky top bar (two rows on a phone) when scrolled to.
      className={cn(
        'scroll-mt-32 overflow-hidden md:scroll-mt-20',
        highlighted && 'ring-2 ring-emerald-600 ring-offset-2',
      )}
      aria-label={`${order.product.name}, ${order.number}`}
      aria-current={highlighted ? 'true' : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 px-5 pt-4">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{order.product.name}</h3>
          <MedicineBadges product={order.product} className="my-1" />
          <p className="text-xs text-slate-500">
            {order.number} · <span className="font-mono">{order.id.slice(0, 8)}</span>
          </p>
        </div>
        <OrderStatusBadge order={order} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 px-5 py-3 text-sm sm:grid-cols-4">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-500">{side === 'buyer' ? 'Supplier' : 'Customer'}</dt>
          <dd className="text-slate-900">
            {party.name}
            <span className="block text-xs text-slate-500">
              {party.location ?? 'Location pending'}
              {side === 'buyer' && ` · ${order.seller.phoneNumber ?? 'No phone listed'}`}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Total value</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {formatCedis(value.current)}
            {value.ordered !== null && (
              <span className="block text-xs font-normal text-slate-500">
                <s>{formatCedis(value.ordered)}</s> before cancelled drops
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Payment terms</dt>
          <dd className="text-slate-900">
            {order.paymentTerms || 'Prepaid'}
            <span className="block text-xs text-slate-500">
              {PAYMENT_METHOD_LABELS[order.paymentMethod]}
              {order.creditTermDays !== null && ` · ${order.creditTermDays} days`}
            </span>
          </dd>
        </div>
        {order.invoice && (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-xs text-slate-500">Invoice</dt>
            <dd className="flex flex-wrap items-center gap-2 text-slate-900">
              <span className="font-medium">{order.invoice.number}</span>
              <span className="tabular-nums">{formatCedis(order.invoice.amount)}</span>
              <span className="text-slate-600">due {formatDay(order.invoice.dueDate)}</span>
              <Badge
                tone={
                  order.invoice.status === 'paid'
                    ? 'green'
                    : order.invoice.status === 'void'
                      ? 'neutral'
                      : 'yellow'
                }
              >
                {order.invoice.status}
              </Badge>
              {order.invoice.overdue && <Badge tone="red">Overdue</Badge>}
            </dd>
          </div>
        )}
      </dl>
      <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Drops">
        {order.drops.map((drop) => (
          <li key={drop.id} className="grid gap-2 px-5 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto]">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">
                  Drop {drop.sequence} · {drop.addressName}
                </span>
                <DropStatusBadge status={drop.status} />
                <span className="text-slate-600 tabular-nums">{drop.quantity} units</span>
              </p>
              <p className="text-slate-600">{drop.address}</p>
              <p className="text-xs text-slate-500">
                {drop.contactName ?? 'No contact'} · {drop.contactPhone ?? 'No contact phone'}
                {drop.trackingNumber && ` · Tracking ${drop.trackingNumber}`}
                {drop.estimatedDeliveryDate && ` · ETA ${formatDay(drop.estimatedDeliveryDate)}`}
              </p>
              <DropBatches drop={drop} side={side} />
            </div>
            <DropActions>
              {dropActions?.(drop)}
              {slots.dropActions?.(order, drop)}
            </DropActions>
          </li>
        ))}
      </ul>
      <ControlledSignoff orgId={orgId} order={order} canSignOff={canSignOff && side === 'seller'} />
      {actions && <div className="border-t border-slate-100 bg-slate-50/60 px-5 py-3">{actions}</div>}
      <div className="border-t border-slate-100 px-5 py-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* min-h-8 and the negative margin widen the hit area (WCAG 2.2 target size) without moving the text. */}
          <button
            type="button"
            className="-mx-2 inline-flex min-h-8 items-center rounded px-2 text-sm font-medium text-emerald-800 hover:underline"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((v) => !v)}
          >
            {showHistory ? 'Hide history' : 'History'}
          </button>
          <OrderDocuments orgId={orgId} order={order} canReadInvoice={canReadInvoice} />
        </div>
        {showHistory && (
          <div className="pt-2 pb-1">
            <OrderHistory orgId={orgId} orderId={order.id} />
            {slots.history?.(order)}
          </div>
        )}
      </div>
    </Card>
  );
}

/** A drop's buttons, beside its facts; nothing at all (no empty column) when it has none. */
function DropActions({ children }: { children: ReactNode[] }) {
  if (children.every((child) => child === undefined || child === null || child === false)) return null;
  return <div className="flex flex-wrap items-start gap-2">{children}</div>;
}

/** The order's PDFs, for both parties: the purchase order always, the invoice once there is one (and the caller may read it). */
function OrderDocuments({
  orgId,
  order,
  canReadInvoice,
}: {
  orgId: string | null;
  order: Order;
  canReadInvoice: boolean;
}) {
  const purchaseOrder = useDownloadPurchaseOrder(orgId);
  const invoicePdf = useDownloadOrderInvoice(orgId);
  const invoice = canReadInvoice ? order.invoice : null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="secondary"
        loading={purchaseOrder.isPending}
        aria-label={`Purchase order PDF, ${order.number}`}
        onClick={() => purchaseOrder.mutate({ id: order.id, number: order.number })}
      >
        Purchase order PDF
      </Button>
      {invoice && (
        <Button
          size="sm"
          variant="secondary"
          loading={invoicePdf.isPending}
          aria-label={`Invoice PDF, ${invoice.number}`}
          onClick={() => invoicePdf.mutate({ id: invoice.id, number: invoice.number })}
        >
          Invoice PDF
        </Button>
      )}
    </div>
  );
}
