import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { CartWorkspace } from '../../../features/cart/components/cart-workspace';

/** SPEC §2 cart page (/customer/cart): the buyer's procurement workspace. */
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
      <CartWorkspace orgId={user.orgId} />
    </div>
  );
}
