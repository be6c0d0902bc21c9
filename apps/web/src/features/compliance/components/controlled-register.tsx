import { CONTROLLED_KIND_LABELS, type ControlledRegisterEntry } from '@aduro/shared/compliance';
import { toast } from 'sonner';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { formatDay, formatUnits } from '../../../lib/format';
import { countText } from '../../../lib/pages';
import {
  CONTROLLED_REGISTER_CSV_FILE,
  useDownloadControlledRegisterCsv,
} from '../api/download-controlled-register-csv';
import { useControlledRegister } from '../api/get-controlled-register';

export const EMPTY_REGISTER_MESSAGE =
  'No controlled drug has been signed off yet. Each Pharmacist sign-off enters its supplies here.';
/** SPEC §8: an export with nothing to export. */
const NO_EXPORT_DATA = 'Nothing to export.';

interface ControlledRegisterProps {
  orgId: string | null;
  /** The platform reads every supplier's entries, so its rows name the supplier. */
  reader: 'supplier' | 'platform';
  headingLevel?: 'h2' | 'h3';
}

/**
 * The controlled-drugs register (issue 32): every supply of a controlled drug a Pharmacist signed off,
 * newest first, as the regulator reads it; exported as controlled_register.csv. Entries are never
 * changed or removed.
 */
export function ControlledRegister({ orgId, reader, headingLevel = 'h2' }: ControlledRegisterProps) {
  const register = useControlledRegister(orgId);
  const csv = useDownloadControlledRegisterCsv(orgId);
  const entries = register.data ?? [];
  const platform = reader === 'platform';

  function exportCsv() {
    if (entries.length === 0) {
      toast.error(NO_EXPORT_DATA, { id: 'controlled-register-export' });
      return;
    }
    csv.mutate();
  }

  let body: React.ReactNode;
  if (register.isPending) {
    body = (
      <div className="space-y-2 p-5">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (register.isError && !register.data) {
    body = (
      <LoadFailed
        message="The controlled register could not be loaded."
        onRetry={() => void register.refetch()}
      />
    );
  } else if (entries.length === 0) {
    body = <EmptyState message={EMPTY_REGISTER_MESSAGE} />;
  } else {
    body = (
      <>
        <p aria-live="polite" className="border-b border-slate-100 px-5 py-2 text-sm text-slate-600">
          {countText(entries.length, 'entry', 'entries')}
        </p>
        {/* Laptop: the register as the regulator reads it, one supply a row. */}
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">Controlled-drugs register, newest first</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2.5 whitespace-nowrap">
                  Date
                </th>
                {platform && (
                  <th scope="col" className="px-3 py-2.5">
                    Supplier
                  </th>
                )}
                <th scope="col" className="px-3 py-2.5">
                  Product
                </th>
                <th scope="col" className="px-3 py-2.5">
                  Batch
                </th>
                <th scope="col" className="px-3 py-2.5 text-right">
                  Quantity
                </th>
                <th scope="col" className="px-3 py-2.5">
                  Buyer
                </th>
                <th scope="col" className="px-3 py-2.5">
                  Approved by
                </th>
                <th scope="col" className="px-3 py-2.5">
                  Pharmacist
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.id} className="align-top">
                  <td className="px-3 py-3 whitespace-nowrap text-slate-900">
                    {formatDay(entry.entryDate)}
                    <span className="block text-xs text-slate-500">{entry.orderNumber}</span>
                  </td>
                  {platform && <td className="px-3 py-3 text-slate-900">{entry.supplierName}</td>}
                  <td className="px-3 py-3 [overflow-wrap:anywhere]">
                    <span className="font-medium text-slate-900">{entry.productName}</span>
                    <span className="block text-xs text-slate-500">
                      {CONTROLLED_KIND_LABELS[entry.controlled]}
                    </span>
                  </td>
                  <td className="px-3 py-3 font-mono text-xs whitespace-nowrap text-slate-800">
                    {entry.batchNumber ?? <span className="font-sans text-slate-500">No batch</span>}
                  </td>
                  <td className="px-3 py-3 text-right text-slate-900 tabular-nums">
                    {formatUnits(entry.quantity)}
                  </td>
                  <td className="px-3 py-3">
                    <BuyerCell entry={entry} />
                  </td>
                  <td className="px-3 py-3 text-slate-700">{entry.approverName}</td>
                  <td className="px-3 py-3 text-slate-700">{entry.pharmacistName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* Phone: one card per supply, so nothing scrolls sideways. */}
        <ul className="divide-y divide-slate-100 md:hidden" aria-label="Controlled register entries">
          {entries.map((entry) => (
            <li key={entry.id} className="space-y-1 px-5 py-3 text-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {entry.productName}
                </span>
                <span className="text-slate-900 tabular-nums">{formatUnits(entry.quantity)} units</span>
              </p>
              <p className="text-xs text-slate-600">
                {formatDay(entry.entryDate)} · {entry.orderNumber} ·{' '}
                {CONTROLLED_KIND_LABELS[entry.controlled]} ·{' '}
                {entry.batchNumber ? `Batch ${entry.batchNumber}` : 'No batch'}
                {platform && ` · ${entry.supplierName}`}
              </p>
              <BuyerCell entry={entry} />
              <p className="text-xs text-slate-600">
                Approved by {entry.approverName} · signed off by {entry.pharmacistName}
              </p>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Card id="controlled-register" aria-labelledby="controlled-register-title" className="scroll-mt-24">
      <CardHeader
        id="controlled-register-title"
        as={headingLevel}
        title="Controlled register"
        description={
          platform
            ? 'Every supply of a controlled drug on Aduro, as its supplier’s Pharmacist signed it off. Entries are never changed or removed.'
            : 'Every supply of a controlled drug your Pharmacist signed off, newest first. Entries are never changed or removed.'
        }
        actions={
          <>
            {csv.isPending && (
              <span role="status" className="flex items-center text-emerald-700">
                <Spinner className="size-4" />
                <span className="sr-only">Preparing {CONTROLLED_REGISTER_CSV_FILE}</span>
              </span>
            )}
            <ExportButton onClick={exportCsv} disabled={register.isPending || csv.isPending} />
          </>
        }
      />
      {body}
    </Card>
  );
}

function BuyerCell({ entry }: { entry: ControlledRegisterEntry }) {
  return (
    <div className="text-sm">
      <span className="text-slate-900">{entry.buyerName}</span>
      <span className="block text-xs text-slate-500">
        Licence <span className="font-mono">{entry.buyerLicenceNumber}</span> · authorisation{' '}
        <span className="font-mono">{entry.buyerAuthorisationNumber}</span>
      </span>
    </div>
  );
}
