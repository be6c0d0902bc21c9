import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { StatTile } from '../../../components/ui/stat-tile';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { formatCedis } from '../../../lib/format';

export function CartRoute() {
  const user = useSignedInUser();
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Cart"
        title="Procurement workspace"
        description="Collect the lines you plan to order, then turn them into orders with your suppliers."
        actions={
          <Link to="/customer" className={buttonClasses('secondary')}>
            Continue browsing
          </Link>
        }
      />
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatTile label="Line items" value={0} />
        <StatTile label="Total quantity" value={0} />
        <StatTile label="Estimated value" value={formatCedis(0)} />
      </dl>
      <Card>
        <CardHeader title="Cart lines" />
        {user.orgId ? (
          <EmptyState message="Your procurement cart is empty. Add medicines from the marketplace to start planning an order.">
            <Link to="/customer" className={buttonClasses('primary', 'sm')}>
              Go to the marketplace
            </Link>
          </EmptyState>
        ) : (
          <EmptyState message="We could not detect a customer organisation linked to your profile. Contact support to complete onboarding before using the cart." />
        )}
      </Card>
    </div>
  );
}
