import { approveApplicationSchema, type CreditApplication } from '@aduro/shared/credit';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input } from '../../../components/ui/form-field';
import { formatCedis } from '../../../lib/format';

type ApproveForm = z.input<typeof approveApplicationSchema>;

interface ApproveCreditDialogProps {
  application: CreditApplication | null;
  /** The risk check's recommendation when it ran; else the limit asked for. */
  suggestedLimit: number | null;
  pending: boolean;
  onApprove: (limit: number) => void;
  onClose: () => void;
}

/** The limit to grant, prefilled with the recommended limit once the risk check has run (issue 6). */
export function ApproveCreditDialog({
  application,
  suggestedLimit,
  pending,
  onApprove,
  onClose,
}: ApproveCreditDialogProps) {
  const { register, handleSubmit, reset, formState } = useForm<ApproveForm, unknown, { limit: number }>({
    resolver: zodResolver(approveApplicationSchema),
  });
  const start = suggestedLimit ?? application?.requestedLimit ?? 0;
  useEffect(() => {
    if (application) reset({ limit: start });
  }, [application, start, reset]);

  return (
    <Dialog
      open={application !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Approve credit line"
      description={
        application
          ? `${application.customer.name} asked for ${formatCedis(application.requestedLimit)}.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="approve-credit-form" loading={pending}>
            Approve
          </Button>
        </>
      }
    >
      <form
        id="approve-credit-form"
        noValidate
        onSubmit={handleSubmit(({ limit }) => onApprove(limit))}
        className="space-y-3"
      >
        <FormField
          id="approve-limit"
          label="Credit limit (GH₵)"
          error={formState.errors.limit?.message}
          hint={
            suggestedLimit !== null
              ? `The risk check recommends ${formatCedis(suggestedLimit)}.`
              : 'Run the risk check for a recommended limit.'
          }
        >
          {(aria) => (
            <Input
              {...aria}
              type="number"
              inputMode="decimal"
              min={0}
              step={500}
              {...register('limit', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <p className="text-sm text-slate-600">
          The customer can buy on credit up to this limit at once. It cannot be set below what they owe you
          now.
        </p>
      </form>
    </Dialog>
  );
}
