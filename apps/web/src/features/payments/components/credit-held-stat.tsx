import { sumCedis } from '@aduro/shared/money';
import { formatCedis } from '../../../lib/format';
import { useMobileMoneyProviders } from '../api/get-mobile-money-providers';
import { useSupplierCredits } from '../api/get-supplier-credits';

const COPY = {
  buyer: { label: 'Credit held', detail: 'with' },
  seller: { label: 'Credit owed to customers', detail: 'to' },
} as const;

/** At most this many counterparties are named under the sum; the rest are counted. */
const NAMED = 3;

/**
 * A figure for the invoices card's header (a dt/dd pair of its dl): what a buyer holds as credit with its
 * suppliers (payments beyond what an invoice owed, credit notes beyond an invoice), or what a supplier
 * owes its customers that way. Shown while mobile money is on, or whenever some balance exists.
 */
export function CreditHeldStat({ side }: { side: 'buyer' | 'seller' }) {
  const providers = useMobileMoneyProviders();
  const credits = useSupplierCredits(true);
  const balances = (credits.data ?? []).filter((credit) => credit.balance > 0);
  if (providers.data?.enabled !== true && balances.length === 0) return null;
  const copy = COPY[side];
  const named = balances
    .map((credit) => {
      const party = side === 'buyer' ? credit.seller : credit.buyer;
      return { id: party.id, name: party.name, balance: credit.balance };
    })
    .sort((a, b) => b.balance - a.balance);
  return (
    <div>
      <dt className="text-xs text-slate-500">{copy.label}</dt>
      <dd className="text-lg font-semibold tabular-nums">
        {credits.isSuccess ? formatCedis(sumCedis(balances.map((credit) => credit.balance))) : '—'}
        {named.length > 0 && (
          <ul
            className="mt-0.5 text-xs font-normal text-slate-500"
            aria-label={`${copy.label} by ${side === 'buyer' ? 'supplier' : 'customer'}`}
          >
            {named.slice(0, NAMED).map((credit) => (
              <li key={credit.id} className="break-words">
                {formatCedis(credit.balance)} {copy.detail} {credit.name}
              </li>
            ))}
            {named.length > NAMED && <li>and {named.length - NAMED} more</li>}
          </ul>
        )}
      </dd>
    </div>
  );
}
