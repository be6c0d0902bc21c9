import type { z } from 'zod';
import {
  CATALOGUE_MESSAGES,
  productDedupeKey,
  type createProductSchema,
  type Product,
} from '@aduro/shared/catalogue';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { findProductByDedupeKey, insertProductIfNew, listProducts } from './catalogue.repository.ts';

export type NewProductInput = z.output<typeof createProductSchema>;

/** A search is for pickers: it answers this many products unless the caller asks for another limit. */
const SEARCH_LIMIT = 50;

/** The whole catalogue by name, or the products whose name or brand contains `q`. */
export async function getProducts(db: Db, query: { q?: string; limit?: number }): Promise<Product[]> {
  const search = query.q?.trim() || undefined;
  return listProducts(db, { search, limit: query.limit ?? (search ? SEARCH_LIMIT : undefined) });
}

/**
 * Adds a product to the shared catalogue and records product.created for every buyer, or answers 409
 * naming the same product already there. Only supplier staff add products (the route's guard), so the
 * creating organisation is the supplier the event names.
 */
export async function addProduct(
  db: Db,
  orgId: string,
  input: NewProductInput,
  actorUserId?: string,
): Promise<Product> {
  const dedupeKey = productDedupeKey(input);
  return inTransaction(db, async (tx) => {
    // Insert-or-nothing, then read: two suppliers adding the same product at once both get an answer
    // (one 201, one 409) instead of a unique-violation 500. Each statement sees what committed before
    // it, so the loop covers the rare case where the conflicting row vanished between the two.
    for (let attempt = 0; attempt < 3; attempt++) {
      const created = await insertProductIfNew(tx, { ...input, dedupeKey, createdByOrgId: orgId });
      if (created) {
        await recordEvent(tx, {
          type: 'product.created',
          orgIds: [orgId],
          audience: ['customer'],
          refs: { supplierId: orgId, productIds: [created.id] },
          actorUserId,
        });
        return created;
      }
      const existing = await findProductByDedupeKey(tx, dedupeKey);
      if (existing)
        throw conflict('PRODUCT_EXISTS', CATALOGUE_MESSAGES.duplicate(existing.name, existing.id));
    }
    throw new Error(`product ${dedupeKey} neither inserted nor found`);
  });
}
