import { useId } from 'react';
import { cn } from './cn';

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
}

interface SegmentedControlProps<V extends string> {
  /** Names the group for screen readers. */
  label: string;
  options: ReadonlyArray<SegmentedOption<V>>;
  value: V;
  onChange: (value: V) => void;
  className?: string;
}

/**
 * One choice out of a few, drawn as pills. Native radio buttons underneath, so the browser supplies
 * the keyboard behaviour (Tab into the group, arrow keys between choices) and the announcements.
 * Where the choices do not fit one row (a phone), they wrap and each row's pills share its width, so
 * the rows line up rather than leaving a ragged gap.
 */
export function SegmentedControl<V extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedControlProps<V>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-slate-100 p-1', className)}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'flex-auto cursor-pointer rounded-md px-3 text-center py-1.5 text-sm font-medium whitespace-nowrap transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600',
            option.value === value
              ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
