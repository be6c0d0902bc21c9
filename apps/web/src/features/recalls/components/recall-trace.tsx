import type { RecallDetail, RecallRepickRow, RecallTraceRow } from '@aduro/shared/recalls';
import { useEffect, useRef, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ExportButton } from '../../../components/ui/export-button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { downloadCsv } from '../../../lib/csv';
import { formatDay, formatMoment, formatUnits } from '../../../lib/format';
import { useRecall } from '../api/get-recall';
import { recallCsvFile, recallToCsv } from '../utils/recall-csv';
import {
  acknowledgementText,
  AWAITING_CONFIRMATION,
  batchLines,
  confirmationProgress,
  dropStatusTone,
} from '../utils/recall-format';
import { RecallSeverityBadge } from './recall-severity-badge';

export const NO_TRACE_MESSAGE =
  'No delivery received these batches: the quarantined stock never left the warehouse.';
export const ALL_REPICKED_MESSAGE =
  'No delivery holds these batches now: those that did were re-picked before dispatch.';

interface RecallTraceProps {
  orgId: string | null;
  recallId: string;
  /** A platform administrator sees every supplier's lots, so each lot names its supplier. */
  reader: 'supplier' | 'platform';
  onClose: () => void;
}

/**
 * A recall's trace as its supplier (or the platform) follows it: the quarantined lots, then every
 * delivery that received the batches and whether its pharmacy has confirmed the quarantine.
 */
