import { DIRECT_PAYMENT_METHODS, type PaymentMethod } from '@aduro/shared/payments';
import type { SupplierSettings } from '@aduro/shared/suppliers';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { findSupplierSettings, updateSupplierSettings } from './suppliers.settings.repository.ts';

type Stored = NonNullable<Awaited<ReturnType<typeof findSupplierSettings>>>;
type DirectMethod = (typeof DIRECT_PAYMENT_METHODS)[number];

const isDirect = (m: PaymentMethod | null): m is DirectMethod =>
  (DIRECT_PAYMENT_METHODS as readonly string[]).includes(m ?? '');

/**
 * The stored list also carries credit_facility while credit is offered (the marketplace and order builder
 * read one list); the settings form shows only the methods a supplier lists itself.
 */
function toSettings(row: Stored): SupplierSettings {
  const methods = DIRECT_PAYMENT_METHODS.filter((m) => row.supportedPaymentMethods.includes(m));
  const preferred = row.defaultPaymentMethod;
  return {
    paymentTerms: row.paymentTerms,
    supportedPaymentMethods: methods,
    defaultPaymentMethod:
      isDirect(preferred) && methods.includes(preferred) ? preferred : (methods[0] ?? 'mobile_money'),
    supportsCredit: row.supportsCredit,
    defaultLeadTimeDays: row.defaultLeadTimeDays,
  };
}

const ORG_NOT_FOUND = 'Organisation not found';

/** The caller's organisation's trading terms. */
export async function getSupplierSettings(db: Db, orgId: string): Promise<SupplierSettings> {
  const row = await findSupplierSettings(db, orgId);
  if (!row) throw notFound('ORGANISATION_NOT_FOUND', ORG_NOT_FOUND);
  return toSettings(row);
}

/**
 * Replaces the caller's organisation's trading terms; credit_facility is listed exactly when credit is
 * offered. Records supplier.settings_changed for every buyer: the terms show on its offers.
 */
export async function saveSupplierSettings(
  db: Db,
  orgId: string,
  input: SupplierSettings,
  actorUserId?: string,
): Promise<SupplierSettings> {
  const row = await inTransaction(db, async (tx) => {
    const saved = await updateSupplierSettings(tx, orgId, {
      ...input,
      supportedPaymentMethods: input.supportsCredit
        ? [...input.supportedPaymentMethods, 'credit_facility']
        : [...input.supportedPaymentMethods],
    });
    if (!saved) throw notFound('ORGANISATION_NOT_FOUND', ORG_NOT_FOUND);
    await recordEvent(tx, {
      type: 'supplier.settings_changed',
      orgIds: [orgId],
      audience: ['customer'],
      refs: { supplierId: orgId },
      actorUserId,
    });
    return saved;
  });
  return toSettings(row);
}
