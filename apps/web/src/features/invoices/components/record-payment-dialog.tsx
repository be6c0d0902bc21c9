import type { Invoice } from '@aduro/shared/invoices';
import { INVOICE_MESSAGES, PAYMENT_RECORD_METHODS, paymentRequestSchema } from '@aduro/shared/invoices';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@aduro/shared/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatCedis, formatDay } from '../../../lib/format';
import { useRecordPayment, type PaymentBody } from '../api/record-payment';

type PaymentForm = z.input<typeof paymentRequestSchema>;

interface RecordPaymentDialogProps {
  orgId: string | null;
  invoice: Invoice | null;
  onClose: () => void;
}

/** A payment received against an invoice: what is due by default, mobile money first among the methods. */
export function RecordPaymentDialog({ orgId, invoice, onClose }: RecordPaymentDialogProps) {
  const pay = useRecordPayment(orgId);
  const { register, handleSubmit, reset, setError, formState } = useForm<PaymentForm, unknown, PaymentBody>({
    resolver: zodResolver(paymentRequestSchema),
  });
  const { errors } = formState;
  useEffect(() => {
    if (invoice) reset({ amount: invoice.amountDue, method: 'mobile_money', reference: '' });
  }, [invoice, reset]);

  function onValid(body: PaymentBody) {
    if (!invoice) return;
    pay.mutate(
      { invoiceId: invoice.id, ...body },
      {
        onSuccess: onClose,
        // Paying more than is now due (someone recorded a payment meanwhile) lands under the amount.
        onError: (error) => {
          const message = error instanceof ApiError ? error.fieldErrors?.amount?.[0] : undefined;
          if (message) setError('amount', { type: 'server', message });
        },
      },
    );
  }

  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Record payment"
      description={
        invoice
          ? `${invoice.number} · ${invoice.buyer.name} · ${formatCedis(invoice.amountDue)} due ${formatDay(invoice.dueDate)}`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="record-payment-form" loading={pay.isPending}>
            Record payment
          </Button>
        </>
      }
    >
      <form
        id="record-payment-form"
        noValidate
        onSubmit={handleSubmit(onValid)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField
          id="payment-amount"
          label="Amount received (GH₵)"
          error={errors.amount?.message}
          hint={invoice ? `At most ${formatCedis(invoice.amountDue)}` : undefined}
        >
          {(aria) => (
            <Input
              {...aria}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              {...register('amount', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField
          id="payment-method"
          label="Method"
          error={errors.method ? INVOICE_MESSAGES.method : undefined}
        >
          {(aria) => (
            <Select {...aria} {...register('method')}>
              {PAYMENT_RECORD_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_METHOD_LABELS[method as PaymentMethod]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id="payment-reference"
          label="Reference"
          optional
          error={errors.reference?.message}
          hint="e.g. the mobile money transaction id or cheque number"
          className="sm:col-span-2"
        >
          {(aria) => <Input {...aria} autoComplete="off" {...register('reference')} />}
        </FormField>
      </form>
    </Dialog>
  );
}