export function RecallTrace({ orgId, recallId, reader, onClose }: RecallTraceProps) {
  const recall = useRecall(orgId, recallId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = recall.data?.id;
  // Opened from the list or a notification's link: the trace comes into view (below the list on a phone).
  useEffect(() => {
    if (loaded) heading.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [loaded]);

  if (recall.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading the recall" className="space-y-3 p-5">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-20" />
        <Skeleton className="h-32" />
      </Card>
    );
  }
  if (recall.isError) {
    return (
      <Card>
        <LoadFailed message="This recall could not be loaded." onRetry={() => void recall.refetch()} />
      </Card>
    );
  }
  const detail = recall.data;

  function exportCsv() {
    if (detail.trace.length === 0) {
      toast.error('No deliveries to export', { id: 'recall-export' });
      return;
    }
    void downloadCsv(recallCsvFile(detail.id), recallToCsv(detail));
  }

  return (
    <Card aria-labelledby="recall-trace-title">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3
              id="recall-trace-title"
              ref={heading}
              tabIndex={-1}
              className="scroll-mt-24 text-base font-semibold text-slate-900 focus:outline-none"
            >
              Recall {detail.number}
            </h3>
            <RecallSeverityBadge severity={detail.severity} />
          </div>
          <p className="mt-1 text-sm font-medium text-slate-800">{detail.product.name}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            Declared {formatMoment(detail.createdAt)} by {detail.declaredBy.userName},{' '}
            {detail.declaredBy.organisationName}
            {detail.supplier ? '' : ' · every supplier’s stock'}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <ExportButton onClick={exportCsv} />
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>

      <div className="space-y-5 px-5 py-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Batches</dt>
            <dd className="mt-0.5 font-mono font-medium break-words text-slate-900">
              {detail.batchNumbers.join(', ')}
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Pharmacies confirmed</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{confirmationProgress(detail)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Units quarantined</dt>
            <dd className="mt-0.5 font-medium text-slate-900 tabular-nums">
              {formatUnits(detail.unitsQuarantined)}
            </dd>
          </div>
        </dl>
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Reason</h4>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{detail.reason}</p>
        </div>

        {detail.lots.length > 0 && <QuarantinedLots detail={detail} reader={reader} />}

        <section aria-labelledby="recall-deliveries-title">
          <h4
            id="recall-deliveries-title"
            className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
          >
            Deliveries that received these batches ({detail.trace.length})
          </h4>
          {detail.trace.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {detail.repicked.length > 0 ? ALL_REPICKED_MESSAGE : NO_TRACE_MESSAGE}
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {detail.trace.map((row) => (
                <TraceRow key={row.dropId} row={row} />
              ))}
            </ul>
          )}
        </section>

        {detail.repicked.length > 0 && (
          <section aria-labelledby="recall-repicked-title">
            <h4
              id="recall-repicked-title"
              className="text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              Re-picked before dispatch ({detail.repicked.length})
            </h4>
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {detail.repicked.map((row) => (
                <RepickedRow key={row.dropId} row={row} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </Card>
  );
}

function QuarantinedLots({ detail, reader }: { detail: RecallDetail; reader: 'supplier' | 'platform' }) {
  return (
    <section aria-labelledby="recall-lots-title">
      <h4 id="recall-lots-title" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Quarantined lots
      </h4>
      <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-500">
            <tr>
              {reader === 'platform' && <th className="px-3 py-2 font-medium">Supplier</th>}
              <th className="px-3 py-2 font-medium">Batch</th>
              <th className="px-3 py-2 font-medium">Expiry</th>
              <th className="px-3 py-2 text-right font-medium">Units held</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {detail.lots.map((lot) => (
              <tr key={lot.lotId}>
                {reader === 'platform' && <td className="px-3 py-2 text-slate-700">{lot.supplierName}</td>}
                <td className="px-3 py-2 font-mono text-slate-900">{lot.batchNumber}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                  {lot.expiryDate ? formatDay(lot.expiryDate) : 'No expiry'}
                </td>
                <td className="px-3 py-2 text-right text-slate-900 tabular-nums">
                  {formatUnits(lot.unitsNow)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function TraceRow({ row }: { row: RecallTraceRow }) {
  const acknowledged = acknowledgementText(row, 'supplier');
  const contact = [row.contactName, row.contactPhone].filter(Boolean).join(' · ');
  const when = row.deliveredAt
    ? `Delivered ${formatDay(row.deliveredAt)}`
    : row.estimatedDeliveryDate
      ? `ETA ${formatDay(row.estimatedDeliveryDate)}`
      : null;
  return (
    <TraceDrop row={row} contact={contact}>
      <div className="min-w-0 text-sm">
        <p className="font-mono text-slate-900">{batchLines(row.batches)}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <Badge tone={dropStatusTone(row.status)}>{row.status}</Badge>
          {when && <span className="text-xs text-slate-500">{when}</span>}
        </div>
      </div>
      <div className="min-w-0 text-sm">
        {acknowledged ? (
          <p className="flex items-start gap-1.5 font-medium text-emerald-800">
            <CheckIcon />
            {acknowledged}
          </p>
        ) : row.status !== 'Delivered' ? (
          // Never reached the pharmacy: nothing for it to confirm; the supplier re-picks or cancels it.
          <p className="flex items-start gap-1.5 font-medium text-rose-800">
            <ClockIcon />
            {row.status === 'Awaiting Dispatch'
              ? 'On hold: re-pick or cancel it on the shipping board'
              : 'On hold on its way: cancel it to bring the packs back'}
          </p>
        ) : (
          <p className="flex items-start gap-1.5 font-medium text-amber-800">
            <ClockIcon />
            {AWAITING_CONFIRMATION}
          </p>
        )}
      </div>
    </TraceDrop>
  );
}

/** A delivery re-picked off the recalled batches: what left it, what it holds now, who did it and when. */
function RepickedRow({ row }: { row: RecallRepickRow }) {
  return (
    <TraceDrop row={row}>
      <div className="min-w-0 text-sm">
        <p className="text-slate-700">
          {formatUnits(row.units)} recalled {row.units === 1 ? 'unit' : 'units'} back to quarantine
        </p>
        <p className="font-mono text-slate-900">Now {batchLines(row.batches)}</p>
        <div className="mt-1">
          <Badge tone={dropStatusTone(row.status)}>{row.status}</Badge>
        </div>
      </div>
      <p className="flex min-w-0 items-start gap-1.5 text-sm font-medium text-emerald-800">
        <CheckIcon />
        Re-picked {formatMoment(row.repickedAt)} by {row.repickedBy}
      </p>
    </TraceDrop>
  );
}

/** A trace row's first column, the delivery it is about (order, drop, buyer, address), then the rest. */
function TraceDrop({
  row,
  contact = '',
  children,
}: {
  row: Pick<RecallTraceRow, 'orderNumber' | 'dropSequence' | 'buyer' | 'addressName' | 'address'>;
  contact?: string;
  children: ReactNode;
}) {
  return (
    <li
      aria-label={`${row.orderNumber} drop ${row.dropSequence}, ${row.buyer.name}`}
      className="grid gap-3 p-4 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {row.orderNumber} <span className="font-normal text-slate-500">· drop {row.dropSequence}</span>
        </p>
        <p className="text-sm font-medium text-slate-800">{row.buyer.name}</p>
        <p className="text-sm text-slate-600">
          {row.addressName}, {row.address}
        </p>
        {contact && <p className="text-xs text-slate-500">{contact}</p>}
      </div>
      {children}
    </li>
  );
}

export function CheckIcon() {
  return (
    <svg className="mt-0.5 size-4 shrink-0" viewBox="0 0 20 20" fill="none" aria-hidden="true">
      <path
        d="m4.5 10.5 3.5 3.5 7.5-8"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg className="mt-0.5 size-4 shrink-0" viewBox="0 0 20 20" fill="none" aria-hidden="true">
      <circle cx="10" cy="10" r="7" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10 6v4l2.5 2" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
