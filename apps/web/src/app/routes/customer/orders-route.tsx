import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { CustomerOrders } from '../../../features/orders/components/customer-orders';
import { RecallNotices } from '../../../features/recalls/components/recall-notices';

export function OrdersRoute() {
  const user = useSignedInUser();
  // A recall notification links here with ?recall={id}: that notice is scrolled to and highlighted.
  const [searchParams] = useSearchParams();
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Orders"
        title="Order orchestration"
        description="Approve drafted orders to release shipments, and follow every drop to each branch."
      />
      <RecallNotices orgId={user.orgId} highlightId={searchParams.get('recall')} />
      <CustomerOrders orgId={user.orgId} />
    </div>
  );
}
