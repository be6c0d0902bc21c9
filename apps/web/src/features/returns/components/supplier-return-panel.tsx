import { todayUtc } from '@aduro/shared/inventory';
import {
  RESTOCK_MIN_SHELF_LIFE_DAYS,
  RETURN_FATE_LABELS,
  RETURN_MESSAGES,
  RETURN_REASON_LABELS,
  returnInspectSchema,
  returnRejectSchema,
  type ReturnDetail,
  type ReturnFate,
  type ReturnInspectInput,
  type ReturnLine,
} from '@aduro/shared/returns';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Sheet } from '../../../components/ui/sheet';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { formatCedis, formatDay, formatMoment, formatUnits } from '../../../lib/format';
import { useApproveReturn } from '../api/approve-return';
import { useDownloadCreditNotePdf } from '../api/download-credit-note';
import { useReturn } from '../api/get-return';
import { isRestockRefused, useInspectReturn } from '../api/inspect-return';
import { useReceiveReturn } from '../api/receive-return';
import { useRejectReturn } from '../api/reject-return';
import { ReturnStatusBadge } from './return-status-badge';

/** Messages by field path as the API names them (`lines.0.restock`, `destruction.method`). */
type Errors = Record<string, string>;

interface SupplierReturnPanelProps {
  orgId: string | null;
  /** The return shown; null closes the panel. */
  returnId: string | null;
  onClose: () => void;
  /** manage_inventory: only those who manage stock decide where returned units go. */
  canInspect: boolean;
}

/**
 * One return as its supplier sees it, in a sheet: the lines with the buyer's reasons and notes, then the
 * step the supplier owes (approve or reject, receive, inspect) or, once inspected, the credit note.
 */
