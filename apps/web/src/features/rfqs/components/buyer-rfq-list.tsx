import type { RfqSummary } from '@aduro/shared/rfqs';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { countText, loadMoreProps, pageItems } from '../../../lib/pages';
import { useRfqs } from '../api/get-rfqs';
import { answeredText, deadlineText, productsText } from '../utils/rfq-format';
import { RfqSealedBadge, RfqStatusBadge } from './rfq-status-badge';

export const EMPTY_RFQS_MESSAGE =
  'No requests for quotation yet. Ask several suppliers at once for a price, then award the best quotes.';

function RfqRow({ rfq }: { rfq: RfqSummary }) {
  const quoting = rfq.status === 'open';
  return (
    <Link
      to={`/customer/rfqs/${rfq.id}`}
      className="grid gap-x-4 gap-y-1 px-5 py-3.5 text-sm transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:grid-cols-[9.5rem_minmax(0,1fr)_16.5rem_9rem] sm:items-center"
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900 tabular-nums">{rfq.number}</span>
        <span className="sm:hidden">
          <RfqStatusBadge status={rfq.status} />
        </span>
      </span>
      <span className="min-w-0 text-slate-700">{productsText(rfq.lines)}</span>
      <span className="text-slate-600">
        {/* Once quoting ended (perhaps early) the moment it closed matters, not the deadline it had. */}
        <span className="text-xs text-slate-500 sm:block">
          {quoting ? 'Quotes due ' : rfq.closedAt ? 'Quotes closed ' : 'Quotes were due '}
        </span>
        {deadlineText(!quoting && rfq.closedAt ? rfq.closedAt : rfq.responseDeadline)}
      </span>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:flex-col sm:items-start">
        <span className="hidden sm:inline-flex">
          <RfqStatusBadge status={rfq.status} />
        </span>
        {rfq.responses && <span className="text-xs text-slate-600">{answeredText(rfq.responses)}</span>}
        {rfq.sealed && quoting && <RfqSealedBadge />}
      </span>
    </Link>
  );
}

interface BuyerRfqListProps {
  orgId: string | null;
  /** Opens the form with no product, for the picker to fill. */
  onStart: () => void;
}

/** The buyer's requests for quotation, newest first, page by page; each row opens its detail. */
export function BuyerRfqList({ orgId, onStart }: BuyerRfqListProps) {
  const pages = useRfqs(orgId);
  const rows = pageItems(pages.data);
  const total = pages.data?.pages[0]?.total;

  let body: React.ReactNode;
  if (pages.isPending) {
    body = (
      <div role="status" aria-label="Loading your requests" className="space-y-3 px-5 py-4">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (pages.isError) {
    body = <LoadFailed message="Your requests could not be loaded." onRetry={() => void pages.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState message={EMPTY_RFQS_MESSAGE}>
        <Button size="sm" onClick={onStart}>
          Request quotes
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div
          aria-hidden="true"
          className="hidden gap-x-4 border-b border-slate-100 px-5 py-2 text-xs font-medium text-slate-500 sm:grid sm:grid-cols-[9.5rem_minmax(0,1fr)_16.5rem_9rem]"
        >
          <span>Number</span>
          <span>Products</span>
          <span>Quotes</span>
          <span>Status</span>
        </div>
        <ul className="divide-y divide-slate-100" aria-label="Requests for quotation">
          {rows.map((rfq) => (
            <li key={rfq.id}>
              <RfqRow rfq={rfq} />
            </li>
          ))}
        </ul>
        <LoadMore noun="requests" {...loadMoreProps(pages)} />
      </>
    );
  }

  return (
    <Card aria-labelledby="rfq-list-title">
      <CardHeader
        id="rfq-list-title"
        title="Your requests"
        description={total === undefined || total === 0 ? undefined : countText(total, 'request')}
      />
      {body}
    </Card>
  );
}
