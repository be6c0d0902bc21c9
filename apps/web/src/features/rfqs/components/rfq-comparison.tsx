import {
  RFQ_MESSAGES,
  type RfqAwarded,
  type RfqComparedQuote,
  type RfqComparisonLine,
  type RfqDetail,
} from '@aduro/shared/rfqs';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Input } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { formatCedis, formatDay, formatUnits } from '../../../lib/format';
import { useAwardRfq } from '../api/award-rfq';

/** Units typed per quote line id. */
type Quantities = Record<string, string>;

/**
 * The award the screen proposes: on each line the best awardable quote gets the units asked for, as far
 * as it quoted them; the buyer moves units to other quotes from there.
 */
export function proposedQuantities(comparison: readonly RfqComparisonLine[]): Quantities {
  const quantities: Quantities = {};
  for (const line of comparison) {
    for (const quote of line.quotes) quantities[quote.quoteLineId] = '';
    const best = line.quotes.find((quote) => quote.best && !quote.expired);
    if (best) quantities[best.quoteLineId] = String(Math.min(line.quantity, best.quantity));
  }
  return quantities;
}

/** A typed quantity as a count: blank or zero is no award; anything not a whole number is NaN. */
function units(text: string | undefined): number {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function ShelfLifeMark({ meets }: { meets: boolean | null }) {
  if (meets === null) return <Badge tone="neutral">Expiry not stated</Badge>;
  return meets ? <Badge tone="green">Meets shelf life</Badge> : <Badge tone="red">Short shelf life</Badge>;
}

const QUOTE_COLUMNS =
  'lg:grid-cols-[minmax(0,1.6fr)_6rem_7rem_5rem_minmax(0,1.2fr)_minmax(0,1fr)_7rem_7rem_6.5rem]';

function QuoteHeader({ awarding }: { awarding: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'hidden gap-x-3 border-b border-slate-100 px-5 py-2 text-xs font-medium text-slate-500 lg:grid',
        QUOTE_COLUMNS,
      )}
    >
      <span>Supplier</span>
      <span className="text-right">Unit price</span>
      <span className="text-right">Total</span>
      <span className="text-right">Lead time</span>
      <span>Earliest expiry</span>
      <span>Payment terms</span>
      <span>Valid until</span>
      <span className="text-right">Credit available</span>
      <span className="text-right">{awarding ? 'Award units' : ''}</span>
    </div>
  );
}

