import { and, eq } from 'drizzle-orm';
import type { PaymentMethod } from '@aduro/shared/payments';
import type { Executor } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';

const settingsColumns = {
  paymentTerms: organizations.paymentTerms,
  supportedPaymentMethods: organizations.supportedPaymentMethods,
  defaultPaymentMethod: organizations.defaultPaymentMethod,
  supportsCredit: organizations.supportsCredit,
  defaultLeadTimeDays: organizations.defaultLeadTimeDays,
};

const isSupplier = (orgId: string) => and(eq(organizations.id, orgId), eq(organizations.kind, 'supplier'));

/** The trading terms of one supplier organisation, as stored. */
export async function findSupplierSettings(db: Executor, orgId: string) {
  const rows = await db.select(settingsColumns).from(organizations).where(isSupplier(orgId));
  return rows[0] ?? null;
}

export async function updateSupplierSettings(
  db: Executor,
  orgId: string,
  values: {
    paymentTerms: string;
    supportedPaymentMethods: PaymentMethod[];
    defaultPaymentMethod: PaymentMethod;
    supportsCredit: boolean;
    defaultLeadTimeDays: number;
  },
) {
  const rows = await db.update(organizations).set(values).where(isSupplier(orgId)).returning(settingsColumns);
  return rows[0] ?? null;
}
