import { orderStatusLabel, type Drop, type Order } from '@aduro/shared/orders';
import { Badge } from '../../../components/ui/badge';
import { dropStatusTone, orderStatusTone } from '../utils/status-tone';

/** SPEC §4: the order's status as the customer reads it, in its colour. */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'drops'> }) {
  const label = orderStatusLabel(order.status, order.drops);
  return <Badge tone={orderStatusTone(label)}>{label}</Badge>;
}

export function DropStatusBadge({ status }: { status: Drop['status'] }) {
  return <Badge tone={dropStatusTone(status)}>{status}</Badge>;
}