/** A fact of a quote: labelled on a phone's card, a bare cell of the table from lg up. */
function Cell({
  label,
  children,
  className,
}: {
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3 lg:block', className)}>
      <dt className="text-xs text-slate-500 lg:sr-only">{label}</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

interface QuoteRowProps {
  line: RfqComparisonLine;
  quote: RfqComparedQuote;
  awarding: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

function QuoteRow({ line, quote, awarding, value, error, onChange }: QuoteRowProps) {
  const inputId = `award-${quote.quoteLineId}`;
  return (
    <li
      aria-label={`${quote.supplier.name}'s quote for ${line.product.name}`}
      className={cn('px-5 py-3 text-sm', quote.best && 'bg-emerald-50/50', quote.expired && 'text-slate-500')}
    >
      <dl className={cn('grid gap-x-3 gap-y-1.5 lg:items-center', QUOTE_COLUMNS)}>
        <div className="flex flex-wrap items-center gap-2 lg:block">
          <dt className="sr-only">Supplier</dt>
          <dd className="font-medium text-slate-900">{quote.supplier.name}</dd>
          <dd className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600 lg:mt-0.5">
            <span>Rank {quote.rank}</span>
            {quote.best && <Badge tone="green">Best</Badge>}
            {quote.expired && <Badge tone="red">Expired</Badge>}
          </dd>
        </div>
        <Cell label="Unit price" className="lg:text-right">
          <span className="tabular-nums">{formatCedis(quote.unitPrice)}</span>
        </Cell>
        <Cell label="Total" className="lg:text-right">
          <span className="tabular-nums">{formatCedis(quote.total)}</span>
          <span className="block text-xs text-slate-500">{formatUnits(quote.quantity)} units</span>
        </Cell>
        <Cell label="Lead time" className="lg:text-right">
          {quote.leadTimeDays === 1 ? '1 day' : `${quote.leadTimeDays} days`}
        </Cell>
        <Cell label="Earliest expiry">
          <span className="flex flex-wrap items-center justify-end gap-1.5 lg:justify-start">
            {quote.earliestExpiry && <span>{formatDay(quote.earliestExpiry)}</span>}
            <ShelfLifeMark meets={quote.meetsShelfLife} />
          </span>
        </Cell>
        <Cell label="Payment terms">{quote.paymentTerms}</Cell>
        <Cell label="Valid until">
          <span className={cn(quote.expired && 'text-rose-700')}>
            {formatDay(quote.validUntil)}
            {quote.expired && ' (expired)'}
          </span>
        </Cell>
        <Cell label="Credit available" className="lg:text-right">
          {quote.creditAvailable === null ? (
            <span className="text-slate-500">No credit line</span>
          ) : (
            <span className="tabular-nums">{formatCedis(quote.creditAvailable)}</span>
          )}
        </Cell>
        <div className="lg:text-right">
          {awarding && !quote.expired && (
            <div className="mt-1 flex items-center justify-between gap-3 lg:mt-0 lg:block">
              <label htmlFor={inputId} className="text-xs font-medium text-slate-700 lg:sr-only">
                Units to award to {quote.supplier.name}
              </label>
              <Input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={0}
                max={quote.quantity}
                step={1}
                value={value}
                onChange={(event) => onChange(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className="w-24 text-right lg:ml-auto"
              />
            </div>
          )}
          {awarding && quote.expired && <span className="text-xs text-slate-500">Cannot be awarded</span>}
        </div>
      </dl>
      {error && (
        <p id={`${inputId}-error`} className="mt-1.5 text-xs font-medium text-rose-700 lg:text-right">
          {error}
        </p>
      )}
    </li>
  );
}

interface RfqComparisonProps {
  orgId: string | null;
  rfq: RfqDetail;
  comparison: readonly RfqComparisonLine[];
  /** Quotes are open and nothing is awarded yet: the quantities and the award button show. */
  awarding: boolean;
  onAwarded: (awarded: RfqAwarded) => void;
}

/**
 * The quotes side by side, line by line, ranked by the server (the best marked), and the award: units
 * per quote, the line's sum against what was asked, a summary by supplier, then 'Award and draft orders'.
 */
export function RfqComparison({ orgId, rfq, comparison, awarding, onAwarded }: RfqComparisonProps) {
  const award = useAwardRfq(orgId);
  const [quantities, setQuantities] = useState<Quantities>(() => proposedQuantities(comparison));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const quoteErrors: Record<string, string> = {};
  const lineErrors: Record<string, string> = {};
  const awards: { quoteLineId: string; quantity: number }[] = [];
  const bySupplier = new Map<string, { name: string; units: number; total: number; lines: number }>();
  for (const line of comparison) {
    let sum = 0;
    for (const quote of line.quotes) {
      if (quote.expired) continue;
      const count = units(quantities[quote.quoteLineId]);
      if (Number.isNaN(count)) {
        quoteErrors[quote.quoteLineId] = RFQ_MESSAGES.awardQuantity;
        continue;
      }
      if (count === 0) continue;
      if (count > quote.quantity) {
        quoteErrors[quote.quoteLineId] = RFQ_MESSAGES.exceedsQuote(
          quote.supplier.name,
          line.product.name,
          quote.quantity,
          count,
        );
      }
      sum += count;
      awards.push({ quoteLineId: quote.quoteLineId, quantity: count });
      const supplier = bySupplier.get(quote.supplier.id) ?? {
        name: quote.supplier.name,
        units: 0,
        total: 0,
        lines: 0,
      };
      supplier.units += count;
      supplier.total += count * quote.unitPrice;
      supplier.lines += 1;
      bySupplier.set(quote.supplier.id, supplier);
    }
    if (sum > line.quantity)
      lineErrors[line.rfqLineId] = RFQ_MESSAGES.exceedsRequest(line.product.name, line.quantity, sum);
  }
  const blocked = Object.keys(quoteErrors).length > 0 || Object.keys(lineErrors).length > 0;

  function setQuantity(quoteLineId: string, value: string) {
    setQuantities((current) => ({ ...current, [quoteLineId]: value }));
    setServerErrors((current) => {
      const { [quoteLineId]: _gone, ...rest } = current;
      return rest;
    });
  }

  function submit() {
    if (blocked || awards.length === 0) return;
    const sent = awards;
    award.mutate(
      { rfqId: rfq.id, rfqNumber: rfq.number, body: { awards: sent } },
      {
        onSuccess: onAwarded,
        onError: (error) => {
          if (!(error instanceof ApiError) || !error.fieldErrors) return;
          // 'awards.2.quantity' names the third award sent: shown under that quote's input.
          const next: Record<string, string> = {};
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            const index = /^awards\.(\d+)/.exec(field)?.[1];
            const target = index === undefined ? undefined : sent[Number(index)];
            if (target && messages[0]) next[target.quoteLineId] = messages[0];
          }
          setServerErrors(next);
        },
      },
    );
  }

  const totalValue = [...bySupplier.values()].reduce((sum, s) => sum + s.total, 0);

  return (
    <div className="space-y-6">
      {comparison.map((line) => {
        const sum = line.quotes.reduce((total, quote) => {
          const count = quote.expired ? 0 : units(quantities[quote.quoteLineId]);
          return Number.isNaN(count) ? total : total + count;
        }, 0);
        const titleId = `rfq-line-${line.rfqLineId}`;
        return (
          <Card key={line.rfqLineId} aria-labelledby={titleId}>
            <CardHeader
              id={titleId}
              as="h3"
              title={line.product.name}
              description={`${formatUnits(line.quantity)} units asked for · ${
                line.quotes.length === 1 ? '1 quote' : `${line.quotes.length} quotes`
              }`}
              actions={
                awarding &&
                line.quotes.length > 0 && (
                  <p
                    aria-live="polite"
                    className={cn(
                      'text-sm font-medium tabular-nums',
                      lineErrors[line.rfqLineId]
                        ? 'text-rose-700'
                        : sum === line.quantity
                          ? 'text-emerald-800'
                          : 'text-slate-700',
                    )}
                  >
                    {formatUnits(sum)} of {formatUnits(line.quantity)} units awarded
                  </p>
                )
              }
            />
            {line.quotes.length === 0 ? (
              <p className="px-5 py-4 text-sm text-slate-600">No supplier quoted this product.</p>
            ) : (
              <>
                <QuoteHeader awarding={awarding} />
                <ul className="divide-y divide-slate-100">
                  {line.quotes.map((quote) => (
                    <QuoteRow
                      key={quote.quoteLineId}
                      line={line}
                      quote={quote}
                      awarding={awarding}
                      value={quantities[quote.quoteLineId] ?? ''}
                      error={quoteErrors[quote.quoteLineId] ?? serverErrors[quote.quoteLineId]}
                      onChange={(value) => setQuantity(quote.quoteLineId, value)}
                    />
                  ))}
                </ul>
                {lineErrors[line.rfqLineId] && (
                  <p
                    role="alert"
                    className="border-t border-slate-100 px-5 py-2 text-sm font-medium text-rose-700"
                  >
                    {lineErrors[line.rfqLineId]}
                  </p>
                )}
              </>
            )}
          </Card>
        );
      })}

      {awarding && (
        <Card aria-labelledby="rfq-award-title">
          <CardHeader
            id="rfq-award-title"
            title="Award"
            description="Each awarded quote line becomes an order drafted at the quoted price, waiting for your approval."
          />
          <div className="space-y-4 px-5 py-4 text-sm">
            {bySupplier.size === 0 ? (
              <p className="text-slate-600">Enter the units to award against the quotes above.</p>
            ) : (
              <ul aria-label="Award by supplier" className="divide-y divide-slate-100">
                {[...bySupplier.entries()].map(([id, supplier]) => (
                  <li
                    key={id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2"
                  >
                    <span className="font-medium text-slate-900">{supplier.name}</span>
                    <span className="text-slate-700 tabular-nums">
                      {formatUnits(supplier.units)} units ·{' '}
                      {supplier.lines === 1 ? '1 order' : `${supplier.lines} orders`} ·{' '}
                      {formatCedis(supplier.total)}
                    </span>
                  </li>
                ))}
                <li className="flex items-baseline justify-between gap-4 py-2 font-semibold text-slate-900">
                  <span>Total</span>
                  <span className="tabular-nums">{formatCedis(totalValue)}</span>
                </li>
              </ul>
            )}
            <div className="flex justify-end">
              <Button
                className="w-full sm:w-auto"
                loading={award.isPending}
                disabled={blocked || awards.length === 0}
                onClick={submit}
              >
                Award and draft orders
              </Button>
            </div>
          </div>
        </Card>
      )}
    </div>
  );
}
