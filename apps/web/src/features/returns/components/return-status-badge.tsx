import { RETURN_STATUS_LABELS, type ReturnStatus } from '@aduro/shared/returns';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/**
 * Requested waits on the supplier and received on its inspection (yellow), approved waits on the buyer
 * sending the packs (blue); the two ends are settled.
 */
const TONES: Record<ReturnStatus, BadgeTone> = {
  requested: 'yellow',
  approved: 'blue',
  rejected: 'red',
  received: 'yellow',
  completed: 'green',
};

/** A return's status in the words of RETURN_STATUS_LABELS, one tone per status on every screen. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <Badge tone={TONES[status]}>{RETURN_STATUS_LABELS[status]}</Badge>;
}
