import type { PriceHistory } from '@aduro/shared/catalogue';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCedis, formatDay } from '../../../lib/format';
import { dayTime, formatMonthTick, monthTicks, priceHistoryRows } from '../utils/price-history-view';

// Tailwind palette values, dark enough to read on white and apart in hue, so neighbouring lines never
// share a colour family: recharts draws SVG attributes, which cannot take utility classes. Past eight
// suppliers the colours come round again, dashed.
const LINE_COLOURS = [
  '#047857', // emerald-700
  '#1d4ed8', // blue-700
  '#ea580c', // orange-600
  '#7e22ce', // purple-700
  '#db2777', // pink-600
  '#0891b2', // cyan-600
  '#a16207', // yellow-700
  '#475569', // slate-600
];
const SLATE = '#64748b';
const GRID = '#e2e8f0';

const lineStyle = (index: number) => ({
  colour: LINE_COLOURS[index % LINE_COLOURS.length]!,
  dash: index >= LINE_COLOURS.length ? '6 3' : undefined,
});

/** Axis ticks in whole cedis once prices run into the hundreds, so the labels stay narrow. */
const priceTick = (wholeCedis: boolean) => (value: number) => formatCedis(value, { wholeCedis });

/** Names each line with its colour and today's price; drawn in HTML so long names wrap on a phone. */
function ChartLegend({ history }: { history: PriceHistory }) {
  return (
    <ul aria-label="Suppliers" className="space-y-1 text-xs text-slate-600">
      {history.suppliers.map((line, index) => {
        const { colour, dash } = lineStyle(index);
        return (
          <li key={line.supplierId} className="flex items-baseline gap-1.5">
            <span
              aria-hidden="true"
              className="w-4 shrink-0 -translate-y-0.5 border-t-2"
              style={{ borderColor: colour, borderTopStyle: dash ? 'dashed' : 'solid' }}
            />
            <span className="min-w-0">{line.supplierName}</span>
            <span className="ml-auto shrink-0 pl-2 font-medium text-slate-900 tabular-nums">
              {formatCedis(line.currentPrice)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One stepped line per supplier over the window: a price holds until it changes, so the lines move in
 * steps, never slopes that would invent prices between two changes. Its own module so recharts loads
 * only when a product's history is shown.
 */
export function PriceHistoryChart({ history }: { history: PriceHistory }) {
  const rows = priceHistoryRows(history);
  const prices = history.suppliers.flatMap((line) => line.points.map((point) => point.unitPrice));
  const wholeCedis = Math.max(...prices) >= 100;
  const cheapestId = history.cheapest?.supplierId;
  return (
    <div className="space-y-3">
      {/* The initial size draws the chart at once, before the first resize measurement arrives. */}
      <ResponsiveContainer width="100%" height={224} initialDimension={{ width: 460, height: 224 }}>
        <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={[dayTime(history.from), dayTime(history.to)]}
            ticks={monthTicks(history.from, history.to)}
            tickFormatter={formatMonthTick}
            tick={{ fontSize: 11, fill: SLATE }}
            tickLine={false}
            axisLine={{ stroke: GRID }}
            interval="preserveStartEnd"
            minTickGap={14}
          />
          <YAxis
            // Round ticks around the prices, not from zero: there a year of small moves would look flat.
            domain={['auto', 'auto']}
            tickFormatter={priceTick(wholeCedis)}
            tick={{ fontSize: 11, fill: SLATE }}
            tickLine={false}
            axisLine={false}
            tickCount={5}
            width={wholeCedis ? 60 : 68}
          />
          <Tooltip
            formatter={(value, name) => [formatCedis(Number(value)), String(name)]}
            labelFormatter={(time) => formatDay(new Date(Number(time)).toISOString())}
            separator=": "
            contentStyle={{ fontSize: 12, borderRadius: 8, borderColor: GRID }}
            itemSorter={(item) => Number(item.value)}
          />
          {history.suppliers.map((line, index) => {
            const { colour, dash } = lineStyle(index);
            return (
              <Line
                key={line.supplierId}
                type="stepAfter"
                dataKey={line.supplierId}
                name={line.supplierName}
                stroke={colour}
                strokeDasharray={dash}
                strokeWidth={line.supplierId === cheapestId ? 2.5 : 1.75}
                dot={false}
                activeDot={{ r: 3 }}
                connectNulls={false}
                isAnimationActive={false}
              />
            );
          })}
        </LineChart>
      </ResponsiveContainer>
      <ChartLegend history={history} />
    </div>
  );
}
