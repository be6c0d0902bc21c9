import { sumCedis } from '@aduro/shared/money';
import { lazy, Suspense } from 'react';
import { useInView } from 'react-intersection-observer';
import { Card, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis } from '../../../lib/format';
import { useAdminStats } from '../api/get-admin-stats';

// recharts is the largest part of /admin's JavaScript, and drawing it the largest task of the page's
// start; on a phone the chart is several screens down. It loads and draws once the chart is near view.
const GmvBars = lazy(async () => ({ default: (await import('./gmv-bars')).GmvBars }));

/** Beyond the spec: GMV of released orders per week over the last 12, from the stats answer. */
export function GmvChart() {
  const stats = useAdminStats();
  const weeks = stats.data?.gmvByWeek ?? [];
  const total = sumCedis(weeks.map((w) => w.gmv));
  // A screen ahead of the scroll, so it is drawn by the time it is seen; where the browser cannot tell
  // (no IntersectionObserver), at once.
  const { ref, inView } = useInView({ triggerOnce: true, rootMargin: '100% 0px', fallbackInView: true });
  return (
    <Card aria-labelledby="gmv-chart-title">
      <CardHeader
        id="gmv-chart-title"
        title="GMV by week"
        description={
          stats.data
            ? `${formatCedis(total)} released over the last 12 weeks`
            : 'Released orders over the last 12 weeks'
        }
      />
      <div ref={ref} className="h-64 px-2 py-4 sm:px-4">
        {stats.isPending || !inView ? (
          <Skeleton className="h-full" />
        ) : weeks.length === 0 ? null : (
          <Suspense fallback={<Skeleton className="h-full" />}>
            <GmvBars weeks={weeks} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}
