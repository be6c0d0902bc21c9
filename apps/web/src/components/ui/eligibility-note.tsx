import type { Eligibility } from '@aduro/shared/compliance';
import { cn } from './cn';

/**
 * Marks an offer this buyer may not release yet, with the server's reason (eligibility.reason). The offer
 * stays visible and can still be drafted or carted; approval is where the rule bites, so this tells the
 * buyer before it tries. Nothing when the offer is allowed or its eligibility is unknown.
 */
export function EligibilityNote({
  eligibility,
  compact = false,
  className,
}: {
  eligibility: Eligibility | null | undefined;
  /** One line, the reason in a tooltip and for screen readers: for dense tables. */
  compact?: boolean;
  className?: string;
}) {
  if (!eligibility || eligibility.allowed) return null;
  const reason = eligibility.reason ?? 'You may not buy this offer yet.';
  if (compact)
    return (
      <span
        title={reason}
        data-eligibility={eligibility.code ?? 'refused'}
        className={cn(
          'inline-flex items-center gap-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-800 ring-1 ring-rose-200 ring-inset',
          className,
        )}
      >
        <WarningIcon />
        <span aria-hidden="true">Can’t buy yet</span>
        <span className="sr-only">You may not buy this yet: {reason}</span>
      </span>
    );
  return (
    <p
      data-eligibility={eligibility.code ?? 'refused'}
      className={cn(
        'flex items-start gap-1.5 rounded-md bg-rose-50 px-2 py-1.5 text-xs leading-snug text-rose-900 ring-1 ring-rose-200 ring-inset [overflow-wrap:anywhere]',
        className,
      )}
    >
      <WarningIcon className="mt-px" />
      <span>
        <span className="font-semibold">You may not buy this yet: </span>
        {reason}
      </span>
    </p>
  );
}

function WarningIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={cn('h-3.5 w-3.5 shrink-0', className)}
    >
      <path
        fillRule="evenodd"
        d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.168 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
