import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { CustomerOrders } from '../../../features/orders/components/customer-orders';

export function OrdersRoute() {
  const user = useSignedInUser();
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Orders"
        title="Order orchestration"
        description="Approve drafted orders to release shipments, and follow every drop to each branch."
      />
      <CustomerOrders orgId={user.orgId} />
    </div>
  );
}
