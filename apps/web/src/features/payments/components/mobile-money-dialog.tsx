import { toPesewas } from '@aduro/shared/money';
import {
  MOBILE_MONEY_MESSAGES,
  mobileMoneyChargeRequestSchema,
  PAYMENT_ATTEMPT_STATUS_LABELS,
  paymentOtpRequestSchema,
  type PaymentAttempt,
} from '@aduro/shared/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { formatCedis } from '../../../lib/format';
import { toast } from 'sonner';
import { paymentToastId, useChargeMobileMoney, type MobileMoneyChargeBody } from '../api/charge-mobile-money';
import { useDownloadPaymentReceipt } from '../api/download-payment-receipt';
import { useMobileMoneyProviders } from '../api/get-mobile-money-providers';
import { isOpenAttempt, usePaymentAttempt } from '../api/get-payment-attempts';
import { refreshAfterAttempt } from '../api/invalidate-payments';
import { useSubmitPaymentOtp } from '../api/submit-payment-otp';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { AttemptStatusBadge } from './attempt-status-badge';

/** The invoice being paid, as its row knew it when Pay was pressed. */
export interface PayableInvoice {
  id: string;
  number: string;
  amountDue: number;
  seller: { name: string };
}

interface MobileMoneyDialogProps {
  invoice: PayableInvoice | null;
  onClose: () => void;
}

type ChargeForm = z.input<typeof mobileMoneyChargeRequestSchema>;
type OtpForm = z.input<typeof paymentOtpRequestSchema>;

const CHARGE_FIELDS = ['amount', 'phone', 'provider'] as const;
const FORM_ID = 'mobile-money-form';
const OTP_FORM_ID = 'mobile-money-otp-form';

/**
 * The contract's request, capped at what the invoice owes: the server refuses more (PAYMENT_OVER_DUE), so
 * the form says it first. Compared in pesewas, never as floats.
 */
export function chargeSchemaFor(amountDue: number) {
  const { amount } = mobileMoneyChargeRequestSchema.shape;
  return mobileMoneyChargeRequestSchema.extend({
    amount: amount.refine((value) => !Number.isFinite(value) || toPesewas(value) <= toPesewas(amountDue), {
      message: MOBILE_MONEY_MESSAGES.overDue(amountDue),
    }),
  });
}

/**
 * The key of one submission: the same body sent again (a retry after a lost answer or a 5xx, where the
 * charge may or may not have started) reuses it, so the server answers with the first attempt rather
 * than charging twice. A changed body, or any answer the server gave (an attempt, a refusal), starts a
 * new one: re-sending an edited form under the old key would be refused as another request.
 */
function useSubmissionKey() {
  const pending = useRef<{ key: string; body: string } | null>(null);
  return {
    keyFor(body: MobileMoneyChargeBody): string {
      const sent = JSON.stringify(body);
      if (pending.current?.body !== sent) pending.current = { key: newIdempotencyKey(), body: sent };
      return pending.current.key;
    },
    /** The server answered: the next submission is a new one. */
    answered() {
      pending.current = null;
    },
  };
}

/** Whether a failed charge may have reached the server without its answer reaching us. */
const mayHaveArrived = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * Pay an invoice from a mobile-money wallet through Paystack: the amount (part of what is owed is fine),
 * the number and the network; then the dialog follows the attempt (the phone's approval prompt, a code,
 * the money received with its receipt, or why it failed and Try again) as the live feed reports it.
 */
