import { PAYMENT_ATTEMPT_STATUS_LABELS, type PaymentAttemptStatus } from '@aduro/shared/payments';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<PaymentAttemptStatus, BadgeTone> = {
  pending: 'blue',
  pay_offline: 'blue',
  send_otp: 'yellow',
  success: 'green',
  failed: 'red',
  abandoned: 'neutral',
  flagged: 'yellow',
};

/** An attempt's status in the contract's words. */
export function AttemptStatusBadge({ status }: { status: PaymentAttemptStatus }) {
  return <Badge tone={TONES[status]}>{PAYMENT_ATTEMPT_STATUS_LABELS[status]}</Badge>;
}
