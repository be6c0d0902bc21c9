import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section className={cn('rounded-xl border border-slate-200 bg-white shadow-xs', className)} {...props} />
  );
}

interface CardHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Heading level that keeps the page outline correct where the card sits. */
  as?: 'h2' | 'h3';
  actions?: ReactNode;
  id?: string;
}

export function CardHeader({ title, description, as: Heading = 'h2', actions, id }: CardHeaderProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
      <div className="min-w-0">
        <Heading id={id} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
        {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
