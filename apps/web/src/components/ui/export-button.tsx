import { Button } from './button';

interface ExportButtonProps {
  onClick: () => void;
  disabled?: boolean;
  label?: string;
}

/** The download action every list with a CSV export puts in its header. */
export function ExportButton({ onClick, disabled, label = 'Export CSV' }: ExportButtonProps) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} disabled={disabled}>
      <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
        <path
          d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-1.5"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {label}
    </Button>
  );
}
