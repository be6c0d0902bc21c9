import { ProductPicker } from '../../../features/catalogue/components/product-picker';
import { DeclareRecallButton } from '../../../features/recalls/components/declare-recall-button';
import { RecallsWorkspace } from '../../../features/recalls/components/recalls-workspace';
import { useRecallParam } from '../../../features/recalls/hooks/use-recall-param';

/**
 * The platform's recalls: every supplier's, and its own recalls of a batch wherever it is stocked (an
 * FDA Ghana alert names a batch, not a supplier). The catalogue's picker chooses the product; the
 * batches are typed as the alert prints them.
 */
export function AdminRecallsSection({ orgId }: { orgId: string | null }) {
  const [selectedId, select] = useRecallParam();
  return (
    <div id="recalls" className="scroll-mt-24">
      <RecallsWorkspace
        orgId={orgId}
        reader="platform"
        headingLevel="h2"
        selectedId={selectedId}
        onSelect={select}
        description="Every recall on the marketplace, with the deliveries each one traced."
        emptyMessage="No recalls declared. When a regulator or manufacturer withdraws a batch, declare a recall to quarantine it at every supplier."
        actions={
          <DeclareRecallButton
            orgId={orgId}
            renderProductPicker={(props) => <ProductPicker {...props} />}
            onDeclared={(recall) => select(recall.id)}
            description="Every supplier's lots of these batches are quarantined at once, and every pharmacy that received them is notified."
          />
        }
      />
    </div>
  );
}
