import type { AllocatedBatch } from '@aduro/shared/inventory';
import type { Drop } from '@aduro/shared/orders';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  returnCreateSchema,
  type ReturnCreateInput,
  type ReturnReason,
} from '@aduro/shared/returns';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input, Select, Textarea } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { useCreateReturn } from '../api/create-return';
import { unitsText } from './return-detail';

/** What a return is asked from: a delivered drop of an order. */
export interface ReturnTarget {
  order: { id: string; number: string; product: { name: string } };
  drop: Pick<Drop, 'id' | 'sequence' | 'addressName' | 'batches'>;
}

/** A batch the drop received: its lots of one batch number together (the server's claim is per batch). */
export interface ReturnableBatch {
  batchNumber: string | null;
  /** The soonest expiry among its lots. */
  expiryDate: string | null;
  delivered: number;
}

/** The drop's batches, one row per batch number, in the drop's order (soonest expiry first). */
export function returnableBatches(batches: readonly AllocatedBatch[]): ReturnableBatch[] {
  const rows: ReturnableBatch[] = [];
  for (const batch of batches) {
    const row = rows.find((r) => r.batchNumber === batch.batchNumber);
    if (!row)
      rows.push({ batchNumber: batch.batchNumber, expiryDate: batch.expiryDate, delivered: batch.quantity });
    else {
      row.delivered += batch.quantity;
      if (batch.expiryDate && (!row.expiryDate || batch.expiryDate < row.expiryDate))
        row.expiryDate = batch.expiryDate;
    }
  }
  return rows;
}

interface Row {
  quantity: string;
  reason: ReturnReason | '';
}

/**
 * The request as sent: only the batches given a quantity, with `rowOf` mapping each sent line back to
 * its row, so the server's `lines.<i>.…` errors land on the right batch.
 */
export function requestBody(
  target: ReturnTarget,
  batches: readonly ReturnableBatch[],
  rows: readonly Row[],
  notes: string,
): { body: ReturnCreateInput; rowOf: number[] } {
  const rowOf: number[] = [];
  const lines: ReturnCreateInput['lines'] = [];
  rows.forEach((row, index) => {
    if (row.quantity.trim() === '' && row.reason === '') return;
    rowOf.push(index);
    lines.push({
      dropId: target.drop.id,
      batchNumber: batches[index]!.batchNumber,
      quantity: row.quantity.trim() === '' ? Number.NaN : Number(row.quantity),
      // An empty reason is left for the schema to name (RETURN_MESSAGES.reason).
      reason: (row.reason || undefined) as ReturnReason,
    });
  });
  return { body: { orderId: target.order.id, lines, notes }, rowOf };
}

/** 'lines.2.quantity' -> 'rows.<row of line 2>.quantity'; other keys ('lines', 'notes') as they came. */
function errorKey(path: string, rowOf: readonly number[]): string {
  const match = /^lines\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return path;
  const row = rowOf[Number(match[1])];
  return row === undefined ? 'lines' : `rows.${row}.${match[2]}`;
}

interface ReturnRequestDialogProps {
  orgId: string | null;
  /** The drop to return from; null keeps the dialog closed. */
  target: ReturnTarget | null;
  onClose: () => void;
}

/**
 * Issue 35: the buyer asks the supplier to take back units of a delivered drop: per batch how many and
 * why, and notes. The server checks the quantities against what the drop received less what other
 * returns already claim, and says so on the batch.
 */
export function ReturnRequestDialog({ orgId, target, onClose }: ReturnRequestDialogProps) {
  const create = useCreateReturn(orgId);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Return packs"
      description={
        target
          ? `${target.order.number} · ${target.order.product.name} · drop ${target.drop.sequence}, ${target.drop.addressName}`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="return-request-form" loading={create.isPending}>
            Send return request
          </Button>
        </>
      }
    >
      {/* Keyed by the drop: another drop opens a fresh form. */}
      {target && <ReturnRequestForm key={target.drop.id} target={target} create={create} onSent={onClose} />}
    </Dialog>
  );
}

function ReturnRequestForm({
  target,
  create,
  onSent,
}: {
  target: ReturnTarget;
  create: ReturnType<typeof useCreateReturn>;
  onSent: () => void;
}) {
  const batches = returnableBatches(target.drop.batches);
  const [rows, setRows] = useState<Row[]>(() => batches.map(() => ({ quantity: '', reason: '' })));
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function setRow(index: number, change: Partial<Row>) {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, rowOf } = requestBody(target, batches, rows, notes);
    const parsed = returnCreateSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[errorKey(issue.path.join('.'), rowOf)] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: onSent,
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.fieldErrors) return;
        const found: Record<string, string> = {};
        for (const [path, messages] of Object.entries(error.fieldErrors))
          if (messages[0]) found[errorKey(path, rowOf)] ??= messages[0];
        setErrors(found);
      },
    });
  }

  // Errors the form has no field for (the order, a drop no longer delivered) show above the batches.
  const formError =
    errors.lines ?? errors.orderId ?? Object.entries(errors).find(([key]) => key.endsWith('dropId'))?.[1];

  return (
    <form id="return-request-form" noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">
        Give the units to send back of each batch, and why. Leave a batch empty to keep it. The supplier
        approves the return before you send the packs.
      </p>
      {formError && (
        <p role="alert" className="text-sm font-medium text-rose-700">
          {formError}
        </p>
      )}
      <ul className="space-y-3" aria-label="Batches delivered">
        {batches.map((batch, index) => {
          const row = rows[index]!;
          const name = batch.batchNumber ? `Batch ${batch.batchNumber}` : 'No batch recorded';
          return (
            <li key={batch.batchNumber ?? ''} className="rounded-lg border border-slate-200 p-3">
              <p className="text-sm font-medium text-slate-900">
                {name}
                <span className="font-normal text-slate-500">
                  {batch.expiryDate && ` · exp ${formatDay(batch.expiryDate)}`} · {unitsText(batch.delivered)}{' '}
                  delivered
                </span>
              </p>
              {errors[`rows.${index}.batchNumber`] && (
                <p className="mt-1 text-xs font-medium text-rose-700">
                  {errors[`rows.${index}.batchNumber`]}
                </p>
              )}
              <div className="mt-2 grid grid-cols-[7rem_minmax(0,1fr)] gap-3">
                <FormField
                  id={`return-quantity-${index}`}
                  label="Units"
                  error={errors[`rows.${index}.quantity`]}
                >
                  {(aria) => (
                    <Input
                      {...aria}
                      aria-label={`Units to return, ${name}`}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={batch.delivered}
                      step={1}
                      value={row.quantity}
                      onChange={(e) => setRow(index, { quantity: e.target.value })}
                    />
                  )}
                </FormField>
                <FormField
                  id={`return-reason-${index}`}
                  label="Reason"
                  error={errors[`rows.${index}.reason`]}
                >
                  {(aria) => (
                    <Select
                      {...aria}
                      aria-label={`Reason, ${name}`}
                      value={row.reason}
                      onChange={(e) => setRow(index, { reason: e.target.value as ReturnReason | '' })}
                    >
                      <option value="">Choose…</option>
                      {RETURN_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {RETURN_REASON_LABELS[reason]}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              </div>
            </li>
          );
        })}
      </ul>
      <FormField
        id="return-notes"
        label="Notes"
        optional
        error={errors.notes}
        hint="What the supplier should know"
      >
        {(aria) => (
          <Textarea {...aria} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        )}
      </FormField>
    </form>
  );
}
