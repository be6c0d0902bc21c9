import type { Invoice } from '@aduro/shared/invoices';
import { todayUtc } from '@aduro/shared/inventory';
import type { Page } from '@aduro/shared/pagination';
import type { InfiniteData } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, Input } from '../../../components/ui/form-field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatDay } from '../../../lib/format';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf';
import { useInvoicesPages, useOpenInvoices, type InvoiceSide } from '../api/get-invoices';
import { useInvoiceFilters } from '../hooks/use-invoice-filters';
import { INVOICE_FILTERS } from '../utils/invoice-filter';
import {
  amountOwed,
  daysOverdue,
  INVOICE_STATE_LABELS,
  INVOICE_STATE_TONES,
  invoiceState,
} from '../utils/invoice-state';
import { InvoiceBatches } from './invoice-batches';
import { LoadMore } from '../../../components/ui/load-more';
import { RecordPaymentDialog } from './record-payment-dialog';
import { countText, loadMoreProps, pageItems, pageTotal } from '../../../lib/pages';

interface InvoicesCardProps {
  orgId: string | null;
  /** The buyer reads what it owes each supplier; the seller what each customer owes it. */
  side: InvoiceSide;
  /**
   * Written onto the URL with every filter change (the cockpit's { tab: 'credit' }), so that a reloaded
   * or shared link opens where the card is.
   */
  pinnedParams?: Readonly<Record<string, string>>;
  /**
   * What other features add, composed by the screen (a feature imports no other): more buttons on a row
   * (the buyer's Pay with mobile money), more under a row's details (its mobile-money payments), more
   * figures after Outstanding and Overdue (credit held), each a dt/dd pair.
   */
  rowActions?: (invoice: Invoice) => ReactNode;
  rowDetails?: (invoice: Invoice) => ReactNode;
  stats?: ReactNode;
}

export const NO_MATCHING_INVOICES_MESSAGE = 'No invoices match these filters.';

const COPY = {
  buyer: {
    title: 'Invoices',
    description: 'What you owe for released orders. Overdue invoices weigh on your next credit request.',
    party: 'Supplier',
    empty: { open: 'Nothing owed right now.', overdue: 'No overdue invoices.', all: 'No invoices yet.' },
  },
  seller: {
    title: 'Receivables',
    description: 'Unpaid and overdue invoices. Recording a payment frees the customer’s credit at once.',
    party: 'Customer',
    empty: {
      open: 'No unpaid invoices.',
      overdue: 'No overdue invoices.',
      all: 'No invoices issued yet.',
    },
  },
} as const;

/** '1 invoice', '1,204 invoices': every invoice the filters match, not only those loaded. */
export const invoiceCountText = (total: number): string => countText(total, 'invoice');

/** The invoices of the pages read so far; one seen twice (a refresh racing a page) shows once. */
function invoicesOf(data: InfiniteData<Page<Invoice>> | undefined): Invoice[] {
  return pageItems(data);
}

/**
 * A buyer's invoices, or a seller's receivables with 'Record payment': filtered and paged by the server
 * (the filters in the URL), in the server's order (latest due date first).
 */
