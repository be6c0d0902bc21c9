import { RFQ_STATUS_LABELS, type RfqStatus } from '@aduro/shared/rfqs';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/** Open waits on suppliers (blue), opened quotes wait on the buyer (yellow), the two ends are settled. */
const TONES: Record<RfqStatus, BadgeTone> = {
  open: 'blue',
  closed: 'yellow',
  awarded: 'green',
  cancelled: 'neutral',
};

/** An RFQ's status in the words of RFQ_STATUS_LABELS, one tone per status on every screen. */
export function RfqStatusBadge({ status }: { status: RfqStatus }) {
  return <Badge tone={TONES[status]}>{RFQ_STATUS_LABELS[status]}</Badge>;
}

/** Marks a request whose quotes stay hidden from the buyer until it closes. */
export function RfqSealedBadge() {
  return <Badge tone="neutral">Sealed</Badge>;
}
