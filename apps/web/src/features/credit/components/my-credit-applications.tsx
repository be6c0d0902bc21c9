import { Card, CardHeader } from '../../../components/ui/card';
import { formatCedis, formatDay } from '../../../lib/format';
import { useCreditApplicationsPages } from '../api/get-credit-applications';
import { CreditApplicationStatus } from './credit-application-status';
import { LoadMore } from '../../../components/ui/load-more';
import { applicationCountText, applicationsOf } from '../utils/credit-applications';
import { loadMoreProps } from '../../../lib/pages';

/** The buyer's own requests, so a submitted one does not vanish until the supplier decides. */
export function MyCreditApplications({ orgId }: { orgId: string | null }) {
  const pages = useCreditApplicationsPages(orgId, 'customer');
  const list = applicationsOf(pages.data);
  const total = pages.data?.pages[0]?.total ?? list.length;
  if (list.length === 0) return null;
  return (
    <Card aria-labelledby="my-credit-requests-title">
      <CardHeader
        as="h3"
        id="my-credit-requests-title"
        title="Your requests"
        description="Pending requests wait for the supplier's credit team."
      />
      <p aria-live="polite" className="border-b border-slate-100 px-5 py-2 text-sm text-slate-600">
        {applicationCountText(total)}
      </p>
      <ul className="divide-y divide-slate-100">
        {list.map((application) => (
          <li key={application.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{application.supplier.name}</p>
              <p className="text-xs text-slate-500">
                Asked {formatCedis(application.requestedLimit)} on {formatDay(application.createdAt)}
                {application.approvedLimit !== null &&
                  ` · approved at ${formatCedis(application.approvedLimit)}`}
              </p>
              {application.rejectionReason && (
                <p className="mt-0.5 max-w-prose text-xs text-slate-700">
                  Reason: {application.rejectionReason}
                </p>
              )}
            </div>
            <CreditApplicationStatus status={application.status} />
          </li>
        ))}
      </ul>
      <LoadMore noun="applications" {...loadMoreProps(pages)} />
    </Card>
  );
}
