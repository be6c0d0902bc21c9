import type { ReactNode } from 'react';
import { cn } from './cn';

interface StatTileProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'light' | 'dark';
  className?: string;
}

export function StatTile({ label, value, hint, tone = 'light', className }: StatTileProps) {
  const dark = tone === 'dark';
  return (
    <div
      className={cn(
        // min-w-0: in a two-column grid on a phone a long amount wraps instead of widening the page.
        'min-w-0 rounded-xl border p-4',
        dark ? 'border-white/10 bg-white/5' : 'border-slate-200 bg-white shadow-xs',
        className,
      )}
    >
      <dt className={cn('text-sm', dark ? 'text-emerald-100/80' : 'text-slate-500')}>{label}</dt>
      <dd
        className={cn(
          'mt-1 text-xl font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-2xl',
          dark ? 'text-white' : 'text-slate-900',
        )}
      >
        {value}
      </dd>
      {hint && (
        <dd className={cn('mt-1 text-xs', dark ? 'text-emerald-100/70' : 'text-slate-500')}>{hint}</dd>
      )}
    </div>
  );
}
