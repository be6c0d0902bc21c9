import type { CreditApplication } from '@aduro/shared/credit';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { formatCedis, formatDay } from '../../../lib/format';
import { useApproveApplication, useRejectApplication } from '../api/decide-application';
import { useCreditApplications } from '../api/get-credit-applications';
import { useRisk } from '../api/get-risk';
import { ApproveCreditDialog } from './approve-credit-dialog';
import { CreditApplicationStatus } from './credit-application-status';
import { RiskCheck } from './risk-check';

export const NO_PENDING_APPLICATIONS = 'No pending applications.';

/** SPEC §2 'Credit decisioning queue': pending applications to decide, then the recent decisions. */
export function CreditQueue({ orgId }: { orgId: string | null }) {
  const applications = useCreditApplications(orgId, 'supplier');
  const approve = useApproveApplication(orgId);
  const reject = useRejectApplication(orgId);
  const [approving, setApproving] = useState<{
    application: CreditApplication;
    suggested: number | null;
  } | null>(null);
  const list = applications.data ?? [];
  const pending = list.filter((a) => a.status === 'pending');
  const decided = list.filter((a) => a.status !== 'pending').slice(0, 8);

  return (
    <div className="space-y-6">
      <Card aria-labelledby="credit-queue-title">
        <CardHeader
          as="h3"
          id="credit-queue-title"
          title="Credit decisioning queue"
          description="Customers' requests for credit on terms, oldest first. Run the risk check before you decide."
        />
        {applications.isPending && orgId ? (
          <div className="space-y-3 p-5">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : applications.isError ? (
          <LoadFailed
            message="The applications could not be loaded."
            onRetry={() => void applications.refetch()}
          />
        ) : pending.length === 0 ? (
          <EmptyState message={NO_PENDING_APPLICATIONS} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {pending.map((application) => (
              <PendingApplication
                key={application.id}
                orgId={orgId}
                application={application}
                rejecting={reject.isPending && reject.variables === application.id}
                onApprove={(suggested) => setApproving({ application, suggested })}
                onReject={() => reject.mutate(application.id)}
              />
            ))}
          </ul>
        )}
      </Card>
      {decided.length > 0 && (
        <Card aria-labelledby="credit-decisions-title">
          <CardHeader as="h3" id="credit-decisions-title" title="Recent decisions" />
          <ul className="divide-y divide-slate-100">
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
                </div>
                <CreditApplicationStatus status={application.status} />
              </li>
            ))}
          </ul>
        </Card>
      )}
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
  rejecting: boolean;
  onApprove: (suggestedLimit: number | null) => void;
  onReject: () => void;
}

function PendingApplication({ orgId, application, rejecting, onApprove, onReject }: PendingApplicationProps) {
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
        <Button variant="danger" size="sm" loading={rejecting} onClick={onReject}>
          Reject
        </Button>
      </div>
    </li>
  );
}
