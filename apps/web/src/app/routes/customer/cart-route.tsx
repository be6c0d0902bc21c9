import type { CartItem } from '@aduro/shared/cart';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { useCart } from '../../../features/cart/api/get-cart';
import { CartWorkspace } from '../../../features/cart/components/cart-workspace';
import type { RfqStartLine } from '../../../features/rfqs/components/rfq-form-dialog';
import { CustomerRfqForm } from './customer-rfq-form';

/** The cart's products for an RFQ: a product on several lines (several suppliers) is asked for once, in total. */
function rfqLinesOf(items: readonly CartItem[]): RfqStartLine[] {
  const byProduct = new Map<string, RfqStartLine>();
  for (const item of items) {
    const line = byProduct.get(item.productId);
    if (line) line.quantity = (line.quantity ?? 0) + item.quantity;
    else
      byProduct.set(item.productId, {
        productId: item.productId,
        productName: item.product.name,
        quantity: item.quantity,
      });
  }
  return [...byProduct.values()];
}

/** SPEC §2 cart page (/customer/cart): the buyer's procurement workspace. */
export function CartRoute() {
  const user = useSignedInUser();
  const cart = useCart(user.orgId);
  const items = cart.data?.items ?? [];
  const [asking, setAsking] = useState(false);
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Cart"
        title="Procurement workspace"
        description="Collect the lines you plan to order, then turn them into orders with your suppliers."
        actions={
          <>
            {items.length > 0 && (
              // Beyond the spec (issue 34): the same products, priced by several suppliers at once.
              <Button variant="secondary" onClick={() => setAsking(true)}>
                Request quotes
              </Button>
            )}
            <Link to="/customer" className={buttonClasses('secondary')}>
              Continue browsing
            </Link>
          </>
        }
      />
      <CartWorkspace orgId={user.orgId} />
      <CustomerRfqForm
        open={asking}
        onOpenChange={setAsking}
        orgId={user.orgId}
        startLines={rfqLinesOf(items)}
        defaultDeliveryLocation={items.find((item) => item.deliveryLocation)?.deliveryLocation ?? ''}
      />
    </div>
  );
}