export function SupplierReturnPanel({ orgId, returnId, onClose, canInspect }: SupplierReturnPanelProps) {
  const detail = useReturn(orgId, returnId);
  const data = returnId && detail.data?.id === returnId ? detail.data : undefined;
  return (
    <Sheet
      open={returnId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={data ? data.number : 'Return'}
      description={data ? `From ${data.buyer.name} · order ${data.order.number}` : undefined}
    >
      {data ? (
        // Each step starts its form afresh, so a return moved on by someone else shows the new step.
        <PanelBody key={`${data.id}:${data.status}`} orgId={orgId} detail={data} canInspect={canInspect} />
      ) : detail.isError ? (
        <LoadFailed message="This return could not be loaded." onRetry={() => void detail.refetch()} />
      ) : (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      )}
    </Sheet>
  );
}

function Detail({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

const units = (count: number) => `${formatUnits(count)} ${count === 1 ? 'unit' : 'units'}`;

const batchText = (line: ReturnLine) =>
  `Batch ${line.batchNumber ?? 'without number'}${line.expiryDate ? ` · expires ${formatDay(line.expiryDate)}` : ''}`;

/** What became of a line's units, once known: received, then each fate given. */
function lineOutcome(line: ReturnLine): string | null {
  if (line.receivedQuantity === null) return null;
  const fates: Array<[ReturnFate, number | null]> = [
    ['restock', line.restockedQuantity],
    ['destroy', line.destroyedQuantity],
    ['return_to_manufacturer', line.manufacturerQuantity],
  ];
  const given = fates
    .filter(([, count]) => count !== null && count > 0)
    .map(([fate, count]) => `${RETURN_FATE_LABELS[fate]}: ${formatUnits(count ?? 0)}`);
  return [`Received ${units(line.receivedQuantity)}`, ...given].join(' · ');
}

function PanelBody({
  orgId,
  detail,
  canInspect,
}: {
  orgId: string | null;
  detail: ReturnDetail;
  canInspect: boolean;
}) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="return-lines-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="return-lines-title" className="text-sm font-semibold text-slate-900">
            {detail.product.name}
          </h3>
          <ReturnStatusBadge status={detail.status} />
        </div>
        <ul
          aria-label="Packs returned"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {detail.lines.map((line) => {
            const outcome = lineOutcome(line);
            return (
              <li key={line.id} className="px-3 py-2 text-sm">
                <span className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 font-medium break-words text-slate-900">
                    Drop {line.dropSequence} · {RETURN_REASON_LABELS[line.reason]}
                  </span>
                  <span className="shrink-0 font-medium whitespace-nowrap text-slate-700">
                    {units(line.quantity)}
                  </span>
                </span>
                <span className="mt-0.5 block text-xs text-slate-600">
                  {batchText(line)} · {formatCedis(line.unitPrice)} a unit
                </span>
                {outcome && <span className="mt-0.5 block text-xs text-slate-700">{outcome}</span>}
              </li>
            );
          })}
        </ul>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <Detail term="Asked">
            {formatMoment(detail.createdAt)}
            {detail.requestedBy && <span className="block text-xs text-slate-500">{detail.requestedBy}</span>}
          </Detail>
          <Detail term="Order">{detail.order.number}</Detail>
          {detail.recall && <Detail term="Recall">{detail.recall.number}</Detail>}
          {detail.decidedAt && (
            <Detail term={detail.status === 'rejected' ? 'Rejected' : 'Approved'}>
              {formatMoment(detail.decidedAt)}
              {detail.decidedBy && <span className="block text-xs text-slate-500">{detail.decidedBy}</span>}
            </Detail>
          )}
          {detail.receivedAt && <Detail term="Received">{formatMoment(detail.receivedAt)}</Detail>}
          {detail.inspectedAt && <Detail term="Inspected">{formatMoment(detail.inspectedAt)}</Detail>}
          <Detail term="Buyer's notes" wide>
            <span className="whitespace-pre-line">{detail.notes ?? 'None'}</span>
          </Detail>
          {detail.rejectReason && (
            <Detail term="Why it was rejected" wide>
              <span className="whitespace-pre-line">{detail.rejectReason}</span>
            </Detail>
          )}
        </dl>
      </section>

      {detail.status === 'requested' && <DecideActions orgId={orgId} detail={detail} />}
      {detail.status === 'approved' && <ReceiveForm orgId={orgId} detail={detail} />}
      {detail.status === 'received' &&
        (canInspect ? (
          <InspectForm orgId={orgId} detail={detail} />
        ) : (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            The packs are held apart from your stock until someone who manages inventory inspects them.
          </p>
        ))}
      {detail.status === 'completed' && <Outcome orgId={orgId} detail={detail} />}
    </div>
  );
}

/** Approve, or reject with the reason the buyer reads. */
function DecideActions({ orgId, detail }: { orgId: string | null; detail: ReturnDetail }) {
  const approve = useApproveReturn(orgId);
  const reject = useRejectReturn(orgId);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const parsed = returnRejectSchema.safeParse({ reason });
  const reasonError =
    serverError ?? (touched && !parsed.success ? parsed.error.issues[0]?.message : undefined);

  function submitReject(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    reject.mutate(
      { returnId: detail.id, reason: parsed.data.reason },
      {
        onError: (error) =>
          setServerError(error instanceof ApiError ? error.fieldErrors?.reason?.[0] : undefined),
      },
    );
  }

  if (rejecting) {
    return (
      <form
        aria-label="Reject this return"
        onSubmit={submitReject}
        noValidate
        className="space-y-3 rounded-lg border border-rose-200 bg-rose-50 p-3"
      >
        <FormField
          id={`reject-reason-${detail.id}`}
          label="Reason"
          error={reasonError}
          hint="The buyer reads it, e.g. the packs were sold more than 30 days ago."
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={3}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setServerError(undefined);
              }}
              onBlur={() => setTouched(true)}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger" loading={reject.isPending}>
            Reject return
          </Button>
          <Button type="button" variant="secondary" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <section aria-labelledby="return-decide-title" className="space-y-3">
      <h3 id="return-decide-title" className="text-sm font-semibold text-slate-900">
        Your decision
      </h3>
      <p className="text-sm text-slate-600">
        Approving tells the buyer to send the packs. You credit them only after you receive and inspect them.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button loading={approve.isPending} onClick={() => approve.mutate(detail.id)}>
          Approve return
        </Button>
        <Button variant="secondary" onClick={() => setRejecting(true)}>
          Reject
        </Button>
      </div>
    </section>
  );
}

