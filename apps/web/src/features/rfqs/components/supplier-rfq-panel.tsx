import {
  RFQ_INVITATION_LABELS,
  rfqReasonSchema,
  type RfqDetail,
  type RfqInvitationStatus,
} from '@aduro/shared/rfqs';
import { useState, type ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField, Textarea } from '../../../components/ui/form-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Sheet } from '../../../components/ui/sheet';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatDay, formatMoment, formatUnits } from '../../../lib/format';
import { useDeclineRfq } from '../api/decline-rfq';
import { useRfq } from '../api/get-rfq';
import { useWithdrawQuote } from '../api/withdraw-quote';
import { QuoteForm, type QuoteDefaults } from './quote-form';
import { RfqStatusBadge } from './rfq-status-badge';
import { fromNow } from '../utils/rfq-format';

/** Waiting on the supplier reads amber; a standing quote green; a decline or withdrawal grey. */
const ANSWER_TONES: Record<RfqInvitationStatus, BadgeTone> = {
  invited: 'yellow',
  quoted: 'green',
  declined: 'neutral',
  withdrawn: 'neutral',
};

/** The supplier's own answer to a request, in the words of RFQ_INVITATION_LABELS. */
export function RfqAnswerBadge({ status }: { status: RfqInvitationStatus }) {
  return <Badge tone={ANSWER_TONES[status]}>{RFQ_INVITATION_LABELS[status]}</Badge>;
}

interface SupplierRfqPanelProps {
  orgId: string | null;
  /** The request shown; null closes the panel. */
  rfqId: string | null;
  onClose: () => void;
  /** The supplier's own lead time and payment terms, which a new quote starts from; null while being read. */
  quoteDefaults?: QuoteDefaults | null;
}

/**
 * One request as its invited supplier sees it, in a sheet: what the buyer asks for, then the supplier's
 * quote form while quoting is open, or its quote and the outcome once it is not. Nothing of any other
 * supplier is ever on it.
 */