export function MobileMoneyDialog({ invoice, onClose }: MobileMoneyDialogProps) {
  const queryClient = useQueryClient();
  const providers = useMobileMoneyProviders();
  const charge = useChargeMobileMoney();
  const submission = useSubmissionKey();
  const [reference, setReference] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const amountDue = invoice?.amountDue ?? 0;
  const schema = useMemo(() => chargeSchemaFor(amountDue), [amountDue]);
  const form = useForm<ChargeForm, unknown, MobileMoneyChargeBody>({ resolver: zodResolver(schema) });
  const { register, handleSubmit, reset, setError, getValues, setValue, control, formState } = form;
  const { errors } = formState;
  const attempt = usePaymentAttempt(reference);
  const networks = providers.data?.providers;

  // Opening the dialog on an invoice starts a new payment: no attempt, no old error, and the form
  // filled with what is outstanding. Only opening restarts it: the row's live refresh must not wipe it.
  const invoiceId = invoice?.id ?? null;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (invoiceId !== openedFor) {
    setOpenedFor(invoiceId);
    setReference(null);
    setFormError(null);
  }
  useEffect(() => {
    if (!invoice) return;
    reset({ amount: invoice.amountDue, phone: '', provider: '' });
    charge.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invoiceId]);

  // With a single network there is nothing to choose.
  useEffect(() => {
    if (networks?.length === 1 && !getValues('provider')) setValue('provider', networks[0]!.code);
  }, [networks, getValues, setValue, invoiceId]);

  // The end of an attempt the dialog learnt by its own check (the live event may be late or the feed
  // down) refreshes what it changed, as the live payment.settled would.
  const status = attempt.data?.status;
  const settledAttempt = attempt.data;
  useEffect(() => {
    if (!settledAttempt || !status || isOpenAttempt(status)) return;
    // Approved on the phone: the 'Payment started' toast becomes 'Payment received' (same id, no second one).
    if (status === 'success')
      toast.success(MOBILE_MONEY_MESSAGES.settled, { id: paymentToastId(settledAttempt.reference) });
    void refreshAfterAttempt(queryClient, settledAttempt);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  function onValid(body: MobileMoneyChargeBody) {
    if (!invoice) return;
    setFormError(null);
    charge.mutate(
      { invoiceId: invoice.id, body, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: (created) => {
          submission.answered();
          setReference(created.reference);
        },
        onError: (error) => {
          if (!mayHaveArrived(error)) submission.answered();
          const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
          let placed = false;
          for (const name of CHARGE_FIELDS) {
            const message = fieldErrors?.[name]?.[0];
            if (message) {
              setError(name, { type: 'server', message }, { shouldFocus: !placed });
              placed = true;
            }
          }
          if (error instanceof ApiError && error.status === 503)
            setFormError(MOBILE_MONEY_MESSAGES.unavailable);
          else if (!placed) setFormError(getErrorMessage(error));
        },
      },
    );
  }

  /** A new attempt: the form as it was, under a new key (the last submission was answered). */
  function tryAgain() {
    setReference(null);
    setFormError(null);
    charge.reset();
  }

  const amount = useWatch({ control, name: 'amount' });
  const payLabel =
    typeof amount === 'number' && Number.isFinite(amount) && amount > 0
      ? `Pay ${formatCedis(amount)}`
      : 'Pay';

  const following = reference !== null ? attempt.data : undefined;
  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (reference === null) {
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" form={FORM_ID} loading={charge.isPending}>
          {payLabel}
        </Button>
      </>
    );
    body = (
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4">
        {formError && (
          <p
            role="alert"
            className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200"
          >
            {formError}
          </p>
        )}
        <FormField
          id="mobile-money-amount"
          label="Amount (GH₵)"
          error={errors.amount?.message}
          hint={`At most the ${formatCedis(amountDue)} outstanding; part of it is fine.`}
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
          id="mobile-money-phone"
          label="Mobile money number"
          error={errors.phone?.message}
          hint="The wallet to charge, like 024 123 4567"
        >
          {(aria) => <Input {...aria} type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />}
        </FormField>
        <fieldset
          aria-invalid={errors.provider ? true : undefined}
          aria-describedby={errors.provider ? 'mobile-money-provider-error' : undefined}
        >
          <legend className="text-sm font-medium text-slate-800">Network</legend>
          {providers.isPending ? (
            <p className="mt-1.5 flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Loading the networks…
            </p>
          ) : (
            <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
              {(networks ?? []).map((network) => (
                <label
                  key={network.code}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 has-checked:border-emerald-600 has-checked:bg-emerald-50 has-focus-visible:ring-2 has-focus-visible:ring-emerald-600/30"
                >
                  <input
                    type="radio"
                    value={network.code}
                    className="size-4 accent-emerald-700"
                    {...register('provider')}
                  />
                  {network.name}
                </label>
              ))}
            </div>
          )}
          <div aria-live="polite">
            {errors.provider && (
              <p id="mobile-money-provider-error" className="mt-1.5 text-xs font-medium text-rose-700">
                {errors.provider.message}
              </p>
            )}
          </div>
        </fieldset>
      </form>
    );
  } else if (!following) {
    footer = (
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    );
    body = <Waiting title="Checking the payment…" />;
  } else {
    const view = attemptView(following, invoice, { onClose, tryAgain });
    body = view.body;
    footer = view.footer;
  }

  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Pay with mobile money"
      // What was outstanding when the dialog opened; once a payment is under way the attempt's own view
      // says what it left, so the figure is not shown stale beside it.
      description={
        invoice
          ? [
              invoice.number,
              invoice.seller.name,
              reference === null && `${formatCedis(amountDue)} outstanding`,
            ]
              .filter(Boolean)
              .join(' · ')
          : undefined
      }
      footer={footer}
    >
      {body}
    </Dialog>
  );
}

