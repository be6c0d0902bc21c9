import { sql } from 'drizzle-orm';
import type { ControlledKind, EligibilityCode, MedicineClass } from '@aduro/shared/compliance';
import { pgArray, queryRows, type Executor, type Tx } from '../../db/client.ts';
import { refusalCodeSql, registrationLapsedSql, type RefusedProduct } from './eligibility.ts';

// "Who may buy what" (docs/domain.md): the statements that apply the rule of eligibility.ts where a
// write must refuse by it. The reads that mark offers (matches, catalogue, cart) join the same
// expression into their own statements.

/** The product facts a refusal names, as the SQL below selects them. */
const refusedProductColumns = sql`p.name, p.medicine_class as "medicineClass", p.controlled,
  to_char(p.fda_registration_expires_on, 'YYYY-MM-DD') as "fdaRegistrationExpiresOn"`;

interface RefusedProductRow extends RefusedProduct, Record<string, unknown> {
  medicineClass: MedicineClass | null;
  controlled: ControlledKind | null;
}

/**
 * Locks the buyer's licence record FOR SHARE, then decides whether the buyer may buy the product today:
 * the refusal code and the product a refusal names, or null when it may. Approval calls it right after
 * locking the order ("Locks and retries"): a licence review locks the record FOR UPDATE, so a revocation
 * and the approvals beside it queue, and an approval never releases on a licence revoked before it
 * commits. Two statements on purpose: the decision's statement starts after the lock is granted, so it
 * reads the record (and the product) as the revocation that held the lock left them.
 */
export async function lockTradeRefusal(
  tx: Tx,
  input: { buyerOrgId: string; productId: string; today: string },
): Promise<{ code: EligibilityCode; product: RefusedProduct } | null> {
  await tx.execute(sql`select 1 from licence_records where org_id = ${input.buyerOrgId} for share`);
  const rows = await queryRows<RefusedProductRow & { code: EligibilityCode | null }>(
    tx,
    sql`select ${refusedProductColumns},
               ${refusalCodeSql({ product: 'p', licence: 'l' }, input.today)} as code
        from products p
        left join licence_records l on l.org_id = ${input.buyerOrgId}
        where p.id = ${input.productId}`,
  );
  const row = rows[0];
  if (!row?.code) return null;
  const { code, ...product } = row;
  return { code, product };
}

/**
 * Of these products, those whose FDA registration has lapsed by `today`, by id: they cannot be drafted
 * or put in a cart (the one refusal that bites before approval).
 */
export async function findLapsedProducts(
  db: Executor,
  productIds: readonly string[],
  today: string,
): Promise<Map<string, RefusedProduct>> {
  if (productIds.length === 0) return new Map();
  const rows = await queryRows<RefusedProductRow & { id: string }>(
    db,
    sql`select p.id, ${refusedProductColumns}
        from products p
        where p.id = any(${pgArray([...new Set(productIds)])}::uuid[])
          and ${registrationLapsedSql('p', today)}`,
  );
  return new Map(rows.map(({ id, ...product }) => [id, product]));
}
