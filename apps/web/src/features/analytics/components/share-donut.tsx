import { cn } from '../../../components/ui/cn';
import { centrePercent, sliceColour } from '../utils/shares';

/** SPEC §9: radius 70 in a 180-size circle. */
export const DONUT_SIZE = 180;
export const DONUT_RADIUS = 70;
const RING = 22;
const RING_ACTIVE = 28;
const CIRCUMFERENCE = 2 * Math.PI * DONUT_RADIUS;
/** Space between slices, in px along the ring, so neighbours of similar colour stay apart. */
const GAP = 2;

export interface DonutSlice {
  key: string;
  label: string;
  /** 0..1 of the charted total. */
  share: number;
}

interface ShareDonutProps {
  slices: readonly DonutSlice[];
  activeIndex: number;
  onHighlight: (index: number) => void;
  /** Names the chart for screen readers; the list beside it carries the figures. */
  label: string;
  centreCaption: string;
}

/**
 * A donut of shares drawn as dashed circles: each slice is the stroke of one circle, dashed to its
 * share of the circumference and rotated to where the previous one ended. Hovering a slice
 * highlights it; keyboard users highlight through the list, which holds the same slices as buttons.
 */
export function ShareDonut({ slices, activeIndex, onHighlight, label, centreCaption }: ShareDonutProps) {
  const visible = slices.filter((slice) => slice.share > 0).length;
  const gap = visible > 1 ? GAP : 0;
  const active = slices[activeIndex];
  // Where each slice starts along the ring: the lengths of the slices before it.
  const starts = slices.map((_, index) =>
    slices.slice(0, index).reduce((sum, slice) => sum + slice.share * CIRCUMFERENCE, 0),
  );
  return (
    <div className="relative shrink-0" style={{ width: DONUT_SIZE, height: DONUT_SIZE }}>
      <svg
        width={DONUT_SIZE}
        height={DONUT_SIZE}
        viewBox={`0 0 ${DONUT_SIZE} ${DONUT_SIZE}`}
        role="img"
        aria-label={label}
        className="-rotate-90"
      >
        <circle
          cx={DONUT_SIZE / 2}
          cy={DONUT_SIZE / 2}
          r={DONUT_RADIUS}
          fill="none"
          stroke="#e2e8f0"
          strokeWidth={RING}
        />
        {slices.map((slice, index) => {
          const length = slice.share * CIRCUMFERENCE;
          const offset = starts[index] ?? 0;
          if (length <= 0) return null;
          const isActive = index === activeIndex;
          return (
            <circle
              key={slice.key}
              data-slice={slice.key}
              data-active={isActive || undefined}
              cx={DONUT_SIZE / 2}
              cy={DONUT_SIZE / 2}
              r={DONUT_RADIUS}
              fill="none"
              stroke={sliceColour(index)}
              strokeWidth={isActive ? RING_ACTIVE : RING}
              strokeDasharray={`${Math.max(length - gap, 0.5)} ${CIRCUMFERENCE}`}
              strokeDashoffset={-offset}
              className={cn(
                'cursor-pointer transition-[stroke-width,opacity] duration-150',
                !isActive && 'opacity-70',
              )}
              onMouseEnter={() => onHighlight(index)}
            >
              <title>{slice.label}</title>
            </circle>
          );
        })}
      </svg>
      <div
        data-testid="donut-centre"
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center px-10 text-center"
      >
        <span className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
          {centrePercent(active?.share ?? 0)}
        </span>
        <span className="mt-0.5 text-xs leading-tight text-slate-500">{centreCaption}</span>
      </div>
    </div>
  );
}
