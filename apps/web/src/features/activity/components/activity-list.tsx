import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, type ActivityItem } from '@aduro/shared/activity';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { FormField, Input, Select } from '../../../components/ui/form-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoment } from '../../../lib/format';
import { useActivity, useDownloadActivityCsv } from '../api/get-activity';
import { useActivityFilters } from '../hooks/use-activity-filters';

const toneOf = (type: ActivityItem['type']): BadgeTone => {
  if (type.startsWith('order.') || type === 'drop.moved') return 'blue';
  if (type.startsWith('credit.') || type === 'payment.recorded' || type.startsWith('invoice.'))
    return 'green';
  if (type.startsWith('recall.') || type.startsWith('lots.')) return 'red';
  if (type.startsWith('organisation.') || type === 'staff.changed') return 'yellow';
  return 'neutral';
};

interface ActivityListProps {
  orgId: string | null;
  /** The card's description: whose activity it is. */
  description: string;
  /** The heading level that keeps the page outline right where the card sits. */
  as?: 'h2' | 'h3';
  /** URL parameters the page needs beside the filters to show this list again on reload (?tab=activity). */
  pinnedParams?: Readonly<Record<string, string>>;
}

/**
 * The activity trail (docs/domain.md "Activity and order history"): filters kept in the URL, the
 * filtered count, the events newest first with "Load more", and the same filters as a CSV download.
 */
export function ActivityList({ orgId, description, as, pinnedParams }: ActivityListProps) {
  const { raw, filters, valid, errors, setFilter, clear, active } = useActivityFilters(pinnedParams);
  const activity = useActivity(orgId, filters, valid);
  const download = useDownloadActivityCsv(orgId);
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const total = activity.data?.pages[0]?.total;

  return (
    <Card aria-labelledby="activity-title">
      <CardHeader
        id="activity-title"
        as={as}
        title="Activity"
        description={description}
        actions={
          <ExportButton
            onClick={() => download.mutate(filters)}
            disabled={!valid || download.isPending || total === 0}
          />
        }
      />
      <div className="grid grid-cols-2 gap-3 border-b border-slate-100 px-5 py-4 lg:grid-cols-[minmax(0,1.3fr)_repeat(2,minmax(0,1fr))_minmax(0,1.3fr)_auto] lg:items-end">
        <FormField id="activity-type" label="Type" error={errors.type} className="col-span-2 lg:col-span-1">
          {(control) => (
            <Select {...control} value={raw.type} onChange={(e) => setFilter('type', e.target.value)}>
              <option value="">All activity</option>
              {ACTIVITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ACTIVITY_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="activity-from" label="From" error={errors.from}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={raw.from}
              onChange={(e) => setFilter('from', e.target.value)}
            />
          )}
        </FormField>
        <FormField id="activity-to" label="To" error={errors.to}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={raw.to}
              onChange={(e) => setFilter('to', e.target.value)}
            />
          )}
        </FormField>
        <ActorFilter value={raw.actor} error={errors.actor} onChange={(value) => setFilter('actor', value)} />
        <Button variant="ghost" size="md" onClick={clear} disabled={!active} className="justify-self-start">
          Clear filters
        </Button>
      </div>

      <div aria-busy={activity.isPending && valid} aria-live="polite">
        {!valid ? (
          <EmptyState message="Fix the filters above to see the activity." />
        ) : activity.isPending ? (
          <div className="space-y-3 px-5 py-4" role="status" aria-label="Loading activity">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : activity.isError && items.length === 0 ? (
          <LoadFailed message="The activity could not be loaded." onRetry={() => void activity.refetch()} />
        ) : items.length === 0 ? (
          // With no filter set the trail is simply empty so far: saying 'matches these filters' would
          // send the reader looking for a filter to clear.
          <EmptyState
            message={
              active
                ? 'No activity matches these filters.'
                : 'No activity yet. Orders, stock, credit and staff changes appear here as they happen.'
            }
          />
        ) : (
          <>
            <p className="px-5 pt-4 text-sm text-slate-600">
              {total === 1 ? '1 event' : `${(total ?? items.length).toLocaleString('en-GH')} events`}
            </p>
            <ol className="divide-y divide-slate-100">
              {items.map((item) => (
                <ActivityRow key={item.id} item={item} />
              ))}
            </ol>
            {activity.hasNextPage && (
              <div className="flex justify-center border-t border-slate-100 px-5 py-4">
                <Button
                  variant="secondary"
                  loading={activity.isFetchingNextPage}
                  disabled={activity.isFetchingNextPage}
                  onClick={() => void activity.fetchNextPage()}
                >
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

/** The actor box keeps what is typed and writes it to the URL once typing pauses. */
function ActorFilter({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id="activity-actor" label="Who" error={error} className="col-span-2 lg:col-span-1">
      {(control) => (
        <Input
          {...control}
          type="search"
          placeholder="Name or e-mail"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** An order, invoice or recall number: PO-2026-000241, INV-2026-000184, RC-2026-000003. */
const DOCUMENT_NUMBER = /((?:PO|INV|RC)-\d{4}-\d+)/;

/**
 * The sentence with each document number kept on one line: a browser may break a line at a hyphen,
 * and 'PO-' above '2026-000241' reads as two things.
 */
function Unbroken({ text }: { text: string }) {
  return text.split(DOCUMENT_NUMBER).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const organisations = item.organisations.map((o) => o.name).join(', ');
  return (
    <li className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-start sm:gap-4">
      <time
        dateTime={item.createdAt}
        className="shrink-0 text-xs text-slate-500 tabular-nums sm:w-40 sm:pt-0.5"
      >
        {formatMoment(item.createdAt)}
      </time>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-slate-900">
          <Unbroken text={item.description} />
          {item.apiKeyName !== null && (
            // A machine client's write: the person is the key's creator, the key is what acted.
            <span className="text-slate-500"> via API key ‘{item.apiKeyName}’</span>
          )}
        </p>
        {organisations && <p className="mt-0.5 text-xs break-words text-slate-500">{organisations}</p>}
      </div>
      <div className="shrink-0">
        <Badge tone={toneOf(item.type)}>{ACTIVITY_TYPE_LABELS[item.type]}</Badge>
      </div>
    </li>
  );
}
