import { MATCH_TAGS, type SupplierMatch } from '@aduro/shared/marketplace';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EligibilityNote } from '../../../components/ui/eligibility-note';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCedis, formatUnits } from '../../../lib/format';
import { useSupplierMatches } from '../api/get-supplier-matches';
import {
  creditLabel,
  leadTimeLabel,
  paymentMethodLabels,
  paymentTermsLabel,
  ratingLabel,
  shelfLifeLabel,
  supplierLocation,
} from '../utils/supplier-labels';

export const NO_MATCHES_MESSAGE = 'No active suppliers surfaced yet. Launch an RFQ to invite bids instantly.';

const unitCount = (count: number) => `${formatUnits(count)} ${count === 1 ? 'unit' : 'units'}`;

/** Tags a buyer should weigh before ordering, drawn in amber; the rest are plain facts. */
const CAUTION_TAGS = new Set<string>([MATCH_TAGS.lowStock, MATCH_TAGS.expiringSoon]);

interface SupplierMatchListProps {
  orgId: string | null;
  productId: string;
  /** Suppliers chosen for the comparison table. */
  comparedIds: readonly string[];
  onToggleCompare: (match: SupplierMatch) => void;
  onAddToCart: (match: SupplierMatch) => void;
  /** Opens the multi-drop order builder for this supplier's offer. */
  onBuildOrder?: (match: SupplierMatch) => void;
}

function Figure({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={muted ? 'text-slate-500' : 'font-medium text-slate-900 tabular-nums'}>{value}</dd>
    </div>
  );
}

function MatchRow({
  match,
  compared,
  onToggleCompare,
  onAddToCart,
  onBuildOrder,
}: {
  match: SupplierMatch;
  compared: boolean;
  onToggleCompare: SupplierMatchListProps['onToggleCompare'];
  onAddToCart: SupplierMatchListProps['onAddToCart'];
  onBuildOrder: SupplierMatchListProps['onBuildOrder'];
}) {
  const methods = paymentMethodLabels(match.supportedPaymentMethods);
  return (
    // Read in this order (name, figures, then the actions on them); from the small breakpoint the
    // actions move up beside the name, where a laptop user looks for them.
    <li className="grid gap-3 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_auto]">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="font-semibold text-slate-900">{match.name}</h3>
          <EligibilityNote eligibility={match.eligibility} compact />
        </div>
        <p className="mt-0.5 text-sm text-slate-600">
          {supplierLocation(match.location)} · {paymentTermsLabel(match.paymentTerms)}
        </p>
        {match.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
            {match.tags.map((tag) => (
              <li key={tag}>
                <Badge tone={CAUTION_TAGS.has(tag) ? 'yellow' : 'neutral'}>{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm sm:col-span-2 sm:grid-cols-3 lg:grid-cols-[repeat(6,minmax(0,1fr))_minmax(0,1.7fr)]">
        <Figure label="Unit price" value={formatCedis(match.unitPrice)} />
        <Figure label="Lead time" value={leadTimeLabel(match.leadTimeDays)} />
        <Figure label="MOQ" value={unitCount(match.moq)} />
        <Figure
          label="Longest shelf life"
          value={shelfLifeLabel(match.longestShelfLifeDays)}
          muted={match.longestShelfLifeDays === null}
        />
        <Figure label="Rating" value={ratingLabel(match.rating)} muted={match.rating === null} />
        <Figure
          label="Credit available"
          value={creditLabel(match.creditAvailable)}
          muted={match.creditAvailable === null}
        />
        <div className="col-span-2 min-w-0 sm:col-span-1">
          <dt className="text-xs text-slate-500">Payment methods</dt>
          <dd className="text-slate-900">{methods.join(' · ')}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2 sm:col-start-2 sm:row-start-1 sm:items-start sm:justify-end">
        <Button
          variant={compared ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={compared}
          aria-label={`${compared ? 'Selected' : 'Compare'}: ${match.name}`}
          onClick={() => onToggleCompare(match)}
          className="flex-1 sm:flex-none"
        >
          {compared && (
            <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
              <path
                d="m5 10.5 3 3 7-7"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          )}
          {compared ? 'Selected' : 'Compare'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Add to cart from ${match.name}`}
          onClick={() => onAddToCart(match)}
          className="flex-1 sm:flex-none"
        >
          Add to cart
        </Button>
        {onBuildOrder && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Build multi-drop order from ${match.name}`}
            onClick={() => onBuildOrder(match)}
            className="flex-1 sm:flex-none"
          >
            Build multi-drop order
          </Button>
        )}
      </div>
    </li>
  );
}

/** SPEC §2 supplier matches of the compared product, cheapest first as the server sends them. */
export function SupplierMatchList({
  orgId,
  productId,
  comparedIds,
  onToggleCompare,
  onAddToCart,
  onBuildOrder,
}: SupplierMatchListProps) {
  const matches = useSupplierMatches(orgId, productId);

  if (matches.isPending) {
    return (
      <div role="status" aria-label="Loading supplier matches" className="divide-y divide-slate-100">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="grid gap-3 px-5 py-4 lg:grid-cols-3">
            <div className="space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3.5 w-1/2" />
            </div>
            <Skeleton className="h-10" />
            <Skeleton className="h-8 w-40 justify-self-end" />
          </div>
        ))}
      </div>
    );
  }
  if (matches.isError) {
    return (
      <EmptyState message="We could not load the suppliers of this product.">
        <Button variant="secondary" size="sm" onClick={() => void matches.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (matches.data.length === 0) return <EmptyState message={NO_MATCHES_MESSAGE} />;
  const refusals = distinctRefusals(matches.data);
  return (
    <>
      {refusals.length > 0 && (
        // One product, so usually one reason for every supplier: said once in full above the offers, each
        // refused offer then carries the short mark (its reason also in its tooltip and accessible text).
        <div className="space-y-2 border-b border-slate-100 px-5 py-3">
          {refusals.map((eligibility) => (
            <EligibilityNote key={eligibility.reason} eligibility={eligibility} className="text-sm" />
          ))}
        </div>
      )}
      <ul aria-label="Supplier matches" className="divide-y divide-slate-100">
        {matches.data.map((match) => (
          <MatchRow
            key={match.id}
            match={match}
            compared={comparedIds.includes(match.id)}
            onToggleCompare={onToggleCompare}
            onAddToCart={onAddToCart}
            onBuildOrder={onBuildOrder}
          />
        ))}
      </ul>
    </>
  );
}

/** The different reasons the buyer may not release these offers, each once, in the order they come. */
function distinctRefusals(matches: readonly SupplierMatch[]): SupplierMatch['eligibility'][] {
  const seen = new Map<string, SupplierMatch['eligibility']>();
  for (const { eligibility } of matches)
    if (!eligibility.allowed) seen.set(eligibility.reason ?? eligibility.code ?? '', eligibility);
  return [...seen.values()];
}
