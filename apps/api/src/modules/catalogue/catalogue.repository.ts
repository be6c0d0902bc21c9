import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';

const productColumns = {
  id: products.id,
  name: products.name,
  brandName: products.brandName,
  category: products.category,
  description: products.description,
  unitOfMeasure: products.unitOfMeasure,
  itemsPerUnit: products.itemsPerUnit,
  isService: products.isService,
};

export interface NewProduct {
  name: string;
  brandName: string;
  category: string;
  description: string | null;
  unitOfMeasure: string;
  itemsPerUnit: string;
  dedupeKey: string;
  createdByOrgId: string;
}

// A search term is matched literally: % and _ typed by a user are not wildcards.
const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/** Products by name (case-insensitively), optionally those whose name or brand contains `search`. */
export async function listProducts(db: Executor, options: { search?: string; limit?: number }) {
  const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined;
  const query = db
    .select(productColumns)
    .from(products)
    .where(pattern ? or(ilike(products.name, pattern), ilike(products.brandName, pattern)) : undefined)
    .orderBy(sql`lower(${products.name})`, asc(products.name), asc(products.id))
    .$dynamic();
  return options.limit === undefined ? query : query.limit(options.limit);
}

/** Inserts the product unless its dedupe key is taken; null when it was (the caller reads the winner). */
export async function insertProductIfNew(db: Executor, values: NewProduct) {
  const rows = await db
    .insert(products)
    .values(values)
    .onConflictDoNothing({ target: products.dedupeKey })
    .returning(productColumns);
  return rows[0] ?? null;
}

export async function findProductByDedupeKey(db: Executor, dedupeKey: string) {
  const rows = await db.select(productColumns).from(products).where(eq(products.dedupeKey, dedupeKey));
  return rows[0] ?? null;
}
