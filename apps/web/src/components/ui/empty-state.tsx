import type { ReactNode } from 'react';

interface EmptyStateProps {
  message: string;
  children?: ReactNode;
}

/** The text a list shows before it has rows; SPEC gives each list its own wording. */
export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <svg className="size-8 text-slate-300" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <path
          d="M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Z M4 7.5 12 12l8-4.5 M12 12v9"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <p className="max-w-md text-sm text-slate-600">{message}</p>
      {children}
    </div>
  );
}
