import {
  MEDICINE_CLASS_LABELS,
  MEDICINE_CLASS_NAMES,
  effectiveMedicineClass,
  type MedicineClass,
} from '@aduro/shared/compliance';
import { Badge, type BadgeTone } from './badge';

const CLASS_TONES: Record<MedicineClass, BadgeTone> = { A: 'blue', B: 'neutral', C: 'green' };

/** What a screen reader and the tooltip say for a class: its full name, and why when nobody classed it. */
export function medicineClassDescription(medicineClass: MedicineClass | null | undefined): string {
  const name = MEDICINE_CLASS_NAMES[effectiveMedicineClass(medicineClass)];
  return medicineClass ? name : `${name} — not classed, treated as prescription-only`;
}

/**
 * "POM", "P" or "OTC" beside a product's name. A product nobody classed shows as POM, the strictest
 * (effectiveMedicineClass), and says so in its tooltip and accessible name rather than pretending it was
 * classed.
 */
export function MedicineClassBadge({ medicineClass }: { medicineClass: MedicineClass | null | undefined }) {
  const effective = effectiveMedicineClass(medicineClass);
  const description = medicineClassDescription(medicineClass);
  return (
    <span title={description} data-medicine-class={effective} className="inline-flex shrink-0">
      <Badge tone={CLASS_TONES[effective]}>
        <span aria-hidden="true">{MEDICINE_CLASS_LABELS[effective]}</span>
        <span className="sr-only">{description}</span>
      </Badge>
    </span>
  );
}
