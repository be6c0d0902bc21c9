import { RETURN_REASON_LABELS, type ReturnStatus, type ReturnSummary } from '@aduro/shared/returns';
import { useId } from 'react';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { LoadMore } from '../../../components/ui/load-more';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatDay, formatUnits } from '../../../lib/format';
import { countText, loadMoreProps, pageItems, pageTotal } from '../../../lib/pages';
import { useDownloadDestructionsCsv } from '../api/download-destructions';
import { useReturns } from '../api/get-returns';
import { ReturnStatusBadge } from './return-status-badge';
import { SupplierReturnPanel } from './supplier-return-panel';

/** The supplier's queues, each the next step it owes: decide, receive, inspect; then what is settled. */
export const SUPPLIER_RETURN_VIEWS = ['decide', 'receive', 'inspect', 'done'] as const;
export type SupplierReturnView = (typeof SUPPLIER_RETURN_VIEWS)[number];

const VIEWS: Record<SupplierReturnView, { label: string; statuses: readonly ReturnStatus[]; empty: string }> =
  {
    decide: {
      label: 'Needs a decision',
      statuses: ['requested'],
      empty:
        'No returns waiting for your decision. When a pharmacy asks to send packs back, it appears here.',
    },
    receive: {
      label: 'To receive',
      statuses: ['approved'],
      empty: 'No approved returns on their way back to you.',
    },
    inspect: {
      label: 'To inspect',
      statuses: ['received'],
      empty: 'No received packs waiting for inspection.',
    },
    done: {
      label: 'Done',
      statuses: ['completed', 'rejected'],
      empty: 'No inspected or rejected returns yet.',
    },
  };

const VIEW_OPTIONS = SUPPLIER_RETURN_VIEWS.map((value) => ({ value, label: VIEWS[value].label }));

export const isSupplierReturnView = (value: string | null): value is SupplierReturnView =>
  SUPPLIER_RETURN_VIEWS.some((view) => view === value);

interface SupplierReturnsTabProps {
  orgId: string;
  view: SupplierReturnView;
  onViewChange: (view: SupplierReturnView) => void;
  /** The return whose panel is open (from a click or a notification's `return=` link). */
  selectedId: string | null;
  onSelect: (returnId: string | null) => void;
  /** manage_inventory: inspects received packs and reads the destruction register. */
  canInspect: boolean;
}

/**
 * The cockpit's Returns tab: the packs pharmacies send back, queued by the step the supplier owes them.
 * A row opens the return in a panel, where it is approved or rejected, received and inspected.
 */
export function SupplierReturnsTab({
  orgId,
  view,
  onViewChange,
  selectedId,
  onSelect,
  canInspect,
}: SupplierReturnsTabProps) {
  const pages = useReturns(orgId, { status: VIEWS[view].statuses });
  const download = useDownloadDestructionsCsv(orgId);
  const rows = pageItems(pages.data);
  const total = pageTotal(pages);
  const titleId = useId();

  let list: React.ReactNode;
  if (pages.isPending) {
    list = (
      <div className="space-y-3 p-5" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  } else if (pages.isError && rows.length === 0) {
    list = <LoadFailed message="The returns could not be loaded." onRetry={() => void pages.refetch()} />;
  } else if (rows.length === 0) {
    list = <EmptyState message={VIEWS[view].empty} />;
  } else {
    list = (
      <>
        <ul
          aria-label={VIEWS[view].label}
          aria-busy={pages.isPlaceholderData || undefined}
          className={cn(
            'divide-y divide-slate-100 transition-opacity',
            pages.isPlaceholderData && 'opacity-60',
          )}
        >
          {rows.map((row) => (
            <li key={row.id}>
              <ReturnRow row={row} onSelect={() => onSelect(row.id)} />
            </li>
          ))}
        </ul>
        <LoadMore {...loadMoreProps(pages)} noun="returns" />
      </>
    );
  }

  return (
    <>
      <Card aria-labelledby={titleId}>
        <CardHeader
          id={titleId}
          as="h3"
          title="Returns"
          description="Packs pharmacies send back. Approve, receive and inspect them; accepted units are credited at the price invoiced."
          actions={
            canInspect && (
              <ExportButton
                label="Destruction register"
                onClick={() => download.mutate()}
                disabled={download.isPending}
              />
            )
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
          <SegmentedControl
            label="Show returns"
            options={VIEW_OPTIONS}
            value={view}
            onChange={onViewChange}
            className="w-full sm:w-auto"
          />
          {total !== undefined && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {countText(total, 'return')}
            </p>
          )}
        </div>
        {list}
      </Card>
      <SupplierReturnPanel
        orgId={orgId}
        returnId={selectedId}
        onClose={() => onSelect(null)}
        canInspect={canInspect}
      />
    </>
  );
}

function ReturnRow({ row, onSelect }: { row: ReturnSummary; onSelect: () => void }) {
  const reasons = row.reasons.map((reason) => RETURN_REASON_LABELS[reason]).join(', ');
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-label={`${row.number} from ${row.buyer.name}`}
      className="block w-full px-5 py-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600"
    >
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0">
          <span className="font-semibold text-slate-900">{row.number}</span>
          <span className="ml-2 text-sm break-words text-slate-600">{row.buyer.name}</span>
        </span>
        <ReturnStatusBadge status={row.status} />
      </span>
      <span className="mt-1 block text-sm break-words text-slate-800">
        {row.product.name} × {formatUnits(row.quantity)} {row.quantity === 1 ? 'unit' : 'units'}
      </span>
      <span className="mt-1 block text-xs text-slate-600">
        {reasons} · <span className="whitespace-nowrap">{row.order.number}</span> · asked{' '}
        {formatDay(row.createdAt)}
        {row.creditAmount !== null && ` · credited ${formatCedis(row.creditAmount)}`}
      </span>
    </button>
  );
}
