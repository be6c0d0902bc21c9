import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_STATUS_LABELS,
  type ImportRow,
  type ImportRowStatus,
  type InventoryImport,
} from '@aduro/shared/inventory-import';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { ApiError } from '../../../lib/api-client';
import { formatCedis } from '../../../lib/format';
import { useApplyImport, useDownloadImportFile, usePreviewImport } from '../api/import-stock';

type Filter = 'all' | ImportRowStatus;
const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'error', label: 'Errors' },
  { value: 'new_lot', label: 'New lots' },
  { value: 'update', label: 'Updates' },
  { value: 'unchanged', label: 'Unchanged' },
];
const TONES: Record<ImportRowStatus, BadgeTone> = {
  new_lot: 'green',
  update: 'blue',
  unchanged: 'neutral',
  error: 'red',
};
/** Rows drawn at once: a 20,000-row file stays quick to show; the filter narrows to the rest. */
const SHOWN_ROWS = 200;

/** The column names a field error is keyed by, as the clerk's file calls them. */
const COLUMN_LABELS: Record<string, string> = {
  product: 'Product',
  batchNumber: 'Batch',
  expiryDate: 'Expiry',
  quantity: 'Quantity',
  unitPrice: 'Price',
  gs1: 'GS1',
};

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The Inventory tab's Import: a button and the dialog it opens. Choose (or drop) a CSV or XLSX file,
 * read its preview (every row's status, errors highlighted and filterable), apply the valid rows in one
 * request, then a summary. A file with errors is fixed and chosen again (docs/domain.md "Stock import").
 */
export function ImportDialog({ orgId }: { orgId: string }) {
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<InventoryImport | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const upload = usePreviewImport(orgId);
  const apply = useApplyImport(orgId);
  const download = useDownloadImportFile(orgId);

  function reset() {
    setPreview(null);
    setFilter('all');
    setFileError(null);
    upload.reset();
    apply.reset();
  }

  function onOpenChange(next: boolean) {
    // An apply under way finishes on the server whatever the dialog does; it stays open to show it.
    if (!next && apply.isPending) return;
    setOpen(next);
    if (!next) reset();
  }

  function choose(file: File | undefined) {
    if (!file) return;
    setFileError(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => {
        setPreview(answer);
        setFilter(answer.totals.errors > 0 ? 'error' : 'all');
      },
      onError: (error) => setFileError(error instanceof ApiError ? error.message : String(error)),
    });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function chooseAnother() {
    reset();
    // The same file name chosen again (fixed in Excel meanwhile) must still fire a change.
    if (input.current) input.current.value = '';
    input.current?.click();
  }

  const applied = apply.data ?? (preview?.status === 'applied' ? preview : null);
  const valid = preview ? preview.totals.rows - preview.totals.errors : 0;

  const footer = applied ? (
    <Button onClick={() => onOpenChange(false)}>Done</Button>
  ) : preview ? (
    <>
      <Button variant="secondary" onClick={chooseAnother} disabled={apply.isPending}>
        Choose another file
      </Button>
      <Button onClick={() => apply.mutate(preview.id)} disabled={valid === 0} loading={apply.isPending}>
        {apply.isPending
          ? 'Applying…'
          : `Apply ${valid.toLocaleString('en-GB')} ${valid === 1 ? 'row' : 'rows'}`}
      </Button>
    </>
  ) : undefined;

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Import
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Import stock and prices"
        description={preview ? preview.fileName : 'A CSV or Excel file: one row per lot.'}
        footer={footer}
        wide={preview !== null}
      >
        {/* Kept mounted, so "Choose another file" can open it from the preview. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          aria-label="Stock file"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {applied?.result ? (
          <Summary result={applied.result} />
        ) : preview ? (
          <Preview preview={preview} filter={filter} onFilter={setFilter} applying={apply.isPending} />
        ) : (
          <div className="space-y-4">
            <label
              htmlFor={inputId}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center',
                dragging ? 'border-emerald-500 bg-emerald-50' : 'border-slate-300 hover:bg-slate-50',
              )}
            >
              <span className="text-sm font-medium text-emerald-800">Choose a file</span>
              <span className="hidden text-sm text-slate-600 sm:block">or drop it here</span>
              <span className="text-xs text-slate-500">CSV or XLSX, up to 10 MB and 20,000 rows</span>
            </label>
            {upload.isPending && <ProgressBar value={upload.progress} label="Reading the file" />}
            {fileError && (
              <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {fileError}
              </p>
            )}
            <div className="space-y-1 text-sm text-slate-600">
              <p>
                Columns: <strong>product</strong> (Aduro id, GTIN or exact name), <strong>batchNumber</strong>
                , <strong>expiryDate</strong> (2027-03-31 or 31/03/2027), <strong>quantity</strong> and{' '}
                <strong>unitPrice</strong>; or a <strong>gs1</strong> column with the scanned barcode in place
                of product, batch and expiry.
              </p>
              <p>Nothing changes until you have seen the preview and applied it.</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="ghost" size="sm" onClick={() => download.mutate('template')}>
                Download template
              </Button>
              <Button variant="ghost" size="sm" onClick={() => download.mutate('stock')}>
                Download current stock
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}

function Preview({
  preview,
  filter,
  onFilter,
  applying,
}: {
  preview: InventoryImport;
  filter: Filter;
  onFilter: (filter: Filter) => void;
  applying: boolean;
}) {
  const { totals } = preview;
  const rows = filter === 'all' ? preview.rows : preview.rows.filter((r) => r.status === filter);
  const shown = rows.slice(0, SHOWN_ROWS);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-5">
        <Total label="Rows" value={totals.rows} />
        <Total label="New lots" value={totals.newLots} />
        <Total label="Updates" value={totals.updates} />
        <Total label="Unchanged" value={totals.unchanged} />
        <Total label="Errors" value={totals.errors} alert={totals.errors > 0} />
      </dl>
      {totals.errors > 0 && (
        <p className="text-sm text-slate-700">
          Rows with errors are skipped when you apply. To import them, fix them in your file and choose it
          again.
        </p>
      )}
      {applying && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          Applying {totals.rows - totals.errors} rows in one go…
        </p>
      )}
      <SegmentedControl label="Show rows" options={FILTERS} value={filter} onChange={onFilter} />
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No rows of this kind.</p>
      ) : (
        <>
          {/* A table from sm up; on a phone each row is a card. */}
          <table className="hidden w-full text-left text-sm sm:table">
            <thead className="border-b border-slate-200 text-xs text-slate-600">
              <tr>
                <th className="py-2 pr-2 font-medium">Line</th>
                <th className="py-2 pr-2 font-medium">Product</th>
                <th className="py-2 pr-2 font-medium">Batch</th>
                <th className="py-2 pr-2 font-medium">Expiry</th>
                <th className="py-2 pr-2 text-right font-medium">Quantity</th>
                <th className="py-2 pr-2 text-right font-medium">Price</th>
                <th className="py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <TableRow key={row.line} row={row} />
              ))}
            </tbody>
          </table>
          <ul className="space-y-2 sm:hidden">
            {shown.map((row) => (
              <RowCard key={row.line} row={row} />
            ))}
          </ul>
          {rows.length > shown.length && (
            <p className="text-xs text-slate-600">
              Showing the first {shown.length} of {rows.length} rows.
            </p>
          )}
        </>
      )}
    </div>
  );
}

