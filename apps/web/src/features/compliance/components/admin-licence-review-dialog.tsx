import {
  LICENCE_KIND_LABELS,
  licenceReviewSchema,
  type LicenceRecord,
  type LicenceReviewInput,
} from '@aduro/shared/compliance';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useController, useForm, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Textarea } from '../../../components/ui/form-field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { ApiError } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { useReviewLicence } from '../api/review-licence';

type ReviewOutput = z.output<typeof licenceReviewSchema>;
type Decision = 'verified' | 'rejected';

const DECISIONS: ReadonlyArray<{ value: Decision; label: string }> = [
  { value: 'verified', label: 'Verify' },
  { value: 'rejected', label: 'Reject' },
];

const REVIEW_FIELDS = ['status', 'reason', 'controlledAuthorised'] as const;

/** What the buyer may release once verified, by the kind of licence (docs/domain.md "Who may buy what"). */
function mayBuy(record: LicenceRecord, controlledAuthorised: boolean): string {
  if (record.kind === 'otc_medicine_seller')
    return 'over-the-counter (class C) medicines only, and no controlled drug';
  if (record.controlledAuthorisation && controlledAuthorised)
    return 'medicines of classes A, B and C, controlled drugs included';
  return 'medicines of classes A, B and C; controlled drugs stay refused until an authorisation is checked';
}

/** The sentence the confirmation step reads back before anything is sent. */
export function reviewConsequence(record: LicenceRecord, review: ReviewOutput): string {
  if (review.status === 'rejected')
    return record.status === 'verified'
      ? `${record.organizationName} can no longer release orders from the next approval, until it submits a licence that is verified. It is told your reason.`
      : `${record.organizationName} cannot release orders until it submits a licence that is verified. It is told your reason.`;
  return `${record.organizationName} may then release orders of ${mayBuy(record, review.controlledAuthorised === true)}. It is told the outcome.`;
}

interface AdminLicenceReviewDialogProps {
  /** The record under review; null keeps the dialog closed. */
  record: LicenceRecord | null;
  /** The decision the dialog opens on: Reject when revoking a verified licence. */
  initialDecision?: Decision;
  /** Opens the licence document in a new tab, so it can be read beside the form. */
  onOpenDocument?: () => void;
  openingDocument?: boolean;
  onClose: () => void;
}

/**
 * A platform administrator checks a buyer's licence: Verify or Reject, the reason (required to reject,
 * told to the pharmacy) and, when the record carries one, whether the controlled-drugs authorisation
 * was checked too. Two steps: the form, then a read-back to confirm; nothing is sent before Confirm.
 */
