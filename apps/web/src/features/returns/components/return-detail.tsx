import {
  RETURN_FATE_LABELS,
  RETURN_REASON_LABELS,
  type ReturnDetail,
  type ReturnLine,
} from '@aduro/shared/returns';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatCedis, formatDay, formatMoment, formatUnits } from '../../../lib/format';
import { useDownloadCreditNotePdf } from '../api/download-credit-note';
import { ReturnStatusBadge } from './return-status-badge';

/** '3 units', '1 unit'. */
export const unitsText = (count: number) => `${formatUnits(count)} ${count === 1 ? 'unit' : 'units'}`;

/** The fates inspection gave a line, e.g. 'Back into stock 4 · Destroy 2'; null before inspection. */
export function fatesText(line: ReturnLine): string | null {
  const fates = [
    [RETURN_FATE_LABELS.restock, line.restockedQuantity],
    [RETURN_FATE_LABELS.destroy, line.destroyedQuantity],
    [RETURN_FATE_LABELS.return_to_manufacturer, line.manufacturerQuantity],
  ] as const;
  if (fates.every(([, quantity]) => quantity === null)) return null;
  return fates
    .filter(([, quantity]) => (quantity ?? 0) > 0)
    .map(([label, quantity]) => `${label} ${formatUnits(quantity ?? 0)}`)
    .join(' · ');
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A return as both sides read it (issue 35: reason and notes visible to both): who asked and decided,
 * the supplier's reason for a rejection, each line's batch, reason, units received and their fates, the
 * destruction record, and the credit note with where its amount went and its PDF.
 */
export function ReturnDetailView({ orgId, detail }: { orgId: string | null; detail: ReturnDetail }) {
  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <ReturnStatusBadge status={detail.status} />
        {detail.recall && <span className="text-xs text-rose-800">Under recall {detail.recall.number}</span>}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Fact term="Product">{detail.product.name}</Fact>
        <Fact term="Order">{detail.order.number}</Fact>
        <Fact term="Supplier">{detail.supplier.name}</Fact>
        <Fact term="Pharmacy">{detail.buyer.name}</Fact>
        <Fact term="Requested">
          {formatMoment(detail.createdAt)}
          {detail.requestedBy && (
            <span className="block text-xs text-slate-500">by {detail.requestedBy}</span>
          )}
        </Fact>
        {detail.decidedAt && (
          <Fact term={detail.status === 'rejected' ? 'Rejected' : 'Approved'}>
            {formatMoment(detail.decidedAt)}
            {detail.decidedBy && <span className="block text-xs text-slate-500">by {detail.decidedBy}</span>}
          </Fact>
        )}
        {detail.receivedAt && <Fact term="Received">{formatMoment(detail.receivedAt)}</Fact>}
        {detail.inspectedAt && <Fact term="Inspected">{formatMoment(detail.inspectedAt)}</Fact>}
      </dl>
      {detail.rejectReason && (
        <div className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-rose-900">
          <p className="text-xs font-medium">Reason for rejecting</p>
          <p className="whitespace-pre-line">{detail.rejectReason}</p>
        </div>
      )}
      {detail.notes && (
        <div>
          <h3 className="text-xs text-slate-500">Notes from the pharmacy</h3>
          <p className="whitespace-pre-line text-slate-800">{detail.notes}</p>
        </div>
      )}
      <section aria-label="Returned batches">
        <h3 className="mb-1.5 font-medium text-slate-900">Batches</h3>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {detail.lines.map((line) => (
            <ReturnLineRow key={line.id} line={line} />
          ))}
        </ul>
      </section>
      {detail.destruction && (
        <section aria-label="Destruction record" className="rounded-lg border border-slate-200 px-3 py-2">
          <h3 className="font-medium text-slate-900">Destruction record</h3>
          <p className="text-slate-700">
            {formatDay(detail.destruction.destroyedOn)} · {detail.destruction.method} · witnessed by{' '}
            {detail.destruction.witness}
          </p>
          <p className="text-xs text-slate-500">FDA reference {detail.destruction.fdaReference}</p>
        </section>
      )}
      {detail.creditNote ? (
        <CreditNoteSummary orgId={orgId} creditNote={detail.creditNote} />
      ) : (
        detail.status === 'completed' && (
          <p className="text-slate-600">No units were received, so no credit note was issued.</p>
        )
      )}
    </div>
  );
}

function ReturnLineRow({ line }: { line: ReturnLine }) {
  const fates = fatesText(line);
  return (
    <li className="grid gap-1 px-3 py-2.5 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {line.batchNumber ? `Batch ${line.batchNumber}` : 'No batch recorded'}
          <span className="font-normal text-slate-500">
            {' '}
            · drop {line.dropSequence}
            {line.expiryDate && ` · exp ${formatDay(line.expiryDate)}`}
          </span>
        </p>
        <p className="text-slate-700">{RETURN_REASON_LABELS[line.reason]}</p>
        {fates !== null && <p className="text-xs text-slate-600">{fates || 'No units to inspect'}</p>}
      </div>
      <p className="text-slate-700 tabular-nums sm:text-right">
        {unitsText(line.quantity)} returned
        {line.receivedQuantity !== null && (
          <span className="block text-xs text-slate-500">{formatUnits(line.receivedQuantity)} received</span>
        )}
        <span className="block text-xs text-slate-500">{formatCedis(line.unitPrice)} each</span>
      </p>
    </li>
  );
}

function CreditNoteSummary({
  orgId,
  creditNote,
}: {
  orgId: string | null;
  creditNote: NonNullable<ReturnDetail['creditNote']>;
}) {
  const pdf = useDownloadCreditNotePdf(orgId);
  const split = [
    ['Taken off invoice ' + creditNote.invoice.number, creditNote.appliedToInvoice],
    ['Taken off the credit line balance', creditNote.appliedToCreditLine],
    ['Held as credit with the supplier', creditNote.heldAsCredit],
  ] as const;
  return (
    <section
      aria-label="Credit note"
      className="rounded-lg border border-emerald-200 bg-emerald-50/60 px-3 py-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-medium text-slate-900">Credit note {creditNote.number}</h3>
          <p className="text-xs text-slate-600">Issued {formatDay(creditNote.issuedAt)}</p>
        </div>
        <p className="text-base font-semibold text-emerald-900 tabular-nums">
          {formatCedis(creditNote.amount)}
        </p>
      </div>
      <dl className="mt-2 space-y-1">
        {split
          .filter(([, amount]) => amount > 0)
          .map(([label, amount]) => (
            <div key={label} className="flex justify-between gap-3">
              <dt className="text-slate-700">{label}</dt>
              <dd className="text-slate-900 tabular-nums">{formatCedis(amount)}</dd>
            </div>
          ))}
      </dl>
      <Button
        className="mt-3 w-full sm:w-auto"
        size="sm"
        variant="secondary"
        loading={pdf.isPending}
        aria-label={`Credit note PDF, ${creditNote.number}`}
        onClick={() => pdf.mutate({ id: creditNote.id, number: creditNote.number })}
      >
        Credit note PDF
      </Button>
    </section>
  );
}
