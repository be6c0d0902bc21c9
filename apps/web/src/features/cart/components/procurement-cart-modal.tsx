import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useCart } from '../api/get-cart';
import { NO_ORGANISATION_MESSAGE, summariseCart } from '../utils/cart-view';

export interface ProcurementCartModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The buyer's organisation; null when the profile has none linked. */
  orgId: string | null;
}

/** One dt/dd pair in its own div, the only wrapper a <dl> may hold (so placement goes on it). */
function Figure({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 ring-inset', className)}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

interface Destination {
  to: string;
  title: string;
  text: string;
}

const DESTINATIONS: readonly Destination[] = [
  {
    to: '/customer/cart',
    title: 'Open cart',
    text: 'Check delivery details per line, then draft orders.',
  },
  {
    to: '/customer/orders',
    title: 'Orders',
    text: 'Approve drafted orders and follow every drop.',
  },
  {
    to: '/customer/credit',
    title: 'Credit facilities',
    text: 'See your headroom and request supplier credit.',
  },
];

/** SPEC §2 procurement cart modal: where the cart stands, and the three places procurement continues. */
export function ProcurementCartModal({ open, onOpenChange, orgId }: ProcurementCartModalProps) {
  const cart = useCart(orgId);
  const summary = summariseCart(cart.data?.items ?? []);
  const close = () => onOpenChange(false);
  const figure = (value: string) => (cart.data ? value : <Skeleton className="mt-1 h-5 w-16" />);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Procurement"
      description="Your cart so far, and where to take it next."
    >
      <div className="space-y-5">
        {orgId ? (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Cart summary">
            <Figure label="Line items" value={figure(formatUnits(summary.lineItems))} />
            <Figure label="Total quantity" value={figure(formatUnits(summary.totalQuantity))} />
            <Figure
              className="col-span-2 sm:col-span-1"
              label="Estimated value"
              value={figure(formatCedis(summary.estimatedValue))}
            />
          </dl>
        ) : (
          <EmptyState message={NO_ORGANISATION_MESSAGE} />
        )}
        <nav aria-label="Procurement">
          <ul className="space-y-2">
            {DESTINATIONS.map((destination, index) => (
              <li key={destination.to}>
                {/* Not buttonClasses: its justify-center and nowrap would fight overrides (cn does not
                    merge), centring each text by its own width. One grid, so titles and chevrons line up. */}
                <Link
                  to={destination.to}
                  onClick={close}
                  className={cn(
                    'grid w-full grid-cols-[minmax(0,1fr)_1rem] items-center gap-3 rounded-lg border px-5 py-3 text-left shadow-sm transition-colors',
                    // The primary card's border is transparent, so its text starts where the others' does.
                    index === 0
                      ? 'border-transparent bg-emerald-700 text-white hover:bg-emerald-800'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                  )}
                >
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold">{destination.title}</span>
                    <span
                      className={`block text-xs font-normal ${index === 0 ? 'text-emerald-50' : 'text-slate-500'}`}
                    >
                      {destination.text}
                    </span>
                  </span>
                  <svg className="size-4 shrink-0" viewBox="0 0 20 20" fill="none" aria-hidden="true">
                    <path
                      d="m8 5 5 5-5 5"
                      stroke="currentColor"
                      strokeWidth="1.5"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </Dialog>
  );
}
