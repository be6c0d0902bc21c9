import type { CreditApplication } from '@aduro/shared/credit';
import { Badge } from '../../../components/ui/badge';

const LABELS = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;
const TONES = { pending: 'yellow', approved: 'green', rejected: 'red' } as const;

export function CreditApplicationStatus({ status }: { status: CreditApplication['status'] }) {
  return <Badge tone={TONES[status]}>{LABELS[status]}</Badge>;
}
