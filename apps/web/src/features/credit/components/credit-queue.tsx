import type { CreditApplication } from '@aduro/shared/credit';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { formatCedis, formatDay } from '../../../lib/format';
import { useApproveApplication, useRejectApplication } from '../api/decide-application';
import { useCreditApplicationsPages } from '../api/get-credit-applications';
import { useRisk } from '../api/get-risk';
import { useApplicationFilters, type ApplicationStatusFilter } from '../hooks/use-application-filters';
import { ApproveCreditDialog } from './approve-credit-dialog';
import { CreditApplicationStatus } from './credit-application-status';
import { RejectCreditDialog } from './reject-credit-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { RiskCheck } from './risk-check';
import { applicationCountText, applicationsOf } from '../utils/credit-applications';
import { loadMoreProps, pageTotal } from '../../../lib/pages';

export const NO_PENDING_APPLICATIONS = 'No pending applications.';
export const NO_MATCHING_APPLICATIONS = 'No applications match these filters.';

const STATUS_FILTERS: ReadonlyArray<{ value: ApplicationStatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

interface CreditQueueProps {
  orgId: string | null;
  /**
   * Written onto the URL with every filter change (the cockpit's { tab: 'credit' }), so that a reloaded
   * or shared link opens where the queue is.
   */
  pinnedParams?: Readonly<Record<string, string>>;
}

/**
 * SPEC §2 'Credit decisioning queue': pending applications to decide, then the decisions. One list,
 * filtered by status (in the URL) and paged by the server in its order: pending first, oldest first,
 * then the latest decisions; the pending ones fill the queue, the decided ones the card below it.
 */
export function CreditQueue({ orgId, pinnedParams }: CreditQueueProps) {
  const filters = useApplicationFilters(pinnedParams);
  const pages = useCreditApplicationsPages(orgId, 'supplier', filters.applied);
  const approve = useApproveApplication(orgId);
  const reject = useRejectApplication(orgId);
  const [approving, setApproving] = useState<{
    application: CreditApplication;
    suggested: number | null;
  } | null>(null);
  // The application whose rejection awaits confirmation: nothing is sent until it is confirmed.
  const [rejecting, setRejecting] = useState<CreditApplication | null>(null);
  const list = applicationsOf(pages.data);
  const pending = list.filter((a) => a.status === 'pending');
  const decided = list.filter((a) => a.status !== 'pending');
  const total = pageTotal(pages);
  const failed = pages.isError && !pages.isFetchNextPageError;
  const dimmed = pages.isPlaceholderData && 'opacity-60 transition-opacity';
  // The foot follows the last rows shown: the server lists the decided ones after every pending one.
  const loadMore = <LoadMore noun="applications" {...loadMoreProps(pages)} />;

  let queue: React.ReactNode;
  if (pages.isPending && orgId) {
    queue = (
      <div className="space-y-3 p-5">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  } else if (failed) {
    queue = (
      <LoadFailed message="The applications could not be loaded." onRetry={() => void pages.refetch()} />
    );
  } else if (list.length === 0 && filters.narrowed) {
    queue = (
      <EmptyState message={NO_MATCHING_APPLICATIONS}>
        <Button variant="secondary" size="sm" onClick={filters.clear}>
          Clear filters
        </Button>
      </EmptyState>
    );
  } else if (pending.length === 0) {
    queue =
      filters.status === 'all' || filters.status === 'pending' ? (
        <EmptyState message={NO_PENDING_APPLICATIONS} />
      ) : (
        <p className="px-5 py-4 text-sm text-slate-600">The applications decided are listed below.</p>
      );
  } else {
    queue = (
      <>
        <ul
          className={cn('divide-y divide-slate-100', dimmed)}
          aria-busy={pages.isPlaceholderData || undefined}
        >
          {pending.map((application) => (
            <PendingApplication
              key={application.id}
              orgId={orgId}
              application={application}
              onApprove={(suggested) => setApproving({ application, suggested })}
              onReject={() => setRejecting(application)}
            />
          ))}
        </ul>
        {decided.length === 0 && loadMore}
      </>
    );
  }

  return (
    <div className="space-y-6">
      <Card aria-labelledby="credit-queue-title">
        <CardHeader
          as="h3"
          id="credit-queue-title"
          title="Credit decisioning queue"
          description="Customers' requests for credit on terms, oldest first. Run the risk check before you decide."
          actions={
            <SegmentedControl
              label="Show applications"
              options={STATUS_FILTERS}
              value={filters.status}
              onChange={filters.setStatus}
            />
          }
        />
        {total !== undefined && !failed && (
          <p aria-live="polite" className="border-b border-slate-100 px-5 py-2 text-sm text-slate-600">
            {applicationCountText(total)}
          </p>
        )}
        {queue}
      </Card>
      {!failed && decided.length > 0 && (
        <Card aria-labelledby="credit-decisions-title">
          <CardHeader as="h3" id="credit-decisions-title" title="Recent decisions" />
          <ul className={cn('divide-y divide-slate-100', dimmed)}>
            {decided.map((application) => (
              <li
                key={application.id}
                className="flex flex-wrap items-center justify-between gap-2 px-5 py-3"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{application.customer.name}</p>
                  <p className="text-xs text-slate-500">
                    Asked {formatCedis(application.requestedLimit)}
                    {application.approvedLimit !== null &&
                      ` · granted ${formatCedis(application.approvedLimit)}`}
                    {application.decidedAt && ` · ${formatDay(application.decidedAt)}`}
                  </p>
                  {application.rejectionReason && (
                    <p className="mt-0.5 max-w-prose text-xs text-slate-600">
                      Reason: {application.rejectionReason}
                    </p>
                  )}
                </div>
                <CreditApplicationStatus status={application.status} />
              </li>
            ))}
          </ul>
          {loadMore}
        </Card>
      )}
      <RejectCreditDialog
        application={rejecting}
        pending={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) =>
          rejecting &&
          reject.mutate(
            { applicationId: rejecting.id, reason },
            // A refusal (decided meanwhile) toasts globally and leaves the dialog open to cancel.
            { onSuccess: () => setRejecting(null) },
          )
        }
      />
      <ApproveCreditDialog
        application={approving?.application ?? null}
        suggestedLimit={approving?.suggested ?? null}
        pending={approve.isPending}
        onClose={() => setApproving(null)}
        onApprove={(limit) =>
          approving &&
          approve.mutate(
            { applicationId: approving.application.id, limit },
            { onSuccess: () => setApproving(null) },
          )
        }
      />
    </div>
  );
}

interface PendingApplicationProps {
  orgId: string | null;
  application: CreditApplication;
  onApprove: (suggestedLimit: number | null) => void;
  onReject: () => void;
}

function PendingApplication({ orgId, application, onApprove, onReject }: PendingApplicationProps) {
  const [checkRequested, setCheckRequested] = useState(false);
  const risk = useRisk(orgId, application.id, checkRequested);

  return (
    <li className="space-y-3 px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{application.customer.name}</p>
          <p className="text-sm text-slate-600">
            Requests{' '}
            <span className="font-medium tabular-nums">{formatCedis(application.requestedLimit)}</span> ·
            applied {formatDay(application.createdAt)}
          </p>
          {application.notes && (
            <p className="mt-1 max-w-prose text-sm text-slate-500">“{application.notes}”</p>
          )}
        </div>
        <CreditApplicationStatus status={application.status} />
      </div>
      {risk.data ? (
        <RiskCheck risk={risk.data} />
      ) : risk.isError ? (
        <p role="alert" className="text-sm text-rose-700">
          {getErrorMessage(risk.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={risk.isFetching}
          onClick={() => (checkRequested ? void risk.refetch() : setCheckRequested(true))}
        >
          {risk.data ? 'Run again' : 'Run AI risk check'}
        </Button>
        <Button size="sm" onClick={() => onApprove(risk.data?.recommendedLimit ?? null)}>
          Approve
        </Button>
        <Button variant="danger" size="sm" onClick={onReject}>
          Reject
        </Button>
      </div>
    </li>
  );
}