function Total({ label, value, alert = false }: { label: string; value: number; alert?: boolean }) {
  return (
    <div className={cn('rounded-md px-3 py-2', alert ? 'bg-rose-50 text-rose-900' : 'bg-slate-50')}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value.toLocaleString('en-GB')}</dd>
    </div>
  );
}

/** A cell: what the import read, or what the clerk wrote when it could not be read. */
const shownValue = (read: string | number | null, written: string) =>
  read === null ? written || '—' : String(read);

function Errors({ row }: { row: ImportRow }) {
  const entries = Object.entries(row.fieldErrors);
  if (entries.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-sm text-rose-800">
      {entries.flatMap(([column, messages]) =>
        messages.map((message) => (
          <li key={`${column}${message}`}>
            <span className="font-medium">{COLUMN_LABELS[column] ?? column}:</span> {message}
          </li>
        )),
      )}
    </ul>
  );
}

function StatusBadge({ row }: { row: ImportRow }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={TONES[row.status]}>{IMPORT_STATUS_LABELS[row.status]}</Badge>
      {row.expired && row.status !== 'error' && <Badge tone="yellow">Expired</Badge>}
    </span>
  );
}

function TableRow({ row }: { row: ImportRow }) {
  const error = row.status === 'error';
  return (
    <>
      <tr
        data-line={row.line}
        className={cn('align-top', error ? 'bg-rose-50/70' : 'border-b border-slate-100')}
      >
        <td className="py-2 pr-2 tabular-nums text-slate-600">{row.line}</td>
        <td className="max-w-56 py-2 pr-2 break-words">
          {row.productName ?? (row.values.product || row.values.gs1 || '—')}
        </td>
        <td className="py-2 pr-2">{shownValue(row.batchNumber, row.values.batchNumber)}</td>
        <td className="py-2 pr-2 whitespace-nowrap">{shownValue(row.expiryDate, row.values.expiryDate)}</td>
        <td className="py-2 pr-2 text-right tabular-nums">{shownValue(row.quantity, row.values.quantity)}</td>
        <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums">
          {row.unitPrice === null ? row.values.unitPrice || '—' : formatCedis(row.unitPrice)}
        </td>
        <td className="py-2">
          <StatusBadge row={row} />
        </td>
      </tr>
      {error && (
        <tr className="border-b border-rose-100 bg-rose-50/70">
          <td />
          <td colSpan={6} className="pb-2">
            <Errors row={row} />
          </td>
        </tr>
      )}
    </>
  );
}

function RowCard({ row }: { row: ImportRow }) {
  const error = row.status === 'error';
  return (
    <li
      data-line={row.line}
      className={cn(
        'space-y-1 rounded-lg border p-3 text-sm',
        error ? 'border-rose-200 bg-rose-50' : 'border-slate-200',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <span className="min-w-0 font-medium break-words">
          {row.productName ?? (row.values.product || row.values.gs1 || 'No product')}
        </span>
        <StatusBadge row={row} />
      </div>
      <p className="text-slate-600">
        Line {row.line} · Batch {shownValue(row.batchNumber, row.values.batchNumber)} · Expiry{' '}
        {shownValue(row.expiryDate, row.values.expiryDate)}
      </p>
      <p className="text-slate-600">
        Quantity {shownValue(row.quantity, row.values.quantity)} · Price{' '}
        {row.unitPrice === null ? row.values.unitPrice || '—' : formatCedis(row.unitPrice)}
      </p>
      <Errors row={row} />
    </li>
  );
}

function Summary({ result }: { result: NonNullable<InventoryImport['result']> }) {
  return (
    <div className="space-y-3" role="status">
      <p className="text-base font-semibold text-emerald-800">Your stock is updated.</p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Total label="Lots created" value={result.created} />
        <Total label="Lots updated" value={result.updated} />
        <Total label="Unchanged" value={result.unchanged} />
        <Total label="Rows skipped (errors)" value={result.skipped} alert={result.skipped > 0} />
      </dl>
    </div>
  );
}
