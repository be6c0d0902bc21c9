import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

interface CheckboxProps {
  label: ReactNode;
  /** A second line under the label, announced as the checkbox's description. */
  description?: ReactNode;
  /** 'tile' draws a bordered, tappable box that turns green when checked, for pickers in a grid. */
  variant?: 'plain' | 'tile';
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Inside a form, Radix adds a hidden native input under this name, so the form still submits it. */
  name?: string;
  value?: string;
  id?: string;
  title?: string;
  className?: string;
  onBlur?: () => void;
  'aria-label'?: string;
  'aria-invalid'?: true | undefined;
  ref?: React.Ref<HTMLButtonElement>;
}

/**
 * A Radix checkbox (role="checkbox" with aria-checked, Space toggles) with its label; the whole label
 * is the hit area, which matters on phones.
 */
export function Checkbox({
  label,
  description,
  variant = 'plain',
  className,
  id,
  title,
  checked,
  onCheckedChange,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const labelId = `${inputId}-label`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  return (
    <label
      htmlFor={inputId}
      // On the label, so the tooltip shows over the whole tile rather than the small box alone.
      title={title}
      className={cn(
        'flex cursor-pointer items-start gap-2.5 text-sm text-slate-800 has-disabled:cursor-not-allowed has-disabled:text-slate-500',
        variant === 'tile' &&
          'rounded-lg border border-slate-200 bg-white px-3 py-2 transition-colors hover:border-slate-300 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-600 has-disabled:hover:border-slate-200 has-[[data-state=checked]]:border-emerald-600 has-[[data-state=checked]]:bg-emerald-50/70 has-disabled:has-[[data-state=checked]]:border-emerald-600/50',
        className,
      )}
    >
      <RadixCheckbox.Root
        id={inputId}
        checked={checked}
        onCheckedChange={(next) => onCheckedChange(next === true)}
        // Named by the label's text alone, so the description is read as a description, not as the name.
        aria-labelledby={props['aria-label'] ? undefined : labelId}
        aria-describedby={descriptionId}
        className={cn(
          'mt-0.5 flex size-4 shrink-0 cursor-pointer items-center justify-center rounded border border-slate-500 bg-white text-white transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-emerald-700 data-[state=checked]:bg-emerald-700',
          // The tile shows focus around itself; a second ring on the box would be noise.
          variant === 'tile' && 'focus-visible:outline-none',
        )}
        {...props}
      >
        <RadixCheckbox.Indicator>
          <svg className="size-3" viewBox="0 0 12 12" fill="none" aria-hidden="true">
            <path
              d="m2.5 6.2 2.3 2.3 4.7-5"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <span className="min-w-0">
        <span id={labelId} className="block font-medium">
          {label}
        </span>
        {description && (
          <span id={descriptionId} className="mt-0.5 block text-xs font-normal text-slate-600">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
