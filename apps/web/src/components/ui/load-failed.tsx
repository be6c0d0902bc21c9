import { Button } from './button';

interface LoadFailedProps {
  /** What could not be loaded, e.g. 'The invoices could not be loaded.' */
  message: string;
  onRetry: () => void;
}

/**
 * Where a list would be when its read failed. The reason is already in the error toast (SPEC §8); this
 * keeps the screen usable after a dropped connection.
 */
export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <p className="text-sm text-slate-600">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
