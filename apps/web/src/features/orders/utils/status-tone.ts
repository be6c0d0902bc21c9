import type { DropStatus } from '@aduro/shared/orders';
import type { BadgeTone } from '../../../components/ui/badge';

/** SPEC §4 customer colours: AWAITING yellow, DELIVERED green, CANCEL red, anything else blue. */
export function orderStatusTone(label: string): BadgeTone {
  const s = label.toUpperCase();
  if (s.includes('AWAITING')) return 'yellow';
  if (s.includes('DELIVERED')) return 'green';
  if (s.includes('CANCEL')) return 'red';
  return 'blue';
}

/** SPEC §4 supplier colours: Awaiting Dispatch yellow, Shipped and Out for Delivery blue, Delivered green, Cancelled red. */
export function dropStatusTone(status: DropStatus): BadgeTone {
  switch (status) {
    case 'Awaiting Dispatch':
      return 'yellow';
    case 'Delivered':
      return 'green';
    case 'Cancelled':
      return 'red';
    default:
      return 'blue';
  }
}
