import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminStats } from '@aduro/shared/admin';
import { formatCedis, formatDay } from '../../../lib/format';

const EMERALD = '#047857';
const SLATE = '#64748b';
const GRID = '#e2e8f0';
const compact = new Intl.NumberFormat('en-GH', { notation: 'compact', maximumFractionDigits: 1 });

/** The bars of GmvChart: recharts, in a chunk of its own that loads when the chart comes into view. */
export function GmvBars({ weeks }: { weeks: AdminStats['gmvByWeek'] }) {
  return (
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
  );
}
