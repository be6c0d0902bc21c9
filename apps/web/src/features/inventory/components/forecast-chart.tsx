import type { Forecast } from '@aduro/shared/inventory';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  forecastChartData,
  formatWeeklyUnits,
  weekOf,
  weekTick,
  type ForecastChartPoint,
} from '../utils/forecast-view';

// Tailwind palette values: recharts draws SVG attributes, which cannot take utility classes.
const EMERALD = '#047857';
const SKY = '#0369a1';
const SLATE = '#64748b';
const GRID = '#e2e8f0';

interface WeekTooltipProps {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: ForecastChartPoint }>;
}

function WeekTooltip({ active, payload }: WeekTooltipProps) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  // The last actual week also anchors the projection line; it is still an actual week.
  const actual = point.units !== null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-md">
      <p className="font-semibold text-slate-900">{weekOf(point.period, { year: true })}</p>
      <p className={actual ? 'text-emerald-800' : 'text-sky-800'}>
        {actual
          ? `${formatWeeklyUnits(point.units ?? 0)} units released`
          : `${formatWeeklyUnits(point.projected ?? 0)} units projected`}
      </p>
    </div>
  );
}

interface ProjectedDotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: ForecastChartPoint;
}

/** A dot on each projected week; none on the last actual week, which only anchors the dashed line. */
function ProjectedDot({ cx, cy, index, payload }: ProjectedDotProps) {
  if (cx === undefined || cy === undefined || !payload || payload.units !== null) return <g key={index} />;
  return <circle key={index} cx={cx} cy={cy} r={2.5} fill={SKY} />;
}

/** Drawn in HTML rather than by recharts, so the baseline can carry its value without covering the plot. */
function ChartLegend({ baseline }: { baseline: number }) {
  return (
    <ul className="flex flex-wrap justify-end gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
      <li className="flex items-center gap-1.5">
        <span className="size-2.5 rounded-sm" style={{ backgroundColor: EMERALD }} />
        Units released
      </li>
      <li className="flex items-center gap-1.5">
        <span className="w-4 border-t-2 border-dashed" style={{ borderColor: SKY }} />
        Projected
      </li>
      <li className="flex items-center gap-1.5">
        <span className="w-4 border-t-2 border-dotted" style={{ borderColor: SLATE }} />
        Baseline {formatWeeklyUnits(baseline)}
      </li>
    </ul>
  );
}

/**
 * Weekly units: 26 weeks released (bars), 8 weeks projected (dashed), the 8-week baseline as a
 * horizontal line. Kept in its own module so recharts loads only when a forecast is opened.
 */
export function ForecastChart({ forecast }: { forecast: Forecast }) {
  const data = forecastChartData(forecast);
  const firstProjected = forecast.points[0]?.period;
  const lastProjected = forecast.points.at(-1)?.period;
  return (
    <div className="space-y-2">
      <ChartLegend baseline={forecast.baseline} />
      {/* The initial size draws the chart at once, before the first resize measurement arrives. */}
      <ResponsiveContainer width="100%" height={272} initialDimension={{ width: 640, height: 272 }}>
        <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 20, left: 4 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          {firstProjected && lastProjected && (
            <ReferenceArea
              x1={firstProjected}
              x2={lastProjected}
              fill={SKY}
              fillOpacity={0.08}
              // The last week's band ends at the plot's edge, which 'discard' (the default) counts as outside.
              ifOverflow="hidden"
              label={{ value: 'Projection', position: 'insideTop', fontSize: 11, fill: SKY }}
            />
          )}
          <XAxis
            dataKey="period"
            tickFormatter={weekTick}
            tick={{ fontSize: 11, fill: SLATE }}
            tickLine={false}
            axisLine={{ stroke: GRID }}
            minTickGap={18}
            label={{
              value: 'Week starting',
              position: 'insideBottom',
              offset: -12,
              fontSize: 11,
              fill: SLATE,
            }}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fontSize: 11, fill: SLATE }}
            tickLine={false}
            axisLine={false}
            width={56}
            label={{
              value: 'Units per week',
              angle: -90,
              position: 'insideLeft',
              offset: 2,
              fontSize: 11,
              fill: SLATE,
              style: { textAnchor: 'middle' },
            }}
          />
          <Tooltip content={(props) => <WeekTooltip active={props.active} payload={props.payload} />} />
          <ReferenceLine y={forecast.baseline} stroke={SLATE} strokeWidth={1.5} strokeDasharray="2 3" />
          {/* Bars: demand for one product is lumpy (a pharmacy orders a case, then nothing for weeks), and
              a smoothed line would invent sales between the orders. */}
          <Bar
            dataKey="units"
            name="Units released"
            fill={EMERALD}
            fillOpacity={0.8}
            radius={[2, 2, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="projected"
            name="Projected"
            stroke={SKY}
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={(props: ProjectedDotProps) => <ProjectedDot key={props.index} {...props} />}
            connectNulls={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
