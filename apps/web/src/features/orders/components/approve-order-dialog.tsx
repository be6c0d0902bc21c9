import { todayUtc } from '@aduro/shared/inventory';
import type { Order } from '@aduro/shared/orders';
import { PAYMENT_METHOD_LABELS } from '@aduro/shared/payments';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatCedis, formatDay, formatUnits } from '../../../lib/format';
import { approvalSummary } from '../utils/approval-summary';

interface ApproveOrderDialogProps {
  /** The drafted order to approve; null keeps the dialog closed. */
  order: Order | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Approving an order spends money and stock and cannot be undone by the buyer (once released, only the
 * supplier cancels drops), so it is confirmed with what it commits to: the invoice's amount and due
 * date, how it is paid and, on credit, what it draws on the line. Nothing is sent until confirmed.
 */
export function ApproveOrderDialog({ order, pending, onConfirm, onClose }: ApproveOrderDialogProps) {
  const summary = order ? approvalSummary(order, todayUtc()) : null;
  const units = order?.drops.reduce((sum, d) => (d.status === 'Cancelled' ? sum : sum + d.quantity), 0) ?? 0;
  const drops = order?.drops.filter((d) => d.status !== 'Cancelled').length ?? 0;
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title="Approve and release this order?"
      description={order ? `${order.number}: ${order.product.name} from ${order.seller.name}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button loading={pending} onClick={onConfirm}>
            Approve &amp; release shipment
          </Button>
        </>
      }
    >
      {order && summary && (
        <div className="space-y-4">
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2" aria-label="What approving does">
            <SummaryItem label="Invoice amount">
              <span className="font-semibold tabular-nums">{formatCedis(summary.invoiceAmount)}</span>
            </SummaryItem>
            <SummaryItem label="Due date">
              {formatDay(summary.dueDate, { weekday: true })}
              <span className="block text-xs text-slate-600">
                {summary.termDays > 0 ? `${summary.termDays} days after approval` : 'On approval, today'}
              </span>
            </SummaryItem>
            <SummaryItem label="Payment method">{PAYMENT_METHOD_LABELS[summary.paymentMethod]}</SummaryItem>
            {summary.creditUsed !== null && (
              <SummaryItem label="Credit used">
                <span className="tabular-nums">{formatCedis(summary.creditUsed)}</span>
                <span className="block text-xs text-slate-600">
                  of your credit line with {order.seller.name}
                </span>
              </SummaryItem>
            )}
          </dl>
          <p className="text-sm text-slate-600">
            Approving reserves {formatUnits(units)} units for{' '}
            {drops === 1 ? 'its drop' : `its ${drops} drops`}, issues the invoice and releases the shipment to{' '}
            {order.seller.name}. You cannot cancel the order after this; only the supplier can cancel its
            drops.
          </p>
        </div>
      )}
    </Dialog>
  );
}

function SummaryItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}
