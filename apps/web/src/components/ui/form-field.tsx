import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

/** The accessibility wiring a control needs so its label, hint and error are announced with it. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function FormField({ id, label, error, hint, optional, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-600">(optional)</span>}
      </label>
      <div className="mt-1.5">
        {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      </div>
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {/* Always present, so a screen reader announces an error the moment it appears, while typing too. */}
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1.5 text-xs font-medium text-rose-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

const controlBase =
  'block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 ' +
  'focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600/30 focus-visible:border-emerald-600 ' +
  'disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-rose-500 aria-invalid:focus-visible:ring-rose-500/30';

export function Input({
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> }) {
  return <input className={cn(controlBase, 'h-10 border-slate-300', className)} {...props} />;
}

export function Select({
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> }) {
  return <select className={cn(controlBase, 'h-10 border-slate-300 pr-8', className)} {...props} />;
}

export function Textarea({
  className,
  rows = 3,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  return <textarea rows={rows} className={cn(controlBase, 'border-slate-300 py-2', className)} {...props} />;
}
