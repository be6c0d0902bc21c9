import type { Product } from '@aduro/shared/catalogue';
import { CONTROLLED_KIND_LABELS } from '@aduro/shared/compliance';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { MedicineBadges } from '../../../components/ui/medicine-badges';
import { medicineClassDescription } from '../../../components/ui/medicine-class-badge';
import { formatDay } from '../../../lib/format';
import { packagingLabel } from '../utils/product-labels';
import { PriceHistorySection } from './price-history-section';

/** SPEC §2: the RFQ button announces the routing; the request itself is sent from the RFQ form it opens. */
export const launchRfqMessage = (product: string) => `Routing ${product} RFQ to marketplace`;

interface ProductDialogProps {
  product: Product | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Export to Sheets': the supplier matches belong to another feature, so the screen writes them. */
  onExport: () => void;
  /** True while the matches that would be exported are still loading. */
  exportPending?: boolean;
  /** Goes to the supplier matches of this product. */
  onCompare: () => void;
  /** Opens the RFQ form with this product (issue 34); the rfqs feature is the screen's to wire. */
  onLaunchRfq?: (product: Product) => void;
  /** What the screen knows about this product's suppliers, shown under the details. */
  children?: ReactNode;
}

/**
 * SPEC §2 product dialog: name as title; brand, packaging and description; RFQ and export; and, beyond
 * the spec (issue 16), each supplier's price over the last 12 months.
 */
export function ProductDialog({
  product,
  open,
  onOpenChange,
  onExport,
  exportPending = false,
  onCompare,
  onLaunchRfq,
  children,
}: ProductDialogProps) {
  if (!product) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={product.name}
      description={product.category}
      footer={
        // Two rows on a phone, the main action alone on the bottom one, nearest the thumb.
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              toast.success(launchRfqMessage(product.name));
              onLaunchRfq?.(product);
            }}
          >
            Launch RFQ
          </Button>
          <Button variant="secondary" onClick={onExport} loading={exportPending}>
            Export to Sheets
          </Button>
          <Button className="col-span-2" onClick={onCompare}>
            Compare suppliers
          </Button>
        </div>
      }
    >
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-slate-500">Brand</dt>
          <dd className="mt-0.5 text-slate-900">{product.brandName}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Packaging</dt>
          <dd className="mt-0.5 text-slate-900">{packagingLabel(product)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Class</dt>
          <dd className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-900">
            {/* The words beside it say the same for a screen reader. */}
            <span aria-hidden="true" className="inline-flex">
              <MedicineBadges product={product} />
            </span>
            <span>
              {medicineClassDescription(product.medicineClass)}
              {product.controlled &&
                `; controlled (${CONTROLLED_KIND_LABELS[product.controlled].toLowerCase()})`}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">FDA registration</dt>
          <dd className="mt-0.5 text-slate-900">
            {product.fdaRegistrationNumber ? (
              <>
                {product.fdaRegistrationNumber}
                {product.fdaRegistrationExpiresOn && (
                  <span className="text-slate-600">
                    {' '}
                    · valid to {formatDay(product.fdaRegistrationExpiresOn)}
                  </span>
                )}
              </>
            ) : (
              <span className="text-slate-500">Not recorded</span>
            )}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs font-medium text-slate-500">Description</dt>
          <dd className="mt-0.5 text-pretty text-slate-700">
            {product.description ?? 'No description provided yet.'}
          </dd>
        </div>
      </dl>
      {children && <div className="mt-4 border-t border-slate-100 pt-4">{children}</div>}
      <div className="mt-4 border-t border-slate-100 pt-4">
        <PriceHistorySection productId={product.id} />
      </div>
    </Dialog>
  );
}