export function SupplierRfqPanel({ orgId, rfqId, onClose, quoteDefaults }: SupplierRfqPanelProps) {
  const rfq = useRfq(orgId, rfqId);
  const data = rfqId && rfq.data?.id === rfqId ? rfq.data : undefined;
  return (
    <Sheet
      open={rfqId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={data ? data.number : 'Request for quotation'}
      description={data ? `From ${data.buyer.name}` : undefined}
    >
      {data && quoteDefaults !== null ? (
        <RfqPanelBody
          // A new request, or the same one reopened for quoting, starts its form afresh.
          key={`${data.id}:${data.canRespond}`}
          orgId={orgId}
          rfq={data}
          quoteDefaults={quoteDefaults}
        />
      ) : rfq.isError ? (
        <LoadFailed message="This request could not be loaded." onRetry={() => void rfq.refetch()} />
      ) : (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-40" />
        </div>
      )}
    </Sheet>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function RfqPanelBody({
  orgId,
  rfq,
  quoteDefaults,
}: {
  orgId: string | null;
  rfq: RfqDetail;
  quoteDefaults: QuoteDefaults | undefined;
}) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="rfq-request-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="rfq-request-title" className="text-sm font-semibold text-slate-900">
            The request
          </h3>
          <span className="flex flex-wrap gap-1.5">
            <RfqStatusBadge status={rfq.status} />
            {rfq.myStatus && <RfqAnswerBadge status={rfq.myStatus} />}
          </span>
        </div>
        <ul
          aria-label="Products asked for"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {rfq.lines.map((line) => (
            <li key={line.id} className="flex items-baseline justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 break-words text-slate-900">{line.product.name}</span>
              <span className="shrink-0 font-medium whitespace-nowrap text-slate-700">
                {formatUnits(line.quantity)} {line.quantity === 1 ? 'unit' : 'units'}
              </span>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          {/* Once quoting ended, when it did (the buyer may have closed it early) is what matters. */}
          <Detail term={rfq.closedAt ? 'Quoting closed' : 'Quotes due'}>
            {formatMoment(rfq.closedAt ?? rfq.responseDeadline)}
            <span className="block text-xs text-slate-500">
              {fromNow(rfq.closedAt ?? rfq.responseDeadline)}
            </span>
          </Detail>
          <Detail term="Required by">{formatDay(rfq.requiredBy, { weekday: true })}</Detail>
          <Detail term="Deliver to">{rfq.deliveryLocation}</Detail>
          <Detail term="Minimum shelf life">
            {rfq.minShelfLifeDays > 0 ? `${formatUnits(rfq.minShelfLifeDays)} days on delivery` : 'None set'}
          </Detail>
          {rfq.notes && (
            <div className="col-span-2">
              <Detail term="Buyer's notes">
                <span className="whitespace-pre-line">{rfq.notes}</span>
              </Detail>
            </div>
          )}
        </dl>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
          {rfq.sealed
            ? 'Sealed: the buyer sees no quote until the deadline. '
            : 'Not sealed: the buyer sees quotes as they arrive. '}
          No supplier ever sees another&apos;s quote.
        </p>
      </section>

      {rfq.canRespond ? (
        <section aria-labelledby="rfq-quote-title" className="space-y-3">
          <h3 id="rfq-quote-title" className="text-sm font-semibold text-slate-900">
            {rfq.myQuote ? 'Your quote' : 'Quote'}
          </h3>
          {rfq.myStatus === 'declined' && (
            <p className="text-sm text-slate-600">
              You declined this request. You can still quote until the deadline.
            </p>
          )}
          <QuoteForm
            orgId={orgId}
            rfq={rfq}
            defaults={quoteDefaults}
            actions={<ResponseActions orgId={orgId} rfq={rfq} />}
          />
        </section>
      ) : (
        <ReadOnlyAnswer rfq={rfq} />
      )}
    </div>
  );
}

/** Withdraw (when a quote stands) and Decline, each asking once more before it acts. */
function ResponseActions({ orgId, rfq }: { orgId: string | null; rfq: RfqDetail }) {
  const [asking, setAsking] = useState<'withdraw' | 'decline' | null>(null);
  const [reason, setReason] = useState('');
  const withdraw = useWithdrawQuote(orgId);
  const decline = useDeclineRfq(orgId);
  const parsedReason = rfqReasonSchema.safeParse({ reason });
  const reasonError = parsedReason.success ? undefined : parsedReason.error.issues[0]?.message;

  if (asking === 'withdraw') {
    return (
      <div
        role="group"
        aria-label="Withdraw your quote"
        className="w-full rounded-lg border border-rose-200 bg-rose-50 p-3"
      >
        <p className="text-sm text-rose-900">
          Withdraw your quote? The buyer will not see it. You can quote again until the deadline.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="danger"
            loading={withdraw.isPending}
            onClick={() =>
              withdraw.mutate({ rfqId: rfq.id, number: rfq.number }, { onSettled: () => setAsking(null) })
            }
          >
            Withdraw quote
          </Button>
          <Button variant="secondary" onClick={() => setAsking(null)}>
            Keep it
          </Button>
        </div>
      </div>
    );
  }

  if (asking === 'decline') {
    return (
      <div
        role="group"
        aria-label="Decline this request"
        className="w-full space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      >
        <FormField
          id={`decline-reason-${rfq.id}`}
          label="Reason"
          optional
          error={reasonError}
          hint="The buyer reads it, e.g. out of stock until March."
        >
          {(aria) => (
            <Textarea {...aria} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="danger"
            loading={decline.isPending}
            disabled={!parsedReason.success}
            onClick={() =>
              parsedReason.success &&
              decline.mutate(
                { rfqId: rfq.id, number: rfq.number, body: parsedReason.data },
                { onSettled: () => setAsking(null) },
              )
            }
          >
            Decline request
          </Button>
          <Button variant="secondary" onClick={() => setAsking(null)}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <>
      {rfq.myQuote && (
        <Button variant="secondary" onClick={() => setAsking('withdraw')}>
          Withdraw quote
        </Button>
      )}
      {rfq.myStatus !== 'declined' && (
        <Button variant="ghost" onClick={() => setAsking('decline')}>
          Decline
        </Button>
      )}
    </>
  );
}

/** Once quoting has ended: the supplier's quote or decline as it stood, and whether it won. */
function ReadOnlyAnswer({ rfq }: { rfq: RfqDetail }) {
  const quote = rfq.myQuote;
  const lineOf = (rfqLineId: string) => rfq.lines.find((line) => line.id === rfqLineId);
  return (
    <>
      <section aria-labelledby="rfq-answer-title" className="space-y-3">
        <h3 id="rfq-answer-title" className="text-sm font-semibold text-slate-900">
          Your answer
        </h3>
        {quote ? (
          <>
            <ul
              aria-label="Your quote"
              className="divide-y divide-slate-100 rounded-lg border border-slate-200"
            >
              {quote.lines.map((q) => (
                <li key={q.id} className="px-3 py-2 text-sm">
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 break-words text-slate-900">
                      {lineOf(q.rfqLineId)?.product.name ?? 'Product'}
                    </span>
                    <span className="shrink-0 font-medium text-slate-900">{formatCedis(q.total)}</span>
                  </span>
                  <span className="mt-0.5 block text-xs text-slate-600">
                    {formatUnits(q.quantity)} × {formatCedis(q.unitPrice)} · {q.leadTimeDays}{' '}
                    {q.leadTimeDays === 1 ? 'day' : 'days'} lead time
                    {q.earliestExpiry ? ` · expires from ${formatDay(q.earliestExpiry)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
              <Detail term="Valid until">
                {formatDay(quote.validUntil)}
                {quote.expired && <span className="block text-xs text-amber-800">Expired</span>}
              </Detail>
              <Detail term="Payment terms">{quote.paymentTerms}</Detail>
              {quote.notes && (
                <div className="col-span-2">
                  <Detail term="Notes">
                    <span className="whitespace-pre-line">{quote.notes}</span>
                  </Detail>
                </div>
              )}
            </dl>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            {rfq.myStatus === 'declined'
              ? `You declined this request${rfq.myDeclineReason ? `: ${rfq.myDeclineReason}` : '.'}`
              : rfq.myStatus === 'withdrawn'
                ? 'You withdrew your quote.'
                : 'You did not quote on this request.'}
          </p>
        )}
      </section>
      <Outcome rfq={rfq} />
    </>
  );
}

function Outcome({ rfq }: { rfq: RfqDetail }) {
  if (rfq.status === 'cancelled') {
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        The buyer cancelled this request{rfq.cancelReason ? `: ${rfq.cancelReason}` : '.'}
      </p>
    );
  }
  if (rfq.status === 'open' || rfq.status === 'closed') {
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Quoting has ended. You will be told here and by notification whether you are awarded.
      </p>
    );
  }
  if (rfq.awards.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-700">
        Not awarded to you
      </p>
    );
  }
  return (
    <section
      aria-labelledby="rfq-awards-title"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-3"
    >
      <h3 id="rfq-awards-title" className="text-sm font-semibold text-emerald-900">
        Awarded to you
      </h3>
      <ul className="mt-2 space-y-1 text-sm text-emerald-900">
        {rfq.awards.map((award) => (
          <li key={award.quoteLineId}>
            {formatUnits(award.quantity)} {award.quantity === 1 ? 'unit' : 'units'} of {award.product.name} at{' '}
            {formatCedis(award.unitPrice)}: order <span className="font-medium">{award.order.number}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-emerald-800">
        The buyer approves the order under its Orders as usual; it then reaches your Shipping tab.
      </p>
    </section>
  );
}
