import {
  rfqQuoteInputSchema,
  type RfqDetail,
  type RfqQuoteBody,
  type RfqQuoteInput,
} from '@aduro/shared/rfqs';
import { useRef, type ReactNode } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatUnits } from '../../../lib/format';
import { usePutQuote } from '../api/put-quote';

/** Lead time offered when the supplier's own default is not at hand. */
const FALLBACK_LEAD_TIME_DAYS = 3;
/** A new quote holds this many days past the deadline, time for the buyer to compare and award. */
const VALID_DAYS_AFTER_DEADLINE = 14;

interface QuoteLineValues {
  rfqLineId: string;
  /** 'Quote this line': a line left out is not sent. */
  included: boolean;
  unitPrice: string;
  quantity: string;
  leadTimeDays: string;
  earliestExpiry: string;
}

export interface QuoteFormValues {
  lines: QuoteLineValues[];
  validUntil: string;
  paymentTerms: string;
  notes: string;
}

/** The supplier's own trading terms, read by the cockpit, that a new quote starts from. */
export interface QuoteDefaults {
  leadTimeDays?: number | undefined;
  paymentTerms?: string | undefined;
}

/** The deadline's calendar day (the server's, UTC) plus `days`, as YYYY-MM-DD. */
function dayAfter(instant: string, days: number): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/** The standing quote, when there is one, else the request's quantities and the supplier's defaults. */
export function quoteFormDefaults(rfq: RfqDetail, defaults: QuoteDefaults = {}): QuoteFormValues {
  const quote = rfq.myQuote;
  const leadTime = String(defaults.leadTimeDays ?? FALLBACK_LEAD_TIME_DAYS);
  return {
    lines: rfq.lines.map((line) => {
      const quoted = quote?.lines.find((q) => q.rfqLineId === line.id);
      return quoted
        ? {
            rfqLineId: line.id,
            included: true,
            unitPrice: quoted.unitPrice.toFixed(2),
            quantity: String(quoted.quantity),
            leadTimeDays: String(quoted.leadTimeDays),
            earliestExpiry: quoted.earliestExpiry ?? '',
          }
        : {
            rfqLineId: line.id,
            // A revised quote keeps the lines it left out unticked; a first quote offers every line.
            included: !quote,
            unitPrice: '',
            quantity: String(line.quantity),
            leadTimeDays: leadTime,
            earliestExpiry: '',
          };
    }),
    validUntil: quote?.validUntil ?? dayAfter(rfq.responseDeadline, VALID_DAYS_AFTER_DEADLINE),
    paymentTerms: quote?.paymentTerms ?? defaults.paymentTerms ?? '',
    notes: quote?.notes ?? '',
  };
}

/** A typed number: blank is missing (the schema's own message), commas as thousands separators are allowed. */
function toNumber(text: string): number | undefined {
  const trimmed = text.replace(/,/g, '').trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * The body PUT /rfqs/{id}/quote takes, and for each line sent the form row it came from: the schema's
 * and the server's `lines.N` count the lines sent, not the rows shown.
 */
function toQuoteInput(values: QuoteFormValues): { input: RfqQuoteInput; rows: number[] } {
  const rows: number[] = [];
  const lines: RfqQuoteInput['lines'] = [];
  values.lines.forEach((line, row) => {
    if (!line.included) return;
    rows.push(row);
    lines.push({
      rfqLineId: line.rfqLineId,
      unitPrice: toNumber(line.unitPrice) as number,
      quantity: toNumber(line.quantity) as number,
      leadTimeDays: toNumber(line.leadTimeDays) as number,
      earliestExpiry: line.earliestExpiry || null,
    });
  });
  return {
    input: { lines, validUntil: values.validUntil, paymentTerms: values.paymentTerms, notes: values.notes },
    rows,
  };
}

/** The form's field for an error path of the body ('lines.0.unitPrice' -> the row's field); null if none. */
function formPath(path: readonly PropertyKey[], rows: readonly number[]): string | null {
  const [head, index, field] = path;
  if (head !== 'lines') return typeof head === 'string' ? head : null;
  // An error on the lines as a whole: none was ticked.
  if (index === undefined) return 'lines.root';
  const row = rows[Number(index)];
  if (row === undefined) return 'lines.root';
  // rfqLineId errors (a line twice, unknown) concern the row as a whole: shown on its price.
  const name = field === 'rfqLineId' || field === undefined ? 'unitPrice' : String(field);
  return `lines.${row}.${name}`;
}

function setNested(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
  const last = keys[keys.length - 1] as string;
  // The first message per field, the one the schema checks first.
  node[last] ??= value;
}

/** The shared schema the API route uses, run on the ticked lines; its messages land on the rows shown. */
const quoteResolver: Resolver<QuoteFormValues, unknown, RfqQuoteBody> = (values) => {
  const { input, rows } = toQuoteInput(values);
  const result = rfqQuoteInputSchema.safeParse(input);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const path = formPath(issue.path, rows);
    if (path) setNested(errors, path, { type: issue.code, message: issue.message });
  }
  return { values: {}, errors: errors as FieldErrors<QuoteFormValues> };
};

export interface QuoteFormProps {
  orgId: string | null;
  rfq: RfqDetail;
  defaults?: QuoteDefaults;
  /** Withdraw and Decline, beside the submit button. */
  actions?: ReactNode;
}

