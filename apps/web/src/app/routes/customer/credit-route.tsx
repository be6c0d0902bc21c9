import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../features/auth/hooks/use-signed-in-user';
import { useCreditLines } from '../../../features/credit/api/get-credit-lines';
import { CreditLinesPanel } from '../../../features/credit/components/credit-lines-panel';
import {
  CreditRequestForm,
  type CreditSupplierOption,
} from '../../../features/credit/components/credit-request-form';
import { MyCreditApplications } from '../../../features/credit/components/my-credit-applications';
import { OrderDefaultsCard } from '../../../features/credit/components/order-defaults-card';
import { InvoicesCard } from '../../../features/invoices/components/invoices-card';
import { CreditHeldStat } from '../../../features/payments/components/credit-held-stat';
import { InvoiceMobileMoneyPayments } from '../../../features/payments/components/invoice-mobile-money-payments';
import { usePayByMobileMoney } from '../../../features/payments/components/pay-by-mobile-money';
import { useOrderDefaults } from '../../../features/orders/api/get-order-defaults';
import { useUpdateOrderDefaults } from '../../../features/orders/api/update-order-defaults';
import { useSupplierDirectory } from '../../../features/suppliers/api/get-supplier-directory';
import { formatCedis } from '../../../lib/format';

/** The suppliers a buyer can apply to (active ones), each with its current limit when a line exists. */
function useCreditSuppliers(orgId: string | null) {
  const directory = useSupplierDirectory(orgId, 'all');
  const lines = useCreditLines(orgId);
  const limitBySupplier = new Map((lines.data ?? []).map((line) => [line.supplier.id, line.limit]));
  const options: CreditSupplierOption[] = (directory.data ?? [])
    .filter((supplier) => supplier.isActive)
    .map((supplier) => {
      const limit = limitBySupplier.get(supplier.id);
      return {
        id: supplier.id,
        name: supplier.name,
        ...(limit !== undefined ? { detail: `current limit ${formatCedis(limit)}` } : {}),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { options, loading: directory.isPending };
}

export function CreditRoute() {
  const user = useSignedInUser();
  const suppliers = useCreditSuppliers(user.orgId);
  // The order defaults belong to orders; they sit here, on the buyer's terms-and-settings screen.
  const orderDefaults = useOrderDefaults(user.orgId);
  const saveOrderDefaults = useUpdateOrderDefaults(user.orgId);
  const payByMobileMoney = usePayByMobileMoney();
  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Credit"
        title="Manage credit facilities"
        description="Trade on terms with suppliers that extend credit to your organisation."
      />
      <CreditLinesPanel orgId={user.orgId} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <CreditRequestForm
          orgId={user.orgId}
          suppliers={suppliers.options}
          suppliersLoading={suppliers.loading}
        />
        <MyCreditApplications orgId={user.orgId} />
      </div>
      <InvoicesCard
        orgId={user.orgId}
        side="buyer"
        rowActions={payByMobileMoney.action}
        rowDetails={(invoice) => <InvoiceMobileMoneyPayments invoice={invoice} />}
        stats={<CreditHeldStat side="buyer" />}
      />
      {payByMobileMoney.dialog}
      <OrderDefaultsCard
        defaults={orderDefaults.data}
        saving={saveOrderDefaults.isPending}
        onSave={(defaults) => saveOrderDefaults.mutate(defaults)}
      />
    </div>
  );
}