/** A whole number of units from an input's text, or null when it is not one. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,8}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The server's field errors by path, first message each. */
function firstMessages(error: unknown): Errors {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  const errors: Errors = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) if (messages[0]) errors[key] = messages[0];
  return errors;
}

/** A small number field beside its label, one row each, so a phone shows the line's figures stacked. */
function QuantityField({
  id,
  label,
  value,
  onChange,
  error,
  max,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  max: number;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="min-w-0 text-sm text-slate-800">
          {label}
        </label>
        <div className="w-24 shrink-0">
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="text-right"
          />
        </div>
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1 text-xs font-medium text-rose-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** The units that arrived, per line; each starts at what the buyer said it would send. */
function ReceiveForm({ orgId, detail }: { orgId: string | null; detail: ReturnDetail }) {
  const receive = useReceiveReturn(orgId);
  const [counts, setCounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(detail.lines.map((line) => [line.id, String(line.quantity)])),
  );
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    const lines = detail.lines.map((line, i) => {
      const received = wholeNumber(counts[line.id] ?? '');
      if (received === null || received > line.quantity)
        found[`lines.${i}.receivedQuantity`] = RETURN_MESSAGES.receivedQuantity;
      return { lineId: line.id, receivedQuantity: received ?? 0 };
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    receive.mutate(
      { returnId: detail.id, body: { lines } },
      { onError: (error) => setErrors(firstMessages(error)) },
    );
  }

  return (
    <form aria-labelledby="return-receive-title" onSubmit={submit} noValidate className="space-y-3">
      <h3 id="return-receive-title" className="text-sm font-semibold text-slate-900">
        Receive the packs
      </h3>
      <p className="text-sm text-slate-600">
        Count what arrived. Received packs stay out of your stock until they are inspected.
      </p>
      <ul className="space-y-3">
        {detail.lines.map((line, i) => (
          <li key={line.id} className="rounded-lg border border-slate-200 p-3">
            <p className="text-xs text-slate-600">
              Drop {line.dropSequence} · {batchText(line)} · {units(line.quantity)} sent back
            </p>
            <div className="mt-2">
              <QuantityField
                id={`received-${line.id}`}
                label="Units received"
                value={counts[line.id] ?? ''}
                max={line.quantity}
                onChange={(value) => setCounts((current) => ({ ...current, [line.id]: value }))}
                error={errors[`lines.${i}.receivedQuantity`] ?? errors[`lines.${i}.lineId`]}
              />
            </div>
          </li>
        ))}
      </ul>
      {errors.lines && <p className="text-xs font-medium text-rose-700">{errors.lines}</p>}
      <Button type="submit" loading={receive.isPending}>
        Record receipt
      </Button>
    </form>
  );
}

/** The day `days` after an ISO day, as an ISO day. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Where a line's units go unless the inspector says otherwise: back into stock, except what cannot be
 * (a recall, an expired or short-dated batch), which is destroyed.
 */
export function defaultFate(line: ReturnLine, today: string): ReturnFate {
  if (line.reason === 'recalled' || line.reason === 'expired') return 'destroy';
  if (line.expiryDate && line.expiryDate < addDays(today, RESTOCK_MIN_SHELF_LIFE_DAYS)) return 'destroy';
  return 'restock';
}

type FateCounts = Record<'restock' | 'destroy' | 'returnToManufacturer', string>;
const FATE_FIELDS: ReadonlyArray<[keyof FateCounts, ReturnFate]> = [
  ['restock', 'restock'],
  ['destroy', 'destroy'],
  ['returnToManufacturer', 'return_to_manufacturer'],
];

const DESTRUCTION_FIELDS = [
  { name: 'destroyedOn', label: 'Destroyed on', type: 'date', hint: undefined },
  { name: 'method', label: 'Method', type: 'text', hint: 'e.g. incineration by a licensed contractor' },
  { name: 'witness', label: 'Witness', type: 'text', hint: 'Who saw the packs destroyed' },
  { name: 'fdaReference', label: 'FDA certificate or reference', type: 'text', hint: undefined },
] as const;
type DestructionDraft = Record<(typeof DESTRUCTION_FIELDS)[number]['name'], string>;

/**
 * Each received unit's fate, and the destruction record when any is destroyed. The counts of a line must
 * add up to what was received; the server refuses to restock a recalled, expired or short-dated batch.
 */
function InspectForm({ orgId, detail }: { orgId: string | null; detail: ReturnDetail }) {
  const inspect = useInspectReturn(orgId);
  const today = todayUtc();
  // The lines sent, in this order: the API's `lines.<i>` errors count among them.
  const lines = detail.lines.filter((line) => (line.receivedQuantity ?? 0) > 0);
  const [fates, setFates] = useState<Record<string, FateCounts>>(() =>
    Object.fromEntries(
      lines.map((line) => {
        const fate = defaultFate(line, today);
        const all = String(line.receivedQuantity ?? 0);
        return [
          line.id,
          {
            restock: fate === 'restock' ? all : '0',
            destroy: fate === 'destroy' ? all : '0',
            returnToManufacturer: '0',
          },
        ];
      }),
    ),
  );
  const [destruction, setDestruction] = useState<DestructionDraft>({
    destroyedOn: today,
    method: '',
    witness: '',
    fdaReference: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const destroying = lines.some((line) => (wholeNumber(fates[line.id]?.destroy ?? '') ?? 0) > 0);

  function setFate(lineId: string, field: keyof FateCounts, value: string) {
    setFates((current) => ({ ...current, [lineId]: { ...current[lineId]!, [field]: value } }));
  }

  /** Places a refusal to restock on the restock field of each line it names. */
  function restockErrors(error: ApiError, sent: ReturnInspectInput['lines']): Errors {
    const placed: Errors = {};
    lines.forEach((line, i) => {
      if ((sent[i]?.restock ?? 0) > 0 && line.batchNumber && error.message.includes(line.batchNumber))
        placed[`lines.${i}.restock`] = error.message;
    });
    return placed;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    const body: ReturnInspectInput = {
      lines: lines.map((line, i) => {
        const counts = fates[line.id]!;
        const numbers = FATE_FIELDS.map(([field]) => {
          const value = wholeNumber(counts[field]);
          if (value === null) found[`lines.${i}.${field}`] = 'Give a whole number of units, 0 or more';
          return value ?? 0;
        });
        const received = line.receivedQuantity ?? 0;
        if (!found[`lines.${i}.restock`] && numbers.reduce((a, b) => a + b, 0) !== received)
          found[`lines.${i}.restock`] = RETURN_MESSAGES.fatesAddUp(received);
        const [restock = 0, destroy = 0, returnToManufacturer = 0] = numbers;
        return { lineId: line.id, restock, destroy, returnToManufacturer };
      }),
      destruction: destroying ? destruction : null,
    };
    // Nothing arrived: every line is named with no units, which completes the return without a credit.
    if (lines.length === 0)
      body.lines = detail.lines.map((line) => ({
        lineId: line.id,
        restock: 0,
        destroy: 0,
        returnToManufacturer: 0,
      }));
    const parsed = returnInspectSchema.safeParse(body);
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    if (destroying && !found['destruction.destroyedOn'] && destruction.destroyedOn > today)
      found['destruction.destroyedOn'] = RETURN_MESSAGES.destroyedOn;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    inspect.mutate(
      { returnId: detail.id, body },
      {
        onError: (error) => {
          const fromServer = firstMessages(error);
          setErrors(
            Object.keys(fromServer).length === 0 && isRestockRefused(error)
              ? restockErrors(error, body.lines)
              : fromServer,
          );
        },
      },
    );
  }

  return (
    <form aria-labelledby="return-inspect-title" onSubmit={submit} noValidate className="space-y-4">
      <div>
        <h3 id="return-inspect-title" className="text-sm font-semibold text-slate-900">
          Inspect the packs
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Say where each received unit goes. Recalled, expired and short-dated batches (under{' '}
          {RESTOCK_MIN_SHELF_LIFE_DAYS} days left) cannot go back into stock. The buyer is credited for every
          received unit at the price invoiced.
        </p>
      </div>
      {lines.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          No units arrived: the return completes with nothing to credit.
        </p>
      ) : (
        <ul className="space-y-3">
          {lines.map((line, i) => (
            <li key={line.id}>
              <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-medium text-slate-900">
                  Drop {line.dropSequence}: {units(line.receivedQuantity ?? 0)} received
                </legend>
                <p className="text-xs text-slate-600">
                  {batchText(line)} · {RETURN_REASON_LABELS[line.reason]}
                </p>
                {FATE_FIELDS.map(([field, fate]) => (
                  <QuantityField
                    key={field}
                    id={`fate-${field}-${line.id}`}
                    label={RETURN_FATE_LABELS[fate]}
                    value={fates[line.id]?.[field] ?? ''}
                    max={line.receivedQuantity ?? 0}
                    onChange={(value) => setFate(line.id, field, value)}
                    error={errors[`lines.${i}.${field}`]}
                  />
                ))}
              </fieldset>
            </li>
          ))}
        </ul>
      )}
      {errors.lines && <p className="text-xs font-medium text-rose-700">{errors.lines}</p>}
      {destroying && (
        <fieldset className="space-y-3 rounded-lg border border-amber-200 bg-amber-50/60 p-3">
          <legend className="px-1 text-sm font-medium text-slate-900">Destruction record</legend>
          {errors.destruction && <p className="text-xs font-medium text-rose-700">{errors.destruction}</p>}
          {DESTRUCTION_FIELDS.map((field) => (
            <FormField
              key={field.name}
              id={`destruction-${field.name}-${detail.id}`}
              label={field.label}
              hint={field.hint}
              error={errors[`destruction.${field.name}`]}
            >
              {(aria) => (
                <Input
                  {...aria}
                  type={field.type}
                  max={field.type === 'date' ? today : undefined}
                  value={destruction[field.name]}
                  onChange={(e) =>
                    setDestruction((current) => ({ ...current, [field.name]: e.target.value }))
                  }
                />
              )}
            </FormField>
          ))}
        </fieldset>
      )}
      <Button type="submit" loading={inspect.isPending}>
        {lines.length === 0 ? 'Complete return' : 'Record inspection'}
      </Button>
    </form>
  );
}

/** Once inspected: the credit note, how it was applied, and the destruction record. */
function Outcome({ orgId, detail }: { orgId: string | null; detail: ReturnDetail }) {
  const pdf = useDownloadCreditNotePdf(orgId);
  const note = detail.creditNote;
  const split: Array<[string, number]> = note
    ? [
        ['Off the invoice', note.appliedToInvoice],
        ['Off the credit line', note.appliedToCreditLine],
        ['Held as credit with you', note.heldAsCredit],
      ]
    : [];
  return (
    <>
      {note ? (
        <section
          aria-labelledby="return-credit-title"
          className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="return-credit-title" className="text-sm font-semibold text-emerald-900">
              Credit note {note.number}
            </h3>
            <Button
              variant="secondary"
              size="sm"
              loading={pdf.isPending && pdf.variables?.id === note.id}
              onClick={() => pdf.mutate({ id: note.id, number: note.number })}
            >
              PDF
            </Button>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
            <Detail term="Amount">{formatCedis(note.amount)}</Detail>
            <Detail term="Against invoice">{note.invoice.number}</Detail>
            {split
              .filter(([, amount]) => amount > 0)
              .map(([term, amount]) => (
                <Detail key={term} term={term}>
                  {formatCedis(amount)}
                </Detail>
              ))}
            <Detail term="Issued">{formatMoment(note.issuedAt)}</Detail>
          </dl>
        </section>
      ) : (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          No units arrived, so nothing was credited.
        </p>
      )}
      {detail.destruction && (
        <section aria-labelledby="return-destruction-title" className="space-y-2">
          <h3 id="return-destruction-title" className="text-sm font-semibold text-slate-900">
            Destruction record
          </h3>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
            <Detail term="Destroyed on">{formatDay(detail.destruction.destroyedOn)}</Detail>
            <Detail term="Method">{detail.destruction.method}</Detail>
            <Detail term="Witness">{detail.destruction.witness}</Detail>
            <Detail term="FDA reference">{detail.destruction.fdaReference}</Detail>
            {detail.destruction.recordedBy && (
              <Detail term="Recorded by">{detail.destruction.recordedBy}</Detail>
            )}
          </dl>
        </section>
      )}
    </>
  );
}
