import type { RecallSummary } from '@aduro/shared/recalls';
import type { ReactNode } from 'react';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDay, formatUnits } from '../../../lib/format';
import { useRecalls } from '../api/get-recalls';
import { confirmationProgress, everyoneConfirmed } from '../utils/recall-format';
import { RecallSeverityBadge } from './recall-severity-badge';
import { RecallTrace } from './recall-trace';

interface RecallsWorkspaceProps {
  orgId: string | null;
  reader: 'supplier' | 'platform';
  /** The recall whose trace is open (from a click or a notification's `recall=` link). */
  selectedId: string | null;
  onSelect: (recallId: string | null) => void;
  /** The 'Declare a recall' button, for those who may declare. */
  actions?: ReactNode;
  description: string;
  emptyMessage: string;
  /** h2 on a page of its own sections (admin), h3 inside a tab. */
  headingLevel?: 'h2' | 'h3';
}

/** The recalls list beside the trace of the one selected (below it on a phone). */
export function RecallsWorkspace({
  orgId,
  reader,
  selectedId,
  onSelect,
  actions,
  description,
  emptyMessage,
  headingLevel = 'h3',
}: RecallsWorkspaceProps) {
  const recalls = useRecalls(orgId);
  const list = recalls.data ?? [];

  return (
    <div
      className={cn(
        'grid grid-cols-[minmax(0,1fr)] items-start gap-6',
        // Nothing to show beside an empty list: it takes the whole width.
        (selectedId || list.length > 0) && 'xl:grid-cols-[24rem_minmax(0,1fr)]',
      )}
    >
      <Card aria-labelledby="recalls-title">
        <CardHeader
          id="recalls-title"
          as={headingLevel}
          title="Recalls"
          description={description}
          actions={actions}
        />
        {recalls.isPending ? (
          <div className="space-y-3 p-5">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : recalls.isError ? (
          <LoadFailed message="The recalls could not be loaded." onRetry={() => void recalls.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState message={emptyMessage} />
        ) : (
          <ul aria-label="Recalls" className="divide-y divide-slate-100">
            {list.map((recall) => (
              <li key={recall.id}>
                <RecallListItem
                  recall={recall}
                  selected={recall.id === selectedId}
                  onSelect={() => onSelect(recall.id === selectedId ? null : recall.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
      {selectedId ? (
        <RecallTrace
          key={selectedId}
          orgId={orgId}
          recallId={selectedId}
          reader={reader}
          onClose={() => onSelect(null)}
        />
      ) : (
        list.length > 0 && (
          <p className="hidden rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500 xl:block">
            Choose a recall to see every delivery that received its batches.
          </p>
        )
      )}
    </div>
  );
}

function RecallListItem({
  recall,
  selected,
  onSelect,
}: {
  recall: RecallSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  const settled = everyoneConfirmed(recall);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-expanded={selected}
      aria-label={`Recall ${recall.number}, ${recall.product.name}`}
      className={cn(
        'block w-full px-5 py-4 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600',
        selected && 'bg-emerald-50/60 shadow-[inset_3px_0_0] shadow-emerald-600 hover:bg-emerald-50/60',
      )}
    >
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-slate-900">{recall.number}</span>
        <RecallSeverityBadge severity={recall.severity} />
      </span>
      <span className="mt-1 block text-sm font-medium text-slate-800">{recall.product.name}</span>
      <span className="mt-0.5 block font-mono text-xs break-words text-slate-600">
        {recall.batchNumbers.join(', ')}
      </span>
      <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
        <span>{formatDay(recall.createdAt)}</span>
        <span className={settled ? 'font-medium text-emerald-700' : 'font-medium text-amber-800'}>
          {confirmationProgress(recall)}
        </span>
        <span>{formatUnits(recall.unitsQuarantined)} units quarantined</span>
      </span>
    </button>
  );
}
