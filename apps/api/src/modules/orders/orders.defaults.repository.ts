import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';

const defaultsColumns = { defaultMinShelfLifeDays: organizations.defaultMinShelfLifeDays };

const isCustomer = (orgId: string) => and(eq(organizations.id, orgId), eq(organizations.kind, 'customer'));

/** The order defaults of one customer organisation, as stored. */
export async function findOrderDefaults(db: Executor, orgId: string) {
  const rows = await db.select(defaultsColumns).from(organizations).where(isCustomer(orgId));
  return rows[0] ?? null;
}

export async function updateOrderDefaults(
  db: Executor,
  orgId: string,
  values: { defaultMinShelfLifeDays: number },
) {
  const rows = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(isCustomer(orgId))
    .returning(defaultsColumns);
  return rows[0] ?? null;
}
