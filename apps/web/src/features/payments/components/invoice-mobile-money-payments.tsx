import type { Invoice } from '@aduro/shared/invoices';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatCedis, formatMoment } from '../../../lib/format';
import { useDownloadPaymentReceipt } from '../api/download-payment-receipt';
import { useMobileMoneyProviders } from '../api/get-mobile-money-providers';
import { useInvoicePaymentAttempts } from '../api/get-payment-attempts';
import { AttemptStatusBadge } from './attempt-status-badge';

/**
 * An invoice's mobile-money payments, behind a disclosure: read only once it is opened, so a page of
 * invoices costs no request per row. Shown while Pay is on; the list is the same for buyer and seller.
 */
export function InvoiceMobileMoneyPayments({ invoice }: { invoice: Pick<Invoice, 'id' | 'number'> }) {
  const providers = useMobileMoneyProviders();
  const [open, setOpen] = useState(false);
  const attempts = useInvoicePaymentAttempts(invoice.id, open);
  if (providers.data?.enabled !== true) return null;

  let content: React.ReactNode;
  if (attempts.isPending) content = <p className="text-slate-500">Loading…</p>;
  else if (attempts.isError)
    content = (
      <p className="text-rose-700">
        The payments could not be loaded.{' '}
        <Button variant="ghost" size="sm" onClick={() => void attempts.refetch()}>
          Retry
        </Button>
      </p>
    );
  else if (attempts.data.length === 0)
    content = <p className="text-slate-500">No mobile money payments yet.</p>;
  else
    content = (
      <ul className="divide-y divide-slate-100">
        {attempts.data.map((attempt) => (
          <li key={attempt.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
            <span className="font-medium tabular-nums">{formatCedis(attempt.amount)}</span>
            <AttemptStatusBadge status={attempt.status} />
            <span className="text-slate-600">
              {attempt.provider.name} ending {attempt.phoneLast4} ·{' '}
              {formatMoment(attempt.settledAt ?? attempt.createdAt)}
            </span>
            {attempt.status === 'success' && <ReceiptLink reference={attempt.reference} />}
          </li>
        ))}
      </ul>
    );

  return (
    <details className="mt-1 text-xs" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-600 select-none hover:text-slate-900">
        Mobile money payments
      </summary>
      <div className="mt-1" aria-live="polite">
        {open && content}
      </div>
    </details>
  );
}

function ReceiptLink({ reference }: { reference: string }) {
  const download = useDownloadPaymentReceipt();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-xs text-emerald-800 underline"
      loading={download.isPending}
      aria-label={`Download receipt ${reference}`}
      onClick={() => download.mutate(reference)}
    >
      Receipt
    </Button>
  );
}
