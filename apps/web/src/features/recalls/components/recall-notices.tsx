import {
  RECALL_MESSAGES,
  type RecallRepickRow,
  type RecallSummary,
  type RecallTraceRow,
} from '@aduro/shared/recalls';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDay, formatMoment } from '../../../lib/format';
import { useAcknowledgeRecallDrop } from '../api/acknowledge-recall-drop';
import { useRecall } from '../api/get-recall';
import { useRecalls } from '../api/get-recalls';
import { acknowledgementText, batchLines, dropStatusTone } from '../utils/recall-format';
import { CheckIcon } from './recall-trace';
import { RecallSeverityBadge } from './recall-severity-badge';

interface RecallNoticesProps {
  orgId: string | null;
  /** The recall a notification linked to (`?recall=`): scrolled to and highlighted. */
  highlightId: string | null;
  /**
   * What a delivery confirmed as set aside offers next (the route's "Return these packs", from the
   * returns feature this one may not import).
   */
  acknowledgedAction?: AcknowledgedAction;
}

type AcknowledgedAction = (recall: RecallSummary, row: RecallTraceRow) => ReactNode;

/**
 * The buyer's recall notices, shown only while some recall touches its deliveries: each recall, the
 * deliveries that received its batches, and per delivery what is asked of the pharmacy. A delivered one
 * is confirmed as set aside; one the supplier still holds, or re-picked with another batch before
 * dispatch, never reached the pharmacy and asks nothing of it (docs/domain.md "Recalls").
 */
