import type { RfqStatus, RfqSummary } from '@aduro/shared/rfqs';
import { useMemo } from 'react';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoment, formatUnits } from '../../../lib/format';
import { useRfqs } from '../api/get-rfqs';
import type { QuoteDefaults } from './quote-form';
import { RfqStatusBadge } from './rfq-status-badge';
import { RfqAnswerBadge, SupplierRfqPanel } from './supplier-rfq-panel';
import { fromNow } from '../utils/rfq-format';

const OPEN: readonly RfqStatus[] = ['open'];
const FINISHED: readonly RfqStatus[] = ['closed', 'awarded', 'cancelled'];

interface SupplierQuotesTabProps {
  orgId: string;
  /** The request whose panel is open (from a click or a notification's `rfq=` link). */
  selectedId: string | null;
  onSelect: (rfqId: string | null) => void;
  /** The supplier's own terms; null while they are being read. */
  quoteDefaults?: QuoteDefaults | null;
}

/**
 * The cockpit's Quotes tab: the requests the supplier was invited to, open ones first (soonest deadline
 * on top, the ones to answer now), then those closed and past with their outcome. A row opens the
 * request in a panel, where the supplier quotes, revises, withdraws or declines.
 */
export function SupplierQuotesTab({ orgId, selectedId, onSelect, quoteDefaults }: SupplierQuotesTabProps) {
  return (
    <div className="space-y-6">
      <RfqSection
        orgId={orgId}
        statuses={OPEN}
        id="rfqs-open-title"
        title="Open requests"
        description="Pharmacies asking you for a price. Quote before the deadline; you can revise until then."
        emptyMessage="No open requests for quotation. When a pharmacy asks you for a price, it appears here."
        soonestFirst
        onSelect={onSelect}
      />
      <RfqSection
        orgId={orgId}
        statuses={FINISHED}
        id="rfqs-past-title"
        title="Closed and past"
        description="Requests no longer taking quotes, and whether you won."
        emptyMessage="No closed requests yet."
        onSelect={onSelect}
      />
      <SupplierRfqPanel
        orgId={orgId}
        rfqId={selectedId}
        onClose={() => onSelect(null)}
        quoteDefaults={quoteDefaults}
      />
    </div>
  );
}

function RfqSection({
  orgId,
  statuses,
  id,
  title,
  description,
  emptyMessage,
  soonestFirst,
  onSelect,
}: {
  orgId: string;
  statuses: readonly RfqStatus[];
  id: string;
  title: string;
  description: string;
  emptyMessage: string;
  soonestFirst?: boolean;
  onSelect: (rfqId: string) => void;
}) {
  const rfqs = useRfqs(orgId, statuses);
  const rows = useMemo(() => {
    const all = rfqs.data?.pages.flatMap((page) => page.items) ?? [];
    return soonestFirst
      ? [...all].sort((a, b) => Date.parse(a.responseDeadline) - Date.parse(b.responseDeadline))
      : all;
  }, [rfqs.data, soonestFirst]);

  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} as="h3" title={title} description={description} />
      {rfqs.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : rfqs.isError && rows.length === 0 ? (
        <LoadFailed message="The requests could not be loaded." onRetry={() => void rfqs.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState message={emptyMessage} />
      ) : (
        <>
          <ul aria-label={title} className="divide-y divide-slate-100">
            {rows.map((rfq) => (
              <li key={rfq.id}>
                <RfqRow rfq={rfq} onSelect={() => onSelect(rfq.id)} />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={rfqs.hasNextPage}
            loading={rfqs.isFetchingNextPage}
            failed={rfqs.isFetchNextPageError}
            error={rfqs.error}
            pageCount={rfqs.data?.pages.length ?? 0}
            onLoadMore={() => void rfqs.fetchNextPage()}
            noun="requests"
          />
        </>
      )}
    </Card>
  );
}

/** When quotes are due, or when quoting ended; a request cancelled while open says when it was due. */
function when(rfq: RfqSummary): string {
  if (rfq.status === 'open')
    return `Quotes due ${fromNow(rfq.responseDeadline)} · ${formatMoment(rfq.responseDeadline)}`;
  if (rfq.closedAt) return `Quoting closed ${fromNow(rfq.closedAt)} · ${formatMoment(rfq.closedAt)}`;
  return `Quotes were due ${formatMoment(rfq.responseDeadline)}`;
}

function RfqRow({ rfq, onSelect }: { rfq: RfqSummary; onSelect: () => void }) {
  const products = rfq.lines.map((line) => `${line.product.name} × ${formatUnits(line.quantity)}`).join(', ');
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-label={`${rfq.number} from ${rfq.buyer.name}`}
      className="block w-full px-5 py-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600"
    >
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0">
          <span className="font-semibold text-slate-900">{rfq.number}</span>
          <span className="ml-2 text-sm text-slate-600">{rfq.buyer.name}</span>
        </span>
        <span className="flex flex-wrap gap-1.5">
          {rfq.myStatus && <RfqAnswerBadge status={rfq.myStatus} />}
          {/* Once awarded, what a supplier that quoted wants to know is whether it won. */}
          {rfq.status === 'awarded' && rfq.myStatus === 'quoted' ? (
            <AwardOutcome won={(rfq.myAwardedUnits ?? 0) > 0} />
          ) : (
            rfq.status !== 'open' && <RfqStatusBadge status={rfq.status} />
          )}
        </span>
      </span>
      <span className="mt-1 block text-sm break-words text-slate-800">{products}</span>
      <span className={cn('mt-1 block text-xs', rfq.status === 'open' ? 'text-slate-600' : 'text-slate-500')}>
        {when(rfq)}
      </span>
    </button>
  );
}

/** Whether the supplier won an awarded request it quoted on (the row's myAwardedUnits). */
function AwardOutcome({ won }: { won: boolean }) {
  return won ? (
    <span className="inline-flex items-center rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-medium text-white">
      Awarded to you
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset">
      Not won
    </span>
  );
}
