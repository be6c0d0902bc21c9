import type { z } from 'zod';
import { CATALOGUE_MESSAGES, fdaRegistrationIncomplete, type Product } from '@aduro/shared/catalogue';
import type { adminProductPatchSchema } from '@aduro/shared/compliance';
import type { EventRefs } from '@aduro/shared/events';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  listOfferingSuppliers,
  lockProduct,
  updateProductLegalStatus,
  type LegalStatusValues,
} from '../catalogue/catalogue.repository.ts';
import { recordEvent } from '../events/events.repository.ts';

export type ProductLegalStatusPatch = z.output<typeof adminProductPatchSchema>;

/** The fields of a product's legal status, in the order the trail tells their changes. */
const LEGAL_STATUS_FIELDS = [
  'medicineClass',
  'controlled',
  'fdaRegistrationNumber',
  'fdaRegistrationExpiresOn',
] as const satisfies readonly (keyof LegalStatusValues)[];

type LegalStatusChanges = NonNullable<EventRefs['legalStatusChanges']>;

const notFoundProduct = () => notFound('PRODUCT_NOT_FOUND', CATALOGUE_MESSAGES.productNotFound);

/**
 * Sets or corrects a product's class, controlled status and FDA registration (a platform administrator,
 * issue 32): the fields the patch names change (null clears one), the others stay. The product as it
 * would then stand must hold both the registration number and its expiry, or neither (400 naming the
 * missing field). Records product.legal_status_changed with each field's value before and after, for the
 * platform, the suppliers offering the product (their trail and their catalogues) and every buyer (the
 * offers they are shown); a patch that changes nothing records nothing. 404 for an unknown product.
 */
export async function setProductLegalStatus(
  db: Db,
  productId: string,
  patch: ProductLegalStatusPatch,
  actorUserId?: string,
): Promise<Product> {
  return inTransaction(db, async (tx) => {
    // Locked, so a correction made at the same moment records its change from this one's result.
    const before = await lockProduct(tx, productId);
    if (!before) throw notFoundProduct();

    const after = { ...before };
    for (const field of LEGAL_STATUS_FIELDS) {
      if (patch[field] !== undefined) Object.assign(after, { [field]: patch[field] });
    }
    const incomplete = fdaRegistrationIncomplete(after);
    if (incomplete) throw badRequest(incomplete.message, { [incomplete.field]: [incomplete.message] });

    const changes: LegalStatusChanges = LEGAL_STATUS_FIELDS.filter((f) => before[f] !== after[f]).map(
      (field) => ({ field, from: before[field], to: after[field] }),
    );
    if (changes.length === 0) return before;

    const updated = await updateProductLegalStatus(tx, productId, {
      medicineClass: after.medicineClass,
      controlled: after.controlled,
      fdaRegistrationNumber: after.fdaRegistrationNumber,
      fdaRegistrationExpiresOn: after.fdaRegistrationExpiresOn,
    });
    if (!updated) throw notFoundProduct();
    const supplierIds = await listOfferingSuppliers(tx, productId);
    await recordEvent(tx, {
      type: 'product.legal_status_changed',
      orgIds: supplierIds,
      audience: ['platform', 'customer'],
      refs: { productIds: [productId], supplierIds, legalStatusChanges: changes },
      actorUserId,
    });
    return updated;
  });
}
