import {
  RFQ_INVITATION_LABELS,
  RFQ_MESSAGES,
  rfqReasonSchema,
  type RfqAwarded,
  type RfqDetail,
} from '@aduro/shared/rfqs';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Textarea } from '../../../components/ui/form-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { formatCedis, formatDay, formatMoment, formatUnits } from '../../../lib/format';
import { useCancelRfq } from '../api/cancel-rfq';
import { useCloseRfq } from '../api/close-rfq';
import { useRfq } from '../api/get-rfq';
import { countsText, deadlineText } from '../utils/rfq-format';
import { RfqComparison } from './rfq-comparison';
import { RfqSealedBadge, RfqStatusBadge } from './rfq-status-badge';

export const SEALED_WHY =
  "Sealed: who quoted stays hidden until the quotes open, so no supplier's answer sways another.";

const orderLink = (orderId: string) => `/customer/orders?order=${encodeURIComponent(orderId)}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-pretty text-slate-900">{children}</dd>
    </div>
  );
}

function CloseDialog({ rfq, orgId, open, onOpenChange }: DialogProps) {
  const close = useCloseRfq(orgId);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Close ${rfq.number} now?`}
      description="Quoting ends at once: suppliers who have not answered can no longer quote, and the quotes open for you to compare and award."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Keep it open
          </Button>
          <Button
            loading={close.isPending}
            onClick={() => close.mutate(rfq.id, { onSuccess: () => onOpenChange(false) })}
          >
            Close and open quotes
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        {rfq.responses ? countsText(rfq.responses) : null}
        {rfq.responses && '. '}
        Quotes are due {formatMoment(rfq.responseDeadline)}.
      </p>
    </Dialog>
  );
}

