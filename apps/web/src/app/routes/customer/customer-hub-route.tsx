import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';

/** SPEC §2: fixed marketing figures, not computed from data. */
const MARKETPLACE_FIGURES = [
  { value: '98%', label: 'on-time dispatch' },
  { value: 'Under 4 minutes', label: 'for credit approval' },
  { value: '12.4%', label: 'average savings' },
  { value: '2.3 days', label: 'lead time' },
] as const;

export function CustomerHubRoute() {
  const user = useSignedInUser();
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Customer Hub"
        title="Marketplace"
        description={`Source medicines from licensed suppliers${user.organizationName ? ` for ${user.organizationName}` : ''}, compare offers and keep every branch stocked.`}
        actions={
          <>
            <Link to="/customer/cart" className={buttonClasses('secondary')}>
              Cart
            </Link>
            <Link to="/customer/orders" className={buttonClasses('secondary')}>
              Orders
            </Link>
            <Link to="/customer/credit" className={buttonClasses('secondary')}>
              Credit
            </Link>
          </>
        }
      />

      <section
        aria-label="Why buyers use Aduro"
        className="rounded-2xl bg-gradient-to-br from-slate-900 to-emerald-900 p-5 text-white sm:p-6"
      >
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {MARKETPLACE_FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse justify-end">
              <dt className="text-sm text-emerald-100/80">{figure.label}</dt>
              <dd className="text-xl font-semibold tracking-tight sm:text-2xl">{figure.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-5 border-t border-white/10 pt-4 text-sm text-emerald-50/90">
          <span className="font-medium text-white">Reorder hint:</span> 150 units in 14 days
        </p>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Supplier directory"
            description="Importers, distributors and manufacturers trading on Aduro."
          />
          <EmptyState message="No suppliers found for this category yet." />
        </Card>
        <Card>
          <CardHeader title="Most purchased products" description="Your share of spend by product." />
          <EmptyState
            message={
              user.orgId
                ? 'No order history yet – once you approve releases, analytics will surface here.'
                : 'Link your customer organisation to view purchasing analytics.'
            }
          />
        </Card>
      </div>
    </div>
  );
}
