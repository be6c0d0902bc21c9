import type { CreditLine } from '@aduro/shared/credit';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatTile } from '../../../components/ui/stat-tile';
import { downloadCsv } from '../../../lib/csv';
import { formatCedis, formatDay } from '../../../lib/format';
import { useCreditLines } from '../api/get-credit-lines';
import {
  CREDIT_LINES_CSV_FILE,
  creditLinesToCsv,
  creditTotals,
  creditUsedPercent,
} from '../utils/credit-lines';

export const NO_CREDIT_LINES_MESSAGE =
  'No credit lines active yet. Submit a request below to start trading on terms.';
/** SPEC §2 and §8: the credit lines export with no rows. */
const NO_EXPORT_DATA = 'No data available to export';

/** SPEC §2: the headroom across every line, then each line as a card, with the CSV export. */
export function CreditLinesPanel({ orgId }: { orgId: string | null }) {
  const lines = useCreditLines(orgId);
  const list = lines.data ?? [];
  const totals = creditTotals(list);

  function exportCsv() {
    if (list.length === 0) {
      toast.error(NO_EXPORT_DATA, { id: 'credit-lines-export' });
      return;
    }
    void downloadCsv(CREDIT_LINES_CSV_FILE, creditLinesToCsv(list));
  }

  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatTile
          label="Credit headroom"
          value={lines.isPending && orgId ? <Skeleton className="h-8 w-32" /> : formatCedis(totals.headroom)}
          hint="Limit minus balance across all lines"
        />
        <StatTile label="Outstanding" value={formatCedis(totals.outstanding)} hint="Owed on credit now" />
        <StatTile label="Total limits" value={formatCedis(totals.limit)} hint="Granted by your suppliers" />
      </dl>
      <Card aria-labelledby="credit-lines-title">
        <CardHeader
          id="credit-lines-title"
          title="Active credit lines"
          description="What each supplier lets you buy on terms, and how much of it is in use."
          actions={<ExportButton onClick={exportCsv} disabled={lines.isPending && Boolean(orgId)} />}
        />
        {lines.isPending && orgId ? (
          <div className="grid gap-4 p-5 sm:grid-cols-2">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
        ) : lines.isError ? (
          <LoadFailed message="Your credit lines could not be loaded." onRetry={() => void lines.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState message={NO_CREDIT_LINES_MESSAGE} />
        ) : (
          <ul className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 sm:p-5 xl:grid-cols-3">
            {list.map((line) => (
              <CreditLineCard key={line.id} line={line} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function CreditLineCard({ line }: { line: CreditLine }) {
  const used = creditUsedPercent(line);
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{line.supplier.name}</p>
          <p className="text-xs text-slate-500">Limit set {formatDay(line.dateSet)}</p>
        </div>
        <Badge tone={line.status === 'active' ? 'green' : 'yellow'}>
          {line.status === 'active' ? 'Active' : 'Suspended'}
        </Badge>
      </div>
      <dl className="flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Limit</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{formatCedis(line.limit)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Outstanding</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{formatCedis(line.balance)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Available</dt>
          <dd className="font-semibold text-emerald-700 tabular-nums">{formatCedis(line.available)}</dd>
        </div>
      </dl>
      <div
        role="meter"
        aria-label={`${line.supplier.name} credit in use`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={used}
        aria-valuetext={`${used}% in use`}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={
            used >= 90 ? 'h-full bg-rose-500' : used >= 70 ? 'h-full bg-amber-500' : 'h-full bg-emerald-600'
          }
          style={{ width: `${used}%` }}
        />
      </div>
    </li>
  );
}
