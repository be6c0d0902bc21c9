import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { formatMoment } from '../../../lib/format';
import { useMarketSummary } from '../api/get-market-summary';

export const NO_MARKET_INTELLIGENCE = 'No market intelligence available right now.';
/** SPEC §2 'AI market summary', with SPEC §8's inline red message when it cannot be read. */
export function MarketSummaryCard() {
  const summary = useMarketSummary();
  const data = summary.data;
  // A marketplace with nothing yet to read (no orders in either window, no credit, no stock expiring)
  // gets SPEC §2's empty text rather than sentences about zeros.
  const empty =
    data &&
    data.facts.orders === 0 &&
    data.facts.previousOrders === 0 &&
    data.facts.creditLimit === 0 &&
    data.facts.expiringStock.length === 0 &&
    data.facts.overdueInvoices === 0;
  return (
    <Card aria-labelledby="market-summary-title">
      <CardHeader
        id="market-summary-title"
        title="AI market summary"
        description="The last 30 days against the 30 before."
        actions={
          data ? (
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="blue">Sample size {data.context.sampleSize}</Badge>
              {data.context.fallback && <Badge tone="yellow">Fallback heuristics</Badge>}
            </div>
          ) : undefined
        }
      />
      {summary.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : summary.isError ? (
        <div role="alert" className="space-y-3 px-5 py-5 text-sm text-rose-700">
          <p className="font-medium">Unable to retrieve the latest market summary.</p>
          <p>
            {summary.error instanceof ApiError && summary.error.serverMessage
              ? summary.error.serverMessage
              : summary.error.message || 'Please retry shortly.'}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : !data || empty ? (
        <EmptyState message={NO_MARKET_INTELLIGENCE} />
      ) : (
        <div className="space-y-5 px-5 py-5">
          <div>
            <p className="text-sm leading-6 text-slate-800">{data.summary}</p>
            <p className="mt-2 text-xs text-slate-500">
              Generated <time dateTime={data.generatedAt}>{formatMoment(data.generatedAt)}</time>
            </p>
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            <section aria-labelledby="key-trends-title">
              <h3 id="key-trends-title" className="text-sm font-semibold text-slate-900">
                Key trends
              </h3>
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
                {data.keyTrends.map((trend) => (
                  <li key={trend}>{trend}</li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="recommended-actions-title">
              <h3 id="recommended-actions-title" className="text-sm font-semibold text-slate-900">
                Recommended actions
              </h3>
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
                {data.recommendedActions.map((action) => (
                  <li key={action}>{action}</li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      )}
    </Card>
  );
}
