import type { RecallTraceRow } from '@aduro/shared/recalls';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { pageItems } from '../../../lib/pages';
import { useCreateReturn } from '../api/create-return';
import { useReturns } from '../api/get-returns';
import { returnableBatches } from './return-request-dialog';
import { ReturnStatusBadge } from './return-status-badge';

interface RecallReturnButtonProps {
  orgId: string | null;
  recall: { id: string; number: string };
  /** The acknowledged delivery: its recalled batches and the units of each. */
  row: Pick<RecallTraceRow, 'orderId' | 'orderNumber' | 'dropId' | 'dropSequence' | 'batches'>;
  returnHref: (returnId: string) => string;
}

/**
 * Issue 35: once a recalled delivery is confirmed as set aside, "Return these packs" asks the supplier
 * to take back every acknowledged unit of the recalled batches, under the recall. An order with a
 * recall return already under way shows that return instead; the server refuses units claimed twice.
 */
export function RecallReturnButton({ orgId, recall, row, returnHref }: RecallReturnButtonProps) {
  const create = useCreateReturn(orgId);
  const returns = useReturns(orgId, { orderId: row.orderId });
  const existing = pageItems(returns.data).find(
    (r) => r.status !== 'rejected' && r.reasons.includes('recalled'),
  );
  if (existing)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Link to={returnHref(existing.id)} className="font-medium text-emerald-800 hover:underline">
          Return {existing.number}
        </Link>
        <ReturnStatusBadge status={existing.status} />
      </p>
    );
  const lines = returnableBatches(row.batches).map((batch) => ({
    dropId: row.dropId,
    batchNumber: batch.batchNumber,
    quantity: batch.delivered,
    reason: 'recalled' as const,
  }));
  return (
    <Button
      variant="secondary"
      className="w-full sm:w-auto"
      disabled={returns.isPending || lines.length === 0}
      loading={create.isPending}
      aria-label={`Return these packs: ${row.orderNumber} drop ${row.dropSequence}`}
      onClick={() =>
        create.mutate({
          orderId: row.orderId,
          lines,
          recallId: recall.id,
          notes: `Returned under recall ${recall.number}`,
        })
      }
    >
      Return these packs
    </Button>
  );
}
