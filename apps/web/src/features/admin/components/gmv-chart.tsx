import { sumCedis } from '@aduro/shared/money';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatDay } from '../../../lib/format';
import { useAdminStats } from '../api/get-admin-stats';

const EMERALD = '#047857';
const SLATE = '#64748b';
const GRID = '#e2e8f0';
const compact = new Intl.NumberFormat('en-GH', { notation: 'compact', maximumFractionDigits: 1 });

/** Beyond the spec: GMV of released orders per week over the last 12, from the stats answer. */
export function GmvChart() {
  const stats = useAdminStats();
  const weeks = stats.data?.gmvByWeek ?? [];
  const total = sumCedis(weeks.map((w) => w.gmv));
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
      <div className="h-64 px-2 py-4 sm:px-4">
        {stats.isPending ? (
          <Skeleton className="h-full" />
        ) : weeks.length === 0 ? null : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={weeks} margin={{ top: 4, right: 8, bottom: 4, left: 4 }}>
              <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="week"
                tickFormatter={(week: string) => formatDay(week).replace(/ \d{4}$/, '')}
                tick={{ fontSize: 11, fill: SLATE }}
                tickLine={false}
                axisLine={{ stroke: GRID }}
                minTickGap={12}
              />
              <YAxis
                tickFormatter={(v: number) => `GH₵${compact.format(v)}`}
                tick={{ fontSize: 11, fill: SLATE }}
                tickLine={false}
                axisLine={false}
                width={64}
              />
              <Tooltip
                cursor={{ fill: '#f1f5f9' }}
                formatter={(v) => [formatCedis(Number(v)), 'GMV']}
                labelFormatter={(week) => `Week of ${formatDay(String(week))}`}
              />
              <Bar dataKey="gmv" name="GMV" fill={EMERALD} radius={[3, 3, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </div>
    </Card>
  );
}