/**
 * The supplier's quote on an open request: a price, quantity, lead time and earliest expiry per line it
 * quotes (a line may be left out), how long the quote holds, payment terms and notes. Validated by the
 * schema PUT /rfqs/{id}/quote uses; the server's field messages land under their fields.
 */
export function QuoteForm({ orgId, rfq, defaults, actions }: QuoteFormProps) {
  const put = usePutQuote(orgId);
  const form = useForm<QuoteFormValues, unknown, RfqQuoteBody>({
    defaultValues: quoteFormDefaults(rfq, defaults),
    resolver: quoteResolver,
  });
  const { register, handleSubmit, setError, setValue, control, formState } = form;
  const { errors } = formState;
  const { fields } = useFieldArray({ control, name: 'lines', keyName: 'key' });
  const lines = useWatch({ control, name: 'lines' });
  // The rows of the last body sent, to place the server's `lines.N` errors.
  const sentRows = useRef<number[]>([]);
  const formId = `quote-form-${rfq.id}`;

  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      const path = message ? formPath(key.split('.'), sentRows.current) : null;
      if (message && path) setError(path as FieldPath<QuoteFormValues>, { type: 'server', message });
    }
  }

  function onValid(body: RfqQuoteBody, values: QuoteFormValues) {
    sentRows.current = toQuoteInput(values).rows;
    put.mutate({ rfqId: rfq.id, body }, { onError: showServerFieldErrors });
  }

  const linesError = errors.lines?.root?.message ?? errors.lines?.message;

  return (
    <form
      id={formId}
      noValidate
      aria-label="Your quote"
      onSubmit={(event) => void handleSubmit((body) => onValid(body, form.getValues()))(event)}
      className="space-y-5"
    >
      <div className="space-y-3">
        {fields.map((field, row) => {
          const line = rfq.lines[row];
          if (!line) return null;
          const included = lines[row]?.included ?? true;
          const lineErrors = errors.lines?.[row];
          const id = `${formId}-${line.lineNo}`;
          return (
            <fieldset
              key={field.key}
              aria-label={line.product.name}
              className="rounded-lg border border-slate-200 p-3 sm:p-4"
            >
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{line.product.name}</p>
                  <p className="text-xs text-slate-600">
                    {formatUnits(line.quantity)} {line.quantity === 1 ? 'unit' : 'units'} asked for
                  </p>
                </div>
                <Checkbox
                  label="Quote this line"
                  checked={included}
                  onCheckedChange={(on) =>
                    setValue(`lines.${row}.included`, on, { shouldValidate: formState.isSubmitted })
                  }
                />
              </div>
              {included && (
                <div className="mt-3 grid grid-cols-2 gap-3">
                  <FormField
                    id={`${id}-price`}
                    label="Unit price (GH₵)"
                    error={lineErrors?.unitPrice?.message}
                  >
                    {(aria) => (
                      <Input
                        {...aria}
                        inputMode="decimal"
                        autoComplete="off"
                        {...register(`lines.${row}.unitPrice`)}
                      />
                    )}
                  </FormField>
                  <FormField id={`${id}-quantity`} label="Quantity" error={lineErrors?.quantity?.message}>
                    {(aria) => (
                      <Input
                        {...aria}
                        inputMode="numeric"
                        autoComplete="off"
                        {...register(`lines.${row}.quantity`)}
                      />
                    )}
                  </FormField>
                  <FormField
                    id={`${id}-lead`}
                    label="Lead time (days)"
                    error={lineErrors?.leadTimeDays?.message}
                  >
                    {(aria) => (
                      <Input
                        {...aria}
                        inputMode="numeric"
                        autoComplete="off"
                        {...register(`lines.${row}.leadTimeDays`)}
                      />
                    )}
                  </FormField>
                  <FormField
                    id={`${id}-expiry`}
                    label="Earliest expiry"
                    optional
                    error={lineErrors?.earliestExpiry?.message}
                  >
                    {(aria) => <Input {...aria} type="date" {...register(`lines.${row}.earliestExpiry`)} />}
                  </FormField>
                </div>
              )}
            </fieldset>
          );
        })}
        <div aria-live="polite">
          {linesError && <p className="text-sm font-medium text-rose-700">{linesError}</p>}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${formId}-valid-until`}
          label="Valid until"
          error={errors.validUntil?.message}
          hint="The buyer can award your quote until this day."
        >
          {(aria) => <Input {...aria} type="date" {...register('validUntil')} />}
        </FormField>
        <FormField id={`${formId}-terms`} label="Payment terms" error={errors.paymentTerms?.message}>
          {(aria) => (
            <Input {...aria} autoComplete="off" placeholder="e.g. Net 30" {...register('paymentTerms')} />
          )}
        </FormField>
      </div>
      <FormField id={`${formId}-notes`} label="Notes" optional error={errors.notes?.message}>
        {(aria) => (
          <Textarea
            {...aria}
            rows={3}
            placeholder="e.g. Prices hold for full cartons; delivery in two drops"
            {...register('notes')}
          />
        )}
      </FormField>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={put.isPending}>
          {rfq.myQuote ? 'Update quote' : 'Send quote'}
        </Button>
        {actions}
      </div>
    </form>
  );
}
