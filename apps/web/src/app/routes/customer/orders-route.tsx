import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { StatTile } from '../../../components/ui/stat-tile';
import { formatCedis } from '../../../lib/format';

export function OrdersRoute() {
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Orders"
        title="Order orchestration"
        description="Approve drafted orders to release shipments, and follow every drop to each branch."
      />
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatTile label="Live orders" value={0} />
        <StatTile label="Awaiting approval" value={0} />
        <StatTile label="Value in motion" value={formatCedis(0)} />
      </dl>
      <Card>
        <CardHeader title="Your orders" />
        <EmptyState message="No orders yet. Once you launch RFQs, they will appear here for approval and tracking." />
      </Card>
    </div>
  );
}
