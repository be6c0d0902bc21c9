import type { Invoice } from '@aduro/shared/invoices';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useMobileMoneyProviders } from '../api/get-mobile-money-providers';
import { MobileMoneyDialog, type PayableInvoice } from './mobile-money-dialog';

export interface PayByMobileMoney {
  /** The row's Pay button: only on an unpaid invoice that still owes something, and only when Pay is on. */
  action: (invoice: Invoice) => ReactNode;
  /** The one dialog, rendered once beside the list, so a row that leaves the list (paid in full under the
   * Open filter) does not take the payment's outcome with it. */
  dialog: ReactNode;
}

/**
 * Pay with mobile money on a buyer's invoices, composed by the screen that lists them (a feature does
 * not import another). Without a Paystack key the server says enabled: false and nothing shows: the
 * supplier records payments by hand, as before.
 */
export function usePayByMobileMoney(): PayByMobileMoney {
  const providers = useMobileMoneyProviders();
  const [paying, setPaying] = useState<PayableInvoice | null>(null);
  const enabled = providers.data?.enabled === true;
  return {
    action: (invoice) =>
      enabled && invoice.status === 'unpaid' && invoice.amountDue > 0 ? (
        <Button
          size="sm"
          aria-label={`Pay with mobile money, invoice ${invoice.number}`}
          onClick={() =>
            setPaying({
              id: invoice.id,
              number: invoice.number,
              amountDue: invoice.amountDue,
              seller: { name: invoice.seller.name },
            })
          }
        >
          Pay with mobile money
        </Button>
      ) : null,
    dialog: <MobileMoneyDialog invoice={paying} onClose={() => setPaying(null)} />,
  };
}
