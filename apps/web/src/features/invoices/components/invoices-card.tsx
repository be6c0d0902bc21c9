import type { Invoice } from '@aduro/shared/invoices';
import { todayUtc } from '@aduro/shared/inventory';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatDay } from '../../../lib/format';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';
import { useInvoices, type InvoiceSide } from '../api/get-invoices';
import { filterInvoices, INVOICE_FILTERS, type InvoiceFilter } from '../utils/invoice-filter';
import {
  amountOwed,
  daysOverdue,
  INVOICE_STATE_LABELS,
  INVOICE_STATE_TONES,
  invoiceState,
  sortForCollection,
} from '../utils/invoice-state';
import { InvoiceBatches } from './invoice-batches';
import { RecordPaymentDialog } from './record-payment-dialog';

interface InvoicesCardProps {
  orgId: string | null;
  /** The buyer reads what it owes each supplier; the seller what each customer owes it. */
  side: InvoiceSide;
}

const COPY = {
  buyer: {
    title: 'Invoices',
    description: 'What you owe for released orders. Overdue invoices weigh on your next credit request.',
    empty: { open: 'Nothing owed right now.', overdue: 'No overdue invoices.', all: 'No invoices yet.' },
  },
  seller: {
    title: 'Receivables',
    description: 'Unpaid and overdue invoices. Recording a payment frees the customer’s credit at once.',
    empty: {
      open: 'No unpaid invoices.',
      overdue: 'No overdue invoices.',
      all: 'No invoices issued yet.',
    },
  },
} as const;

/** A buyer's invoices, or a seller's receivables with 'Record payment'; most pressing first. */
export function InvoicesCard({ orgId, side }: InvoicesCardProps) {
  const invoices = useInvoices(orgId, side);
  const [filter, setFilter] = useState<InvoiceFilter>('open');
  const [paying, setPaying] = useState<Invoice | null>(null);
  const all = invoices.data ?? [];
  const shown = sortForCollection(filterInvoices(all, filter));
  const overdue = all.filter((i) => invoiceState(i) === 'overdue');
  const today = todayUtc();
  const copy = COPY[side];

  return (
    <Card aria-labelledby={`invoices-${side}-title`}>
      <CardHeader
        id={`invoices-${side}-title`}
        title={copy.title}
        description={copy.description}
        actions={
          <SegmentedControl
            label={`Show ${copy.title.toLowerCase()}`}
            options={INVOICE_FILTERS}
            value={filter}
            onChange={setFilter}
          />
        }
      />
      <dl className="grid grid-cols-2 gap-3 border-b border-slate-100 px-5 py-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Outstanding</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatCedis(amountOwed(all))}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Overdue</dt>
          <dd className={`text-lg font-semibold tabular-nums ${overdue.length ? 'text-rose-700' : ''}`}>
            {formatCedis(amountOwed(overdue))}
            <span className="ml-1 text-xs font-normal text-slate-500">
              ({overdue.length} {overdue.length === 1 ? 'invoice' : 'invoices'})
            </span>
          </dd>
        </div>
      </dl>
      {invoices.isPending && orgId ? (
        <div className="space-y-2 p-5">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : invoices.isError ? (
        <LoadFailed message="The invoices could not be loaded." onRetry={() => void invoices.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState message={copy.empty[filter]} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {shown.map((invoice) => {
            const state = invoiceState(invoice);
            const party = side === 'buyer' ? invoice.seller.name : invoice.buyer.name;
            return (
              <li
                key={invoice.id}
                className="grid gap-2 px-5 py-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    {invoice.number}
                    <Badge tone={INVOICE_STATE_TONES[state]}>{INVOICE_STATE_LABELS[state]}</Badge>
                    {invoice.onCredit && <Badge tone="blue">On credit</Badge>}
                  </p>
                  <p className="truncate text-sm text-slate-600">
                    {party} · {invoice.order.productName} · {invoice.order.number}
                  </p>
                  <InvoiceBatches invoice={invoice} />
                </div>
                <div className="text-sm sm:text-right">
                  <p className="font-semibold tabular-nums">
                    {formatCedis(invoice.status === 'unpaid' ? invoice.amountDue : invoice.amount)}
                    {invoice.status === 'unpaid' && invoice.amountPaid > 0 && (
                      <span className="ml-1 text-xs font-normal text-slate-500">
                        of {formatCedis(invoice.amount)}
                      </span>
                    )}
                  </p>
                  <p className={state === 'overdue' ? 'text-xs text-rose-700' : 'text-xs text-slate-500'}>
                    {state === 'overdue'
                      ? `Due ${formatDay(invoice.dueDate)} · ${daysOverdue(invoice.dueDate, today)} days overdue`
                      : invoice.status === 'paid' && invoice.lastPaidAt
                        ? `Paid ${formatDay(invoice.lastPaidAt)}`
                        : `Due ${formatDay(invoice.dueDate)}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 sm:justify-end">
                  <InvoicePdfButton orgId={orgId} invoice={invoice} />
                  {side === 'seller' && invoice.status === 'unpaid' && (
                    <Button size="sm" variant="secondary" onClick={() => setPaying(invoice)}>
                      Record payment
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {side === 'seller' && (
        <RecordPaymentDialog orgId={orgId} invoice={paying} onClose={() => setPaying(null)} />
      )}
    </Card>
  );
}

/** Its own mutation per row, so one invoice's download spins only its own button. */
function InvoicePdfButton({ orgId, invoice }: { orgId: string | null; invoice: Invoice }) {
  const download = useDownloadInvoicePdf(orgId);
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={download.isPending}
      aria-label={`Download invoice ${invoice.number} as PDF`}
      onClick={() => download.mutate({ id: invoice.id, number: invoice.number })}
    >
      Download PDF
    </Button>
  );
}
