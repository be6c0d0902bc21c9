import { useParams } from 'react-router';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { BuyerRfqDetail } from '../../../features/rfqs/components/buyer-rfq-detail';

/** One of the buyer's requests for quotation (issue 34), at /customer/rfqs/:id. */
export function RfqRoute() {
  const user = useSignedInUser();
  const { id = '' } = useParams();
  // Keyed by the id, so moving to another request starts with its own state (dialogs, award quantities).
  return <BuyerRfqDetail key={id} orgId={user.orgId} rfqId={id} />;
}