export function InvoicesCard({
  orgId,
  side,
  pinnedParams,
  rowActions,
  rowDetails,
  stats,
}: InvoicesCardProps) {
  const filters = useInvoiceFilters(pinnedParams);
  const pages = useInvoicesPages(orgId, side, filters.applied);
  // The figures are about everything still owed, whatever the list shows. They come from a second,
  // unpaged call narrowed to status=unpaid (overdue ones included): only the open invoices, a short
  // list however long the history grows, so the sums stay exact without paging through every invoice.
  // The paged list's total could only count, not add up amounts.
  const open = useOpenInvoices(orgId, side);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const fieldId = useId();
  const openInvoices = open.data ?? [];
  const overdue = openInvoices.filter((i) => invoiceState(i) === 'overdue');
  const shown = invoicesOf(pages.data);
  const total = pageTotal(pages);
  const today = todayUtc();
  const copy = COPY[side];

  let list: React.ReactNode;
  if (filters.rangeError) {
    list = null;
  } else if (pages.isPending && orgId) {
    list = (
      <div className="space-y-2 p-5">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  } else if (pages.isError && !pages.isFetchNextPageError) {
    list = <LoadFailed message="The invoices could not be loaded." onRetry={() => void pages.refetch()} />;
  } else if (shown.length === 0) {
    list = filters.narrowed ? (
      <EmptyState message={NO_MATCHING_INVOICES_MESSAGE}>
        <Button variant="secondary" size="sm" onClick={filters.clear}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState message={copy.empty[filters.values.status]} />
    );
  } else {
    list = (
      <>
        <ul
          className={cn(
            'divide-y divide-slate-100 transition-opacity',
            pages.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={pages.isPlaceholderData || undefined}
        >
          {shown.map((invoice) => {
            const state = invoiceState(invoice);
            const party = side === 'buyer' ? invoice.seller.name : invoice.buyer.name;
            return (
              // On a tablet the figures sit over the buttons in one right-hand column, so the details keep
              // most of the row; three columns only from lg, where there is room for all of them.
              <li
                key={invoice.id}
                className="grid gap-2 px-5 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4 lg:grid-cols-[minmax(0,1fr)_auto_auto] lg:items-center"
              >
                <div className="min-w-0 sm:row-span-2 lg:row-span-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    {invoice.number}
                    <Badge tone={INVOICE_STATE_TONES[state]}>{INVOICE_STATE_LABELS[state]}</Badge>
                    {invoice.onCredit && <Badge tone="blue">On credit</Badge>}
                  </p>
                  {/* Counterparty and product on lines of their own: one truncated line cut the medicine off.
                      The PO number keeps its dot and never breaks at its hyphens. */}
                  <p className="text-sm break-words text-slate-600">{party}</p>
                  <p className="line-clamp-2 text-sm break-words text-slate-600">
                    {invoice.order.productName}{' '}
                    <span className="whitespace-nowrap">· {invoice.order.number}</span>
                  </p>
                  <p className="text-xs text-slate-500">Issued {formatDay(invoice.issuedAt)}</p>
                  <InvoiceBatches invoice={invoice} />
                  {rowDetails?.(invoice)}
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
                <div className="flex flex-wrap gap-2 sm:justify-end sm:self-start lg:self-auto">
                  <InvoicePdfButton orgId={orgId} invoice={invoice} />
                  {rowActions?.(invoice)}
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
        <LoadMore noun="invoices" {...loadMoreProps(pages)} />
      </>
    );
  }

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
            value={filters.values.status}
            onChange={filters.setStatus}
          />
        }
      />
      <dl className="grid grid-cols-2 gap-3 border-b border-slate-100 px-5 py-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Outstanding</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {open.isSuccess ? formatCedis(amountOwed(openInvoices)) : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Overdue</dt>
          <dd className={`text-lg font-semibold tabular-nums ${overdue.length ? 'text-rose-700' : ''}`}>
            {open.isSuccess ? formatCedis(amountOwed(overdue)) : '—'}
            {/* The space lets the count go under the sum on a phone, rather than push the page wide. */}
            {open.isSuccess && ' '}
            {open.isSuccess && (
              <span className="text-xs font-normal whitespace-nowrap text-slate-500">
                ({overdue.length} {overdue.length === 1 ? 'invoice' : 'invoices'})
              </span>
            )}
          </dd>
        </div>
        {stats}
      </dl>
      <div
        role="group"
        aria-label={`Filter ${copy.title.toLowerCase()}`}
        className="grid grid-cols-2 items-start gap-3 border-b border-slate-100 px-5 py-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem]"
      >
        <FormField id={`${fieldId}-party`} label={copy.party} className="col-span-2 sm:col-span-1">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder={side === 'buyer' ? 'Supplier name' : 'Customer name'}
              value={filters.values.counterparty}
              onChange={(event) => filters.setCounterparty(event.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${fieldId}-from`} label="Issued from" error={filters.rangeError}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.values.from}
              max={filters.values.to || undefined}
              onChange={(event) => filters.setDate('from', event.target.value)}
            />
          )}
        </FormField>
        <FormField id={`${fieldId}-to`} label="Issued to">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={filters.values.to}
              min={filters.values.from || undefined}
              onChange={(event) => filters.setDate('to', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="flex min-h-9 items-center justify-between gap-3 px-5 pt-3 text-sm">
        <p className="text-slate-600 tabular-nums" aria-live="polite">
          {total !== undefined && !filters.rangeError ? invoiceCountText(total) : null}
        </p>
        {/* An empty list offers its own Clear filters. */}
        {filters.narrowed && shown.length > 0 && (
          <Button variant="ghost" size="sm" onClick={filters.clear}>
            Clear filters
          </Button>
        )}
      </div>
      {list}
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
      aria-label={`Download PDF, invoice ${invoice.number}`}
      onClick={() => download.mutate({ id: invoice.id, number: invoice.number })}
    >
      Download PDF
    </Button>
  );
}