/** A wait with a spinner, announced as it changes. */
function Waiting({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <Spinner className="size-8 text-emerald-700" />
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  );
}

/** Amount, network and number of the attempt, as a line under each view. */
function AttemptSummary({ attempt }: { attempt: PaymentAttempt }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm">
      <dt className="text-slate-600">Amount</dt>
      <dd className="font-medium tabular-nums">{formatCedis(attempt.amount)}</dd>
      <dt className="text-slate-600">From</dt>
      <dd className="break-words">
        {attempt.provider.name} · number ending {attempt.phoneLast4}
      </dd>
      <dt className="text-slate-600">Status</dt>
      <dd>
        <AttemptStatusBadge status={attempt.status} />
      </dd>
      <dt className="text-slate-600">Reference</dt>
      <dd className="font-mono text-xs break-all">{attempt.reference}</dd>
    </dl>
  );
}

/** What the dialog shows for an attempt's status, and the actions under it. */
function attemptView(
  attempt: PaymentAttempt,
  invoice: PayableInvoice | null,
  actions: { onClose: () => void; tryAgain: () => void },
): { body: React.ReactNode; footer: React.ReactNode } {
  const close = (label: string, variant: 'primary' | 'secondary' = 'secondary') => (
    <Button variant={variant} onClick={actions.onClose}>
      {label}
    </Button>
  );
  switch (attempt.status) {
    case 'pending':
      return {
        body: (
          <div className="grid gap-4">
            <Waiting title={PAYMENT_ATTEMPT_STATUS_LABELS.pending}>
              <p className="text-sm text-slate-600">Sending the request to {attempt.provider.name}…</p>
            </Waiting>
            <AttemptSummary attempt={attempt} />
          </div>
        ),
        footer: close('Close'),
      };
    case 'pay_offline':
      return {
        body: (
          <div className="grid gap-4">
            <Waiting title="Approve the payment on your phone">
              {attempt.message && <p className="text-sm text-slate-700">{attempt.message}</p>}
              <p className="text-sm text-slate-600">
                This window updates by itself once {attempt.provider.name} confirms. You can close it; the
                payment carries on and shows on the invoice.
              </p>
            </Waiting>
            <AttemptSummary attempt={attempt} />
          </div>
        ),
        footer: close('Close'),
      };
    case 'send_otp':
      return {
        body: <OtpStep attempt={attempt} />,
        footer: (
          <>
            {close('Close')}
            <OtpSubmitButton />
          </>
        ),
      };
    case 'success':
      return {
        body: <Settled attempt={attempt} invoice={invoice} />,
        footer: (
          <>
            <ReceiptButton reference={attempt.reference} />
            {close('Done', 'primary')}
          </>
        ),
      };
    default:
      return {
        body: (
          <div className="grid gap-4">
            <div role="status" className="rounded-lg bg-rose-50 px-3 py-3 text-sm ring-1 ring-rose-200">
              <p className="font-semibold text-rose-900">{failureTitle(attempt)}</p>
              <p className="mt-1 text-rose-800">{failureReason(attempt)}</p>
            </div>
            <AttemptSummary attempt={attempt} />
          </div>
        ),
        // A flagged payment may have taken the money: paying again before it is looked at could pay twice.
        footer:
          attempt.status === 'flagged' ? (
            close('Close', 'primary')
          ) : (
            <>
              {close('Close')}
              <Button onClick={actions.tryAgain}>Try again</Button>
            </>
          ),
      };
  }
}

