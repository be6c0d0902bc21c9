import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { StatTile } from '../../../components/ui/stat-tile';
import { formatCedis } from '../../../lib/format';

export function CreditRoute() {
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Credit"
        title="Manage credit facilities"
        description="Trade on terms with suppliers that extend credit to your organisation."
      />
      <dl className="grid gap-4 sm:grid-cols-3">
        <StatTile
          label="Credit headroom"
          value={formatCedis(0)}
          hint="Limit minus balance across all lines"
        />
      </dl>
      <Card>
        <CardHeader title="Active credit lines" />
        <EmptyState message="No credit lines active yet. Submit a request below to start trading on terms." />
      </Card>
    </div>
  );
}
