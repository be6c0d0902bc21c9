import { cn } from './cn';

/**
 * A grey placeholder the size of the content it stands for, so the page keeps its shape while data
 * loads. Decorative: the region that holds it announces the wait (aria-busy or a status label).
 */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200/80', className)} />;
}