export function AdminLicenceReviewDialog({
  record,
  initialDecision = 'verified',
  onOpenDocument,
  openingDocument = false,
  onClose,
}: AdminLicenceReviewDialogProps) {
  const review = useReviewLicence();
  const form = useForm<LicenceReviewInput, unknown, ReviewOutput>({
    resolver: zodResolver(licenceReviewSchema),
    defaultValues: { status: initialDecision, reason: '', controlledAuthorised: false },
  });
  const { register, handleSubmit, reset, setError, control, formState } = form;
  const decision = useWatch({ control, name: 'status' }) as Decision;
  const authorised = useController({ control, name: 'controlledAuthorised' });
  const [confirming, setConfirming] = useState<ReviewOutput | null>(null);

  // Each record starts afresh: a reason typed for another must not carry over. (The read-back step is
  // left whenever the dialog closes, in close().)
  useEffect(() => {
    if (record)
      reset({
        status: initialDecision,
        reason: '',
        controlledAuthorised: record.controlledAuthorisation?.authorised ?? false,
      });
  }, [record, initialDecision, reset]);

  function close() {
    if (review.isPending) return;
    setConfirming(null);
    onClose();
  }

  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    let shown = false;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (message && (REVIEW_FIELDS as readonly string[]).includes(field)) {
        setError(field as FieldPath<LicenceReviewInput>, { type: 'server', message });
        shown = true;
      }
    }
    // Back to the form, where the field's message shows.
    if (shown) setConfirming(null);
  }

  function send() {
    if (!record || !confirming) return;
    review.mutate(
      {
        organizationId: record.organizationId,
        ...confirming,
        // The version read: a renewal sent since is refused (409) rather than judged by this verdict.
        submittedAt: record.submittedAt,
        // Only a verification speaks of the authorisation, and only when the record has one.
        controlledAuthorised:
          confirming.status === 'verified' && record.controlledAuthorisation
            ? confirming.controlledAuthorised === true
            : undefined,
      },
      { onSuccess: () => close(), onError: showServerFieldErrors },
    );
  }

  const rejecting = (confirming?.status ?? decision) === 'rejected';
  const verb = rejecting ? (record?.status === 'verified' ? 'Revoke' : 'Reject') : 'Verify';

  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => !open && close()}
      title={
        record
          ? confirming
            ? `${verb} ${record.organizationName}'s licence?`
            : `Review ${record.organizationName}'s licence`
          : 'Review licence'
      }
      description={
        record && !confirming
          ? `${LICENCE_KIND_LABELS[record.kind]} · licence ${record.number} · expires ${formatDay(record.expiresOn)}`
          : undefined
      }
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={review.isPending}>
              Back
            </Button>
            <Button variant={rejecting ? 'danger' : 'primary'} loading={review.isPending} onClick={send}>
              {`Confirm: ${verb.toLowerCase()}`}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form="licence-review-form" variant={rejecting ? 'danger' : 'primary'}>
              {`${verb}…`}
            </Button>
          </>
        )
      }
    >
      {record && confirming ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p>{reviewConsequence(record, confirming)}</p>
          {confirming.reason && (
            <div className="rounded-lg bg-slate-50 px-3 py-2">
              <p className="text-xs text-slate-500">Reason told to the pharmacy</p>
              <p className="mt-0.5 text-slate-900 [overflow-wrap:anywhere]">{confirming.reason}</p>
            </div>
          )}
          {confirming.status === 'verified' && record.controlledAuthorisation && (
            <p>
              Controlled-drugs authorisation {record.controlledAuthorisation.number}:{' '}
              <span className="font-medium text-slate-900">
                {confirming.controlledAuthorised ? 'checked' : 'not checked'}
              </span>
              .
            </p>
          )}
        </div>
      ) : record ? (
        <form
          id="licence-review-form"
          noValidate
          onSubmit={handleSubmit((values) => setConfirming(values))}
          className="space-y-4"
        >
          {record.document && onOpenDocument && (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <span className="min-w-0 text-slate-700 [overflow-wrap:anywhere]">
                {record.document.fileName}
              </span>
              <Button variant="secondary" size="sm" loading={openingDocument} onClick={onOpenDocument}>
                View licence
              </Button>
            </div>
          )}
          {record.expired && (
            <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              This licence expired on {formatDay(record.expiresOn)}: even verified, it does not let the
              pharmacy release orders until it uploads the renewed one.
            </p>
          )}
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-slate-800" aria-hidden="true">
              Decision
            </span>
            <SegmentedControl
              label="Decision"
              options={DECISIONS}
              value={decision}
              onChange={(value) => form.setValue('status', value, { shouldValidate: formState.isSubmitted })}
              className="self-start"
            />
          </div>
          {record.controlledAuthorisation && decision === 'verified' && (
            <div className="rounded-lg border border-slate-200 px-3 py-2.5">
              <Checkbox
                id="licence-review-authorised"
                label="Controlled-drugs authorisation checked"
                description={
                  <>
                    Authorisation {record.controlledAuthorisation.number}, expires{' '}
                    {formatDay(record.controlledAuthorisation.expiresOn)}
                    {record.controlledAuthorisation.expired && ' (expired)'}. Leave unticked to verify the
                    licence alone: controlled drugs stay refused.
                  </>
                }
                checked={authorised.field.value === true}
                onCheckedChange={authorised.field.onChange}
                onBlur={authorised.field.onBlur}
              />
              {record.controlledAuthorisation.expired && (
                <div className="mt-2">
                  <Badge tone="red">Authorisation expired</Badge>
                </div>
              )}
            </div>
          )}
          <FormField
            id="licence-review-reason"
            label="Reason"
            optional={decision !== 'rejected'}
            error={formState.errors.reason?.message}
            hint={
              decision === 'rejected'
                ? 'Told to the pharmacy, so it knows what to fix.'
                : 'Kept in the activity trail and told to the pharmacy.'
            }
          >
            {(aria) => (
              <Textarea
                {...aria}
                rows={3}
                maxLength={500}
                placeholder={
                  decision === 'rejected'
                    ? 'e.g. The licence number does not match the Pharmacy Council register'
                    : 'e.g. Checked on the Pharmacy Council register'
                }
                {...register('reason')}
              />
            )}
          </FormField>
          {formState.errors.status?.message && (
            <p role="alert" className="text-xs font-medium text-rose-700">
              {formState.errors.status.message}
            </p>
          )}
        </form>
      ) : null}
    </Dialog>
  );
}