function failureTitle(attempt: PaymentAttempt): string {
  if (attempt.status === 'flagged') return 'Payment under review';
  if (attempt.status === 'abandoned') return 'Payment not completed';
  return 'Payment failed';
}

/** Paystack's words when it gave some; ours otherwise. Nothing was applied in any of these. */
function failureReason(attempt: PaymentAttempt): string {
  const nothingTaken = 'No money was applied to the invoice.';
  if (attempt.status === 'flagged')
    return `Paystack's confirmation did not match this payment, so nothing was applied yet. Aduro's team will look at it; do not pay again until they have. ${attempt.message ?? ''}`.trim();
  if (attempt.message) return `${attempt.message.replace(/[.!\s]*$/, '.')} ${nothingTaken}`;
  if (attempt.status === 'abandoned') return `The payment was not approved in time. ${nothingTaken}`;
  return nothingTaken;
}

function Settled({ attempt, invoice }: { attempt: PaymentAttempt; invoice: PayableInvoice | null }) {
  const number = invoice?.number ?? attempt.invoice.number;
  const outstanding = attempt.outstandingAfter;
  const held = attempt.heldAsCredit ?? 0;
  return (
    <div className="grid gap-4">
      <div role="status" className="flex flex-col items-center gap-2 py-4 text-center">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
          <svg className="size-6" viewBox="0 0 20 20" fill="none" aria-hidden="true">
            <path
              d="m5 10.5 3 3 7-7"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <p className="text-base font-semibold text-slate-900">{formatCedis(attempt.amount)} received</p>
        <p className="text-sm text-slate-700">
          {outstanding === null ? null : outstanding > 0 ? (
            <>
              {formatCedis(outstanding)} still outstanding on{' '}
              <span className="whitespace-nowrap">{number}</span>.
            </>
          ) : (
            <>
              <span className="whitespace-nowrap">{number}</span> is paid in full.
            </>
          )}
        </p>
        {held > 0 && (
          <p className="text-sm text-slate-700">
            {formatCedis(held)} more than was owed is held as credit with {attempt.seller.name}.
          </p>
        )}
      </div>
      <AttemptSummary attempt={attempt} />
    </div>
  );
}

function ReceiptButton({ reference }: { reference: string }) {
  const download = useDownloadPaymentReceipt();
  return (
    <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate(reference)}>
      Download receipt
    </Button>
  );
}

/** The code step: the form sits in the body, its button in the footer (form attribute). */
function OtpStep({ attempt }: { attempt: PaymentAttempt }) {
  const otp = useSubmitPaymentOtp();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    OtpForm,
    unknown,
    z.output<typeof paymentOtpRequestSchema>
  >({
    resolver: zodResolver(paymentOtpRequestSchema),
    defaultValues: { otp: '' },
  });
  return (
    <form
      id={OTP_FORM_ID}
      noValidate
      aria-busy={otp.isPending || undefined}
      onSubmit={handleSubmit(({ otp: code }) => {
        setError(null);
        otp.mutate(
          { reference: attempt.reference, otp: code },
          {
            onError: (failure) =>
              setError(
                failure instanceof ApiError && failure.status === 503
                  ? MOBILE_MONEY_MESSAGES.unavailable
                  : getErrorMessage(failure),
              ),
          },
        );
      })}
      className="grid gap-4"
    >
      <p className="text-sm text-slate-700">{attempt.message ?? MOBILE_MONEY_MESSAGES.otp}</p>
      {error && (
        <p
          role="alert"
          className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200"
        >
          {error}
        </p>
      )}
      <FormField id="mobile-money-otp" label="Code from your phone" error={formState.errors.otp?.message}>
        {(aria) => (
          <Input
            {...aria}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            className="tracking-widest"
            {...register('otp')}
          />
        )}
      </FormField>
      <AttemptSummary attempt={attempt} />
    </form>
  );
}

/** The OTP form's submit, in the footer; it spins while the code is checked. */
function OtpSubmitButton() {
  const pending = useIsMutating({ mutationKey: ['payment-attempts', 'otp'] }) > 0;
  return (
    <Button type="submit" form={OTP_FORM_ID} loading={pending}>
      Confirm code
    </Button>
  );
}
