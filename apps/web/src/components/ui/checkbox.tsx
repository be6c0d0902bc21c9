import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** A second line under the label, announced as the checkbox's description. */
  description?: ReactNode;
  /** 'tile' draws a bordered, tappable box that turns green when checked, for pickers in a grid. */
  variant?: 'plain' | 'tile';
  ref?: React.Ref<HTMLInputElement>;
}

/** A native checkbox with its label; the whole label is the hit area, which matters on phones. */
export function Checkbox({
  label,
  description,
  variant = 'plain',
  className,
  id,
  title,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <label
      htmlFor={inputId}
      // On the label, so the tooltip shows over the whole tile rather than the small box alone.
      title={title}
      className={cn(
        'flex cursor-pointer items-start gap-2.5 text-sm text-slate-800 has-disabled:cursor-not-allowed has-disabled:text-slate-500',
        variant === 'tile' &&
          'rounded-lg border border-slate-200 bg-white px-3 py-2 transition-colors hover:border-slate-300 has-checked:border-emerald-600 has-checked:bg-emerald-50/70 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600 has-disabled:hover:border-slate-200 has-disabled:has-checked:border-emerald-600/50',
        className,
      )}
    >
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={descriptionId}
        className={cn(
          'mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-emerald-700 disabled:cursor-not-allowed',
          // The tile shows focus around itself; a second ring on the box would be noise.
          variant === 'tile' && 'focus-visible:outline-none',
        )}
        {...props}
      />
      <span className="min-w-0">
        <span className="block font-medium">{label}</span>
        {description && (
          <span id={descriptionId} className="mt-0.5 block text-xs font-normal text-slate-500">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
