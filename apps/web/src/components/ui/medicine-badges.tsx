import type { ControlledKind, MedicineClass } from '@aduro/shared/compliance';
import { cn } from './cn';
import { ControlledBadge } from './controlled-badge';
import { MedicineClassBadge } from './medicine-class-badge';

/** A product's class badge and, when it is one, its Controlled badge, side by side and wrapping on a phone. */
export function MedicineBadges({
  product,
  className,
}: {
  product: { medicineClass: MedicineClass | null; controlled: ControlledKind | null };
  className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1', className)}>
      <MedicineClassBadge medicineClass={product.medicineClass} />
      <ControlledBadge controlled={product.controlled} />
    </span>
  );
}
