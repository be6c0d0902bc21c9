import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
  name?: string;
  onBlur?: () => void;
  ref?: React.Ref<HTMLButtonElement>;
}

/**
 * An on/off setting that takes effect as a whole (ARIA switch, on Radix), labelled by the text beside it.
 * Inside a form Radix adds a hidden native input under `name`, so the form still submits the value.
 */
export function Switch({
  checked,
  onCheckedChange,
  label,
  description,
  disabled,
  id,
  name,
  onBlur,
  ref,
}: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const labelId = `${switchId}-label`;
  const descriptionId = description ? `${switchId}-description` : undefined;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label id={labelId} htmlFor={switchId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="mt-0.5 text-xs text-slate-600">
            {description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        ref={ref}
        id={switchId}
        name={name}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={disabled}
        onBlur={onBlur}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-500 transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-emerald-700"
      >
        <RadixSwitch.Thumb className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5.5" />
      </RadixSwitch.Root>
    </div>
  );
}