export function RecallNotices({ orgId, highlightId, acknowledgedAction }: RecallNoticesProps) {
  const recalls = useRecalls(orgId);
  const list = recalls.data ?? [];
  // A recall stays among the open ones while this page is open, so the delivery just confirmed keeps
  // showing its confirmation; it joins the confirmed ones next visit.
  const [keptOpen, setKeptOpen] = useState<readonly string[]>([]);
  const newlyOpen = list.filter((recall) => unsettled(recall) && !keptOpen.includes(recall.id));
  if (newlyOpen.length) setKeptOpen([...keptOpen, ...newlyOpen.map((recall) => recall.id)]);
  const [showConfirmed, setShowConfirmed] = useState(false);
  if (list.length === 0) return null;

  const isOpen = (recall: RecallSummary) =>
    unsettled(recall) || keptOpen.includes(recall.id) || recall.id === highlightId;
  const open = list.filter(isOpen);
  const confirmed = list.filter((recall) => !isOpen(recall));
  const anyAwaiting = list.some(awaiting);
  const anyHeld = list.some((recall) => recall.heldDrops > 0);
  const anyReached = list.some((recall) => recall.affectedDrops > recall.heldDrops);

  return (
    <section
      aria-labelledby="recall-notices-title"
      className="overflow-hidden rounded-xl border border-rose-200 bg-white shadow-xs"
    >
      <div className="flex items-start gap-3 border-b border-rose-100 bg-rose-50 px-5 py-4">
        <svg
          className="mt-0.5 size-5 shrink-0 text-rose-700"
          viewBox="0 0 20 20"
          fill="none"
          aria-hidden="true"
        >
          <path d="M10 2.5 18 17H2L10 2.5Z" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          <path d="M10 8v4M10 14.5v.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <div className="min-w-0">
          <h2 id="recall-notices-title" className="text-base font-semibold text-rose-900">
            Recall notices
          </h2>
          <p className="mt-1 text-sm text-rose-900/80">
            {anyAwaiting
              ? 'Batches below were recalled after reaching your pharmacy. Stop dispensing them, set the packs aside, and confirm each delivery once it is quarantined.'
              : anyHeld
                ? 'Deliveries below hold recalled batches and have not reached you: your supplier holds them until it replaces the batch or cancels the delivery.'
                : anyReached
                  ? 'Every affected delivery is confirmed as quarantined. Keep the packs aside until your supplier collects them.'
                  : 'Your supplier replaced the recalled batches before dispatch: none of them reaches your pharmacy.'}
          </p>
        </div>
      </div>
      {open.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {open.map((recall) => (
            <li key={recall.id}>
              <RecallNotice
                orgId={orgId}
                recall={recall}
                highlighted={recall.id === highlightId}
                acknowledgedAction={acknowledgedAction}
              />
            </li>
          ))}
        </ul>
      )}
      {confirmed.length > 0 && (
        <div className={cn('px-5 py-3', open.length > 0 && 'border-t border-slate-100')}>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showConfirmed}
            aria-controls="recall-notices-confirmed"
            onClick={() => setShowConfirmed((shown) => !shown)}
          >
            {showConfirmed ? 'Hide' : 'Show'} {confirmed.length} settled recall
            {confirmed.length === 1 ? '' : 's'}
          </Button>
          {showConfirmed && (
            <ul
              id="recall-notices-confirmed"
              className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200"
            >
              {confirmed.map((recall) => (
                <li key={recall.id}>
                  <RecallNotice
                    orgId={orgId}
                    recall={recall}
                    highlighted={false}
                    acknowledgedAction={acknowledgedAction}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** Some of the buyer's delivered drops still wait for the confirmation that their packs are set aside. */
const awaiting = (recall: RecallSummary) => recall.awaitingDrops > 0;
/** Something is still to happen: a confirmation from the pharmacy, or a held drop the supplier must settle. */
const unsettled = (recall: RecallSummary) => awaiting(recall) || recall.heldDrops > 0;

function RecallNotice({
  orgId,
  recall,
  highlighted,
  acknowledgedAction,
}: {
  orgId: string | null;
  recall: RecallSummary;
  highlighted: boolean;
  acknowledgedAction: AcknowledgedAction | undefined;
}) {
  const detail = useRecall(orgId, recall.id);
  const ref = useRef<HTMLElement>(null);
  const ready = highlighted && detail.data !== undefined;
  // A notification's link lands here: once its deliveries are in, the notice is brought into view.
  useEffect(() => {
    if (!ready) return;
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, [ready]);
  const titleId = `recall-notice-${recall.id}-title`;

  return (
    <article
      ref={ref}
      id={`recall-${recall.id}`}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-current={highlighted ? 'true' : undefined}
      className={cn(
        'scroll-mt-32 px-5 py-4 focus:outline-none',
        highlighted && 'bg-amber-50/70 ring-2 ring-amber-400 ring-inset',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          Recall {recall.number}: {recall.product.name}
        </h3>
        <RecallSeverityBadge severity={recall.severity} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Batch{recall.batchNumbers.length === 1 ? '' : 'es'}{' '}
        <span className="font-mono font-medium text-slate-900">{recall.batchNumbers.join(', ')}</span>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{recall.reason}</p>
      <p className="mt-1 text-xs text-slate-500">
        Declared {formatDay(recall.createdAt)} by{' '}
        {recall.supplier?.name ?? recall.declaredBy.organisationName}
      </p>

      <h4 className="sr-only">Your affected deliveries</h4>
      {detail.isPending ? (
        <Skeleton className="mt-3 h-16" />
      ) : detail.data ? (
        <ul className="mt-3 space-y-2">
          {detail.data.trace.map((row) => (
            <AffectedDrop
              key={row.dropId}
              orgId={orgId}
              recallId={recall.id}
              row={row}
              after={acknowledgedAction && ((acknowledged) => acknowledgedAction(recall, acknowledged))}
            />
          ))}
          {detail.data.repicked.map((row) => (
            <ReplacedDrop key={row.dropId} row={row} />
          ))}
        </ul>
      ) : null}
    </article>
  );
}

function AffectedDrop({
  orgId,
  recallId,
  row,
  after,
}: {
  orgId: string | null;
  recallId: string;
  row: RecallTraceRow;
  /** Offered once the delivery is confirmed as set aside. */
  after: ((row: RecallTraceRow) => ReactNode) | undefined;
}) {
  const acknowledge = useAcknowledgeRecallDrop(orgId);
  const acknowledged = acknowledgementText(row, 'buyer');
  const when = row.deliveredAt
    ? `Delivered ${formatMoment(row.deliveredAt)}`
    : row.estimatedDeliveryDate
      ? `ETA ${formatDay(row.estimatedDeliveryDate)}`
      : null;
  return (
    <NoticeDrop row={row} when={when}>
      {acknowledged ? (
        <div className="flex flex-col gap-2 sm:max-w-64 sm:items-end">
          <p className="flex items-start gap-1.5 text-sm font-medium text-emerald-800">
            <CheckIcon />
            {acknowledged}
          </p>
          {after?.(row)}
        </div>
      ) : row.status !== 'Delivered' ? (
        // It never reached the pharmacy: nothing to set aside, and the server refuses a confirmation.
        <p className="text-sm font-medium text-amber-800 sm:max-w-64">
          Held by {row.seller.name}: it will not be delivered with this batch, and will be replaced with
          another batch or cancelled.
        </p>
      ) : (
        <Button
          className="w-full sm:w-auto"
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate({ recallId, dropId: row.dropId })}
          aria-label={`${RECALL_MESSAGES.acknowledge}: ${row.orderNumber} drop ${row.dropSequence}`}
        >
          {RECALL_MESSAGES.acknowledge}
        </Button>
      )}
    </NoticeDrop>
  );
}

/** A delivery the supplier re-picked before dispatch: it holds another batch now, and asks nothing. */
function ReplacedDrop({ row }: { row: RecallRepickRow }) {
  const batches = [...new Set(row.batches.map((b) => b.batchNumber ?? 'no batch'))];
  return (
    <NoticeDrop row={row}>
      <p className="flex items-start gap-1.5 text-sm font-medium text-emerald-800 sm:max-w-64">
        <CheckIcon />
        Replaced with batch{batches.length === 1 ? '' : 'es'} {batches.join(', ')} before dispatch
      </p>
    </NoticeDrop>
  );
}

/** A delivery a recall notice speaks of: its order, drop, address, batches and status; then what to do. */
function NoticeDrop({
  row,
  when = null,
  children,
}: {
  row: Pick<
    RecallTraceRow,
    'orderNumber' | 'dropSequence' | 'addressName' | 'address' | 'batches' | 'status'
  >;
  when?: string | null;
  children: ReactNode;
}) {
  return (
    <li
      aria-label={`${row.orderNumber} drop ${row.dropSequence}, ${row.addressName}`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {row.orderNumber} <span className="font-normal text-slate-500">· drop {row.dropSequence}</span>
        </p>
        <p className="text-slate-700">
          {row.addressName}, {row.address}
        </p>
        <p className="mt-0.5 font-mono text-slate-900">{batchLines(row.batches)}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Badge tone={dropStatusTone(row.status)}>{row.status}</Badge>
          {when && <span className="text-xs text-slate-500">{when}</span>}
        </div>
      </div>
      {children}
    </li>
  );
}