interface DialogProps {
  rfq: RfqDetail;
  orgId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function CancelDialog({ rfq, orgId, open, onOpenChange }: DialogProps) {
  const cancel = useCancelRfq(orgId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit() {
    const parsed = rfqReasonSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    cancel.mutate(
      { rfqId: rfq.id, body: parsed.data },
      {
        onSuccess: () => onOpenChange(false),
        onError: (failure) => {
          if (failure instanceof ApiError) setError(failure.fieldErrors?.reason?.[0]);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Cancel ${rfq.number}?`}
      description="The invited suppliers are told the request is cancelled; nothing is awarded."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Keep the request
          </Button>
          <Button variant="danger" loading={cancel.isPending} onClick={submit}>
            Cancel request
          </Button>
        </>
      }
    >
      <FormField
        id="rfq-cancel-reason"
        label="Reason"
        optional
        error={error}
        hint="The suppliers see it with the cancellation."
      >
        {(aria) => (
          <Textarea
            {...aria}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            placeholder="e.g. Bought from our usual supplier after all."
          />
        )}
      </FormField>
    </Dialog>
  );
}

function Invitations({ rfq }: { rfq: RfqDetail }) {
  const invitations = rfq.invitations ?? [];
  const hidden = invitations.some((invitation) => invitation.status === null);
  return (
    <Card aria-labelledby="rfq-invited-title">
      <CardHeader
        id="rfq-invited-title"
        title="Invited suppliers"
        description={rfq.responses ? countsText(rfq.responses, rfq.status === 'open') : undefined}
      />
      {hidden && <p className="border-b border-slate-100 px-5 py-2.5 text-sm text-slate-600">{SEALED_WHY}</p>}
      <ul className="divide-y divide-slate-100">
        {invitations.map((invitation) => (
          <li
            key={invitation.supplier.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-2.5 text-sm"
          >
            <span className="font-medium text-slate-900">{invitation.supplier.name}</span>
            {invitation.status && (
              <span className="flex flex-wrap items-center gap-2 text-slate-600">
                <Badge
                  tone={
                    invitation.status === 'quoted'
                      ? 'green'
                      : invitation.status === 'invited'
                        ? 'blue'
                        : 'neutral'
                  }
                >
                  {RFQ_INVITATION_LABELS[invitation.status]}
                </Badge>
                {invitation.declineReason && <span className="text-xs">“{invitation.declineReason}”</span>}
              </span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Awards({ rfq }: { rfq: RfqDetail }) {
  return (
    <Card aria-labelledby="rfq-awards-title">
      <CardHeader
        id="rfq-awards-title"
        title="Awards"
        description={
          rfq.awardedAt
            ? `Awarded ${formatMoment(rfq.awardedAt)}. Approve the drafted orders on the orders page.`
            : undefined
        }
      />
      <ul className="divide-y divide-slate-100">
        {rfq.awards.map((award) => (
          <li
            key={award.quoteLineId}
            className="grid gap-x-4 gap-y-0.5 px-5 py-3 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_8rem] sm:items-center"
          >
            <span className="font-medium text-slate-900">{award.product.name}</span>
            <span className="text-slate-700">{award.supplier.name}</span>
            <span className="text-slate-700 tabular-nums">
              {formatUnits(award.quantity)} × {formatCedis(award.unitPrice)} = {formatCedis(award.total)}
            </span>
            <Link
              to={orderLink(award.order.id)}
              className="font-medium text-emerald-800 underline sm:text-right"
            >
              {award.order.number}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function DraftedOrders({ awarded, onDismiss }: { awarded: RfqAwarded; onDismiss: () => void }) {
  return (
    <section
      aria-labelledby="rfq-drafted-title"
      className="rounded-xl bg-emerald-50 px-5 py-4 text-sm ring-1 ring-emerald-200 ring-inset"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="rfq-drafted-title" className="font-semibold text-emerald-900">
          {awarded.orders.length === 1 ? '1 order drafted' : `${awarded.orders.length} orders drafted`} for
          your approval
        </h2>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <ul className="mt-2 space-y-1">
        {awarded.orders.map((order) => (
          <li key={order.id} className="flex flex-wrap gap-x-2">
            <Link to={orderLink(order.id)} className="font-medium text-emerald-900 underline">
              {order.number}
            </Link>
            <span className="text-emerald-900">
              {order.supplierName} · {order.productName} · {formatUnits(order.quantity)} units ·{' '}
              {formatCedis(order.totalCost)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface BuyerRfqDetailProps {
  orgId: string | null;
  rfqId: string;
}

/**
 * One of the buyer's RFQs: the request; while open the answers as far as sealing allows, with closing
 * early and cancelling; once the quotes open their comparison and the award; then the awards and their
 * orders, or the cancellation's reason.
 */
export function BuyerRfqDetail({ orgId, rfqId }: BuyerRfqDetailProps) {
  const query = useRfq(orgId, rfqId);
  const [closing, setClosing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [drafted, setDrafted] = useState<RfqAwarded | null>(null);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the request" className="space-y-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Card>
        {missing ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600">{RFQ_MESSAGES.notFound}.</p>
        ) : (
          <LoadFailed message="The request could not be loaded." onRetry={() => void query.refetch()} />
        )}
      </Card>
    );
  }

  const rfq = query.data;
  const open = rfq.status === 'open';
  const actionable = rfq.status === 'open' || rfq.status === 'closed';

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-emerald-700 uppercase">
            <Link to="/customer/rfqs" className="hover:underline">
              Requests for quotation
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            {rfq.number}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <RfqStatusBadge status={rfq.status} />
            {rfq.sealed && <RfqSealedBadge />}
          </div>
        </div>
        {actionable && (
          <div className="grid grid-cols-1 gap-2 sm:flex">
            {open && <Button onClick={() => setClosing(true)}>Close now and open quotes</Button>}
            <Button variant="secondary" onClick={() => setCancelling(true)}>
              Cancel request
            </Button>
          </div>
        )}
      </header>

      {drafted && <DraftedOrders awarded={drafted} onDismiss={() => setDrafted(null)} />}

      <Card aria-labelledby="rfq-request-title">
        <CardHeader id="rfq-request-title" title="The request" />
        <div className="space-y-4 px-5 py-4">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
            {!open && rfq.closedAt ? (
              <Fact label="Quotes closed">{deadlineText(rfq.closedAt)}</Fact>
            ) : (
              <Fact label={open ? 'Quotes due' : 'Quotes were due'}>
                {deadlineText(rfq.responseDeadline)}
              </Fact>
            )}
            <Fact label="Needed by">{formatDay(rfq.requiredBy, { weekday: true })}</Fact>
            <Fact label="Delivery location">{rfq.deliveryLocation}</Fact>
            <Fact label="Minimum shelf life">
              {rfq.minShelfLifeDays === 0
                ? 'Any unexpired stock'
                : `${rfq.minShelfLifeDays} ${rfq.minShelfLifeDays === 1 ? 'day' : 'days'} at delivery`}
            </Fact>
            {rfq.notes && (
              <div className="sm:col-span-2 lg:col-span-4">
                <Fact label="Notes">{rfq.notes}</Fact>
              </div>
            )}
          </dl>
          <div>
            <h3 className="text-xs font-medium text-slate-500">Products</h3>
            <ul className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
              {rfq.lines.map((line) => (
                <li key={line.id} className="flex items-baseline justify-between gap-4 px-3 py-2">
                  <span className="text-slate-900">{line.product.name}</span>
                  <span className="shrink-0 text-slate-700 tabular-nums">
                    {formatUnits(line.quantity)} units
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Card>

      {rfq.status === 'cancelled' && (
        <Card>
          <div className="px-5 py-4 text-sm">
            <p className="font-medium text-slate-900">
              Cancelled{rfq.cancelledAt ? ` ${formatMoment(rfq.cancelledAt)}` : ''}
            </p>
            <p className="mt-1 text-slate-700">{rfq.cancelReason ?? 'No reason was given.'}</p>
          </div>
        </Card>
      )}

      {rfq.status === 'awarded' && rfq.awards.length > 0 && <Awards rfq={rfq} />}

      {rfq.invitations && (open || !rfq.comparison) && <Invitations rfq={rfq} />}

      {rfq.comparison && (
        <section aria-labelledby="rfq-comparison-title" className="space-y-3">
          <h2 id="rfq-comparison-title" className="text-lg font-semibold text-slate-900">
            {open ? 'Quotes so far' : 'Compare the quotes'}
          </h2>
          {open && (
            <p className="text-sm text-slate-600">
              This request is not sealed, so quotes show as they come. Close it, or wait for the deadline, to
              award.
            </p>
          )}
          <RfqComparison
            key={`${rfq.id}:${rfq.status}`}
            orgId={orgId}
            rfq={rfq}
            comparison={rfq.comparison}
            awarding={rfq.status === 'closed'}
            onAwarded={setDrafted}
          />
        </section>
      )}

      {!open && rfq.invitations && rfq.comparison && <Invitations rfq={rfq} />}

      <CloseDialog rfq={rfq} orgId={orgId} open={closing} onOpenChange={setClosing} />
      <CancelDialog rfq={rfq} orgId={orgId} open={cancelling} onOpenChange={setCancelling} />
    </div>
  );
}
