import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { BuyerRfqList } from '../../../features/rfqs/components/buyer-rfq-list';
import { CustomerRfqForm } from './customer-rfq-form';

/** The buyer's requests for quotation (issue 34), at /customer/rfqs. */
export function RfqsRoute() {
  const user = useSignedInUser();
  const [starting, setStarting] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Requests for quotation"
        title="Quotes from several suppliers"
        description="Ask the suppliers offering your products for a price by a deadline, compare the quotes side by side and award the best, split across suppliers if you like."
        actions={<Button onClick={() => setStarting(true)}>Request quotes</Button>}
      />
      <BuyerRfqList orgId={user.orgId} onStart={() => setStarting(true)} />
      <CustomerRfqForm open={starting} onOpenChange={setStarting} orgId={user.orgId} />
    </div>
  );
}
