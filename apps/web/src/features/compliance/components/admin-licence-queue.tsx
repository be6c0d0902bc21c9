import {
  LICENCE_KIND_LABELS,
  LICENCE_STATUS_LABELS,
  LICENCE_STATUSES,
  type LicenceRecord,
  type LicenceStatus,
} from '@aduro/shared/compliance';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDay } from '../../../lib/format';
import { useAdminLicences } from '../api/get-admin-licences';
import { useOpenLicenceDocument } from '../api/open-licence-document';
import { AdminLicenceReviewDialog } from './admin-licence-review-dialog';

export const LICENCE_QUEUE_EMPTY: Record<LicenceStatus, string> = {
  pending: 'No licence awaits review.',
  verified: 'No verified licences yet.',
  rejected: 'No rejected licences.',
};

const STATUS_OPTIONS = LICENCE_STATUSES.map((status) => ({
  value: status,
  label: LICENCE_STATUS_LABELS[status],
}));

const STATUS_TONES: Record<LicenceStatus, BadgeTone> = {
  pending: 'yellow',
  verified: 'green',
  rejected: 'red',
};

/**
 * Buyers' Pharmacy Council licences, for a platform administrator to check (issue 32): those awaiting
 * review first, oldest submission first; verified and rejected ones a filter away, so a verified
 * licence can be revoked with a reason.
 */
export function AdminLicenceQueue() {
  const [status, setStatus] = useState<LicenceStatus>('pending');
  const licences = useAdminLicences(status);
  const document = useOpenLicenceDocument();
  const [reviewing, setReviewing] = useState<{
    record: LicenceRecord;
    decision: 'verified' | 'rejected';
  } | null>(null);
  const records = licences.data ?? [];

  let list: React.ReactNode;
  if (licences.isPending) {
    list = (
      <div className="space-y-2 p-5">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  } else if (licences.isError && !licences.data) {
    list = <LoadFailed message="The licences could not be loaded." onRetry={() => void licences.refetch()} />;
  } else if (records.length === 0) {
    list = <EmptyState message={LICENCE_QUEUE_EMPTY[status]} />;
  } else {
    list = (
      <ul
        className={cn(
          'divide-y divide-slate-100 transition-opacity',
          licences.isPlaceholderData && 'opacity-60',
        )}
        aria-busy={licences.isPlaceholderData || undefined}
        aria-label={`Licences: ${LICENCE_STATUS_LABELS[status]}`}
      >
        {records.map((record) => (
          <LicenceRow
            key={record.organizationId}
            record={record}
            openingDocument={document.isPending && document.variables === record.organizationId}
            onOpenDocument={() => document.mutate(record.organizationId)}
            onReview={(decision) => setReviewing({ record, decision })}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card id="licences" aria-labelledby="licence-queue-title" className="scroll-mt-24">
      <CardHeader
        id="licence-queue-title"
        title="Pharmacy licences"
        description="Check each buyer's Pharmacy Council licence: until it is verified, the buyer cannot release an order."
        actions={
          status === 'pending' && licences.data ? (
            <Badge tone={records.length > 0 ? 'yellow' : 'neutral'}>{records.length} to review</Badge>
          ) : undefined
        }
      />
      <div className="border-b border-slate-100 px-5 py-3">
        <SegmentedControl
          label="Show licences"
          options={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
        />
      </div>
      {list}
      <AdminLicenceReviewDialog
        record={reviewing?.record ?? null}
        initialDecision={reviewing?.decision}
        onOpenDocument={() => reviewing && document.mutate(reviewing.record.organizationId)}
        openingDocument={document.isPending}
        onClose={() => setReviewing(null)}
      />
    </Card>
  );
}

interface LicenceRowProps {
  record: LicenceRecord;
  openingDocument: boolean;
  onOpenDocument: () => void;
  onReview: (decision: 'verified' | 'rejected') => void;
}

function LicenceRow({ record, openingDocument, onOpenDocument, onReview }: LicenceRowProps) {
  const authorisation = record.controlledAuthorisation;
  return (
    <li
      aria-label={record.organizationName}
      className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {record.organizationName}
          <Badge tone={STATUS_TONES[record.status]}>{LICENCE_STATUS_LABELS[record.status]}</Badge>
          {record.expired && <Badge tone="red">Expired</Badge>}
        </p>
        <p className="text-sm text-slate-700">
          {LICENCE_KIND_LABELS[record.kind]} · <span className="font-mono">{record.number}</span> · expires{' '}
          {formatDay(record.expiresOn)}
        </p>
        {authorisation && (
          <p className="text-sm text-slate-700">
            Controlled-drugs authorisation <span className="font-mono">{authorisation.number}</span> · expires{' '}
            {formatDay(authorisation.expiresOn)}
            {authorisation.expired ? (
              <span className="ml-1 text-rose-700">(expired)</span>
            ) : authorisation.authorised ? (
              <span className="ml-1 text-emerald-800">· checked</span>
            ) : (
              <span className="ml-1 text-slate-500">· not checked</span>
            )}
          </p>
        )}
        <p className="text-xs text-slate-500">
          Submitted {formatDay(record.submittedAt)}
          {record.reviewedBy && record.reviewedAt && (
            <>
              {' '}
              · {record.status === 'rejected' ? 'rejected' : 'reviewed'} by {record.reviewedBy} on{' '}
              {formatDay(record.reviewedAt)}
            </>
          )}
        </p>
        {record.reason && (
          <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">Reason: {record.reason}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {record.document && (
          <Button
            variant="secondary"
            size="sm"
            loading={openingDocument}
            onClick={onOpenDocument}
            aria-label={`View licence document of ${record.organizationName}`}
          >
            View licence
          </Button>
        )}
        {record.status === 'verified' ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onReview('rejected')}
            aria-label={`Revoke the licence of ${record.organizationName}`}
          >
            Revoke
          </Button>
        ) : (
          <Button
            size="sm"
            onClick={() => onReview('verified')}
            aria-label={`Review the licence of ${record.organizationName}`}
          >
            Review
          </Button>
        )}
      </div>
    </li>
  );
}
