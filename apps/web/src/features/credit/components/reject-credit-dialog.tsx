import {
  REJECTION_REASON_MAX,
  rejectApplicationSchema,
  rejectionReasonOf,
  type CreditApplication,
} from '@aduro/shared/credit';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Textarea } from '../../../components/ui/form-field';
import { formatCedis } from '../../../lib/format';

type RejectForm = z.input<typeof rejectApplicationSchema>;

interface RejectCreditDialogProps {
  /** The application to reject; null keeps the dialog closed. */
  application: CreditApplication | null;
  pending: boolean;
  /** Called once the supplier confirms: the trimmed reason, or null when none was given. */
  onReject: (reason: string | null) => void;
  onClose: () => void;
}

/**
 * A rejection cannot be taken back (the customer must apply again), so it is confirmed. The reason is
 * optional; when given, the buyer reads it on its credit page and in the decision's notification.
 */
export function RejectCreditDialog({ application, pending, onReject, onClose }: RejectCreditDialogProps) {
  const { register, handleSubmit, reset, formState } = useForm<RejectForm>({
    resolver: zodResolver(rejectApplicationSchema),
    defaultValues: { reason: '' },
  });
  // Each application starts with an empty reason: one typed for another must not carry over.
  useEffect(() => {
    if (application) reset({ reason: '' });
  }, [application, reset]);

  return (
    <Dialog
      open={application !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title="Reject credit application?"
      description={
        application
          ? `${application.customer.name} asked for ${formatCedis(application.requestedLimit)}. They can apply again later.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="reject-credit-form" variant="danger" loading={pending}>
            Reject application
          </Button>
        </>
      }
    >
      <form
        id="reject-credit-form"
        noValidate
        onSubmit={handleSubmit((values) => onReject(rejectionReasonOf(values)))}
        className="space-y-3"
      >
        <FormField
          id="reject-credit-reason"
          label="Reason"
          optional
          error={formState.errors.reason?.message}
          hint={
            application
              ? `${application.customer.name} will read it with your decision.`
              : 'The customer will read it with your decision.'
          }
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={3}
              maxLength={REJECTION_REASON_MAX}
              placeholder="e.g. Settle the overdue invoices with us first"
              {...register('reason')}
            />
          )}
        </FormField>
      </form>
    </Dialog>
  );
}
