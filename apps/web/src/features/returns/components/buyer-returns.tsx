import { RETURN_REASON_LABELS, type ReturnStatus, type ReturnSummary } from '@aduro/shared/returns';
import { useState } from 'react';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Sheet } from '../../../components/ui/sheet';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatDay } from '../../../lib/format';
import { countText, loadMoreProps, pageItems, pageTotal } from '../../../lib/pages';
import { useReturn } from '../api/get-return';
import { useReturns } from '../api/get-returns';
import { ReturnDetailView, unitsText } from './return-detail';
import { ReturnStatusBadge } from './return-status-badge';

export const NO_RETURNS_MESSAGE =
  'No returns yet. To send back damaged, expired or wrong packs, open a delivered order and choose Return packs.';
export const NO_MATCHING_RETURNS_MESSAGE = 'No returns with this status.';

/** The list's filter: every return, those still moving, or one end. */
export type ReturnsView = 'all' | 'open' | 'completed' | 'rejected';
const VIEW_STATUSES: Record<ReturnsView, readonly ReturnStatus[]> = {
  all: [],
  open: ['requested', 'approved', 'received'],
  completed: ['completed'],
  rejected: ['rejected'],
};
const VIEW_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'completed', label: 'Credited' },
  { value: 'rejected', label: 'Rejected' },
] as const;

/** 'Damaged, Expired'. */
export const reasonsText = (row: Pick<ReturnSummary, 'reasons'>) =>
  row.reasons.map((reason) => RETURN_REASON_LABELS[reason]).join(', ');

interface BuyerReturnsProps {
  orgId: string | null;
  /** The return open in the sheet (the URL's `&return=`, where notifications link). */
  openId: string | null;
  onOpen: (returnId: string | null) => void;
}

/**
 * The buyer's returns, newest first, page by page and narrowed by status; a row opens the return in a
 * sheet with its lines, fates and credit note.
 */
export function BuyerReturns({ orgId, openId, onOpen }: BuyerReturnsProps) {
  const [view, setView] = useState<ReturnsView>('all');
  const pages = useReturns(orgId, { status: VIEW_STATUSES[view] });
  const rows = pageItems(pages.data);
  const total = pageTotal(pages);

  let body: React.ReactNode;
  if (pages.isPending) {
    body = (
      <div role="status" aria-label="Loading your returns" className="space-y-3 px-5 py-4">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  } else if (pages.isError && !pages.data) {
    body = <LoadFailed message="Your returns could not be loaded." onRetry={() => void pages.refetch()} />;
  } else if (rows.length === 0) {
    body = <EmptyState message={view === 'all' ? NO_RETURNS_MESSAGE : NO_MATCHING_RETURNS_MESSAGE} />;
  } else {
    body = (
      <div
        className={cn('transition-opacity', pages.isPlaceholderData && 'opacity-60')}
        aria-busy={pages.isPlaceholderData || undefined}
      >
        <ul className="divide-y divide-slate-100" aria-label="Returns">
          {rows.map((row) => (
            <li key={row.id}>
              <ReturnRow row={row} onOpen={() => onOpen(row.id)} />
            </li>
          ))}
        </ul>
        <LoadMore noun="returns" {...loadMoreProps(pages)} />
      </div>
    );
  }

  return (
    <>
      <Card aria-labelledby="buyer-returns-title">
        <CardHeader
          id="buyer-returns-title"
          title="Your returns"
          description={total === undefined || total === 0 ? undefined : countText(total, 'return')}
        />
        <div className="px-5 pb-3">
          <SegmentedControl label="Show returns" options={VIEW_OPTIONS} value={view} onChange={setView} />
        </div>
        <div className="border-t border-slate-100">{body}</div>
      </Card>
      <ReturnSheet orgId={orgId} returnId={openId} onClose={() => onOpen(null)} />
    </>
  );
}

function ReturnRow({ row, onOpen }: { row: ReturnSummary; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`${row.number}, ${row.product.name}`}
      className="grid w-full gap-x-4 gap-y-1 px-5 py-3.5 text-left text-sm transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:grid-cols-[9.5rem_minmax(0,1fr)_9rem_13rem] sm:items-center"
    >
      <span className="flex flex-wrap items-center justify-between gap-2 sm:block">
        <span className="block font-semibold text-slate-900 tabular-nums">{row.number}</span>
        <span className="text-xs text-slate-500">{formatDay(row.createdAt)}</span>
      </span>
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{row.product.name}</span>
        <span className="block text-xs text-slate-600">
          {row.order.number} · {row.supplier.name}
        </span>
      </span>
      {/* One line on a phone ('6 units · Damaged'), two in the column from sm up. */}
      <span className="flex flex-wrap items-baseline gap-x-2 text-slate-700 tabular-nums sm:block">
        {unitsText(row.quantity)}
        <span className="text-xs text-slate-500 sm:block">{reasonsText(row)}</span>
      </span>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:flex-col sm:items-start">
        <ReturnStatusBadge status={row.status} />
        {row.creditAmount !== null && (
          <span className="text-xs text-emerald-800 tabular-nums">
            Credited {formatCedis(row.creditAmount)}
          </span>
        )}
      </span>
    </button>
  );
}

/** The open return; a link to a return that is not the caller's (or gone) says so rather than spinning. */
function ReturnSheet({
  orgId,
  returnId,
  onClose,
}: {
  orgId: string | null;
  returnId: string | null;
  onClose: () => void;
}) {
  const detail = useReturn(orgId, returnId);
  return (
    <Sheet
      open={returnId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={detail.data ? `Return ${detail.data.number}` : 'Return'}
      description={detail.data ? `${detail.data.product.name} · ${detail.data.order.number}` : undefined}
    >
      {detail.data ? (
        <ReturnDetailView orgId={orgId} detail={detail.data} />
      ) : detail.isError ? (
        <LoadFailed message="This return could not be loaded." onRetry={() => void detail.refetch()} />
      ) : (
        <div role="status" aria-label="Loading the return" className="space-y-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-32" />
        </div>
      )}
    </Sheet>
  );
}
