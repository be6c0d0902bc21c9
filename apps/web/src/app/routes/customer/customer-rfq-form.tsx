import { ProductPicker } from '../../../features/catalogue/components/product-picker';
import {
  RfqFormDialog,
  type RfqFormDialogProps,
  type RfqProductPickerSlotProps,
} from '../../../features/rfqs/components/rfq-form-dialog';

const renderProductPicker = (props: RfqProductPickerSlotProps) => <ProductPicker {...props} />;

/**
 * The RFQ form as the customer screens open it (the RFQs page, the product dialog, the cart): with the
 * catalogue's search to add products, which the rfqs feature may not import itself.
 */
export function CustomerRfqForm(props: Omit<RfqFormDialogProps, 'renderProductPicker'>) {
  return <RfqFormDialog {...props} renderProductPicker={renderProductPicker} />;
}
