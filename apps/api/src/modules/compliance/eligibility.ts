import { sql, type SQL } from 'drizzle-orm';
import {
  COMPLIANCE_MESSAGES,
  CONTROLLED_KIND_LABELS,
  MEDICINE_CLASS_LABELS,
  effectiveMedicineClass,
  type ControlledKind,
  type Eligibility,
  type EligibilityCode,
  type MedicineClass,
} from '@aduro/shared/compliance';

/**
 * "Who may buy what" (issue 32, docs/domain.md): the one rule, written once as SQL so that approval
 * refuses by it inside its transaction and every read that marks an offer (matches, comparison, cart,
 * builder) marks it by the very same expression. It names the first thing that stops the buyer, in this
 * order: the product's FDA registration lapsed; no verified, unexpired licence; an OTC medicine seller
 * and anything but an uncontrolled class C; a controlled drug without a verified, unexpired
 * authorisation. Null when the buyer may buy. Services (delivery, say) are not medicines and are never
 * refused by it.
 *
 * `product` and `licence` are the aliases of the products row and the buyer's licence_records row (left
 * joined: no row means no licence) in the caller's query; `today` is the UTC day (YYYY-MM-DD).
 */
export function refusalCodeSql(aliases: { product: string; licence: string }, today: string): SQL {
  const p = sql.raw(aliases.product);
  const l = sql.raw(aliases.licence);
  return sql`(case
    when ${p}.is_service then null
    when ${p}.fda_registration_expires_on < ${today}::date then 'REGISTRATION_LAPSED'
    when ${l}.status is distinct from 'verified' or ${l}.expires_on < ${today}::date then 'LICENCE_REQUIRED'
    when ${l}.kind = 'otc_medicine_seller'
         and (coalesce(${p}.medicine_class, 'A') <> 'C' or ${p}.controlled is not null)
      then 'LICENCE_CLASS_NOT_ALLOWED'
    when ${p}.controlled is not null
         and not (${l}.controlled_authorised and ${l}.controlled_authorisation_expires_on >= ${today}::date)
      then 'CONTROLLED_NOT_AUTHORISED'
    else null
  end)`;
}

/**
 * Whether a product's registration has lapsed by `today`: lapsed products are not offered to buyers.
 * Never null for a products row (no registration recorded is not lapsed), so `not` of it filters safely.
 */
export function registrationLapsedSql(productAlias: string, today: string): SQL {
  const p = sql.raw(productAlias);
  return sql`(not ${p}.is_service and coalesce(${p}.fda_registration_expires_on < ${today}::date, false))`;
}

/** The product facts a refusal's message names. */
export interface RefusedProduct {
  name: string;
  medicineClass: MedicineClass | null;
  controlled: ControlledKind | null;
  fdaRegistrationExpiresOn: string | null;
}

/** The words of a refusal: what is missing, naming the product (the 409 message and the offer's mark). */
export function refusalMessage(code: EligibilityCode, product: RefusedProduct): string {
  switch (code) {
    case 'REGISTRATION_LAPSED':
      return COMPLIANCE_MESSAGES.registrationLapsed(product.name, product.fdaRegistrationExpiresOn ?? '');
    case 'LICENCE_REQUIRED':
      return COMPLIANCE_MESSAGES.licenceRequired(product.name);
    case 'LICENCE_CLASS_NOT_ALLOWED':
      return COMPLIANCE_MESSAGES.classNotAllowed(
        product.name,
        product.controlled
          ? `a controlled drug (${MEDICINE_CLASS_LABELS[effectiveMedicineClass(product.medicineClass)]})`
          : MEDICINE_CLASS_LABELS[effectiveMedicineClass(product.medicineClass)],
      );
    case 'CONTROLLED_NOT_AUTHORISED':
      return COMPLIANCE_MESSAGES.controlledNotAuthorised(
        product.name,
        CONTROLLED_KIND_LABELS[product.controlled ?? 'narcotic'],
      );
  }
}

/** An offer's mark for the caller, from the code the SQL decided. */
export function eligibilityOf(code: EligibilityCode | null, product: RefusedProduct): Eligibility {
  return code
    ? { allowed: false, code, reason: refusalMessage(code, product) }
    : { allowed: true, code: null, reason: null };
}
