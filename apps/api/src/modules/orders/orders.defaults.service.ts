import type { OrderDefaults } from '@aduro/shared/orders';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findOrderDefaults, updateOrderDefaults } from './orders.defaults.repository.ts';

const ORG_NOT_FOUND = 'Organisation not found';

/** What the caller's organisation's orders assume when they name nothing else. */
export async function getOrderDefaults(db: Db, orgId: string): Promise<OrderDefaults> {
  const row = await findOrderDefaults(db, orgId);
  if (!row) throw notFound('ORGANISATION_NOT_FOUND', ORG_NOT_FOUND);
  return row;
}

/**
 * Replaces the caller's organisation's order defaults. Orders already drafted keep what they were drafted
 * with: the default is copied onto each order, so approving one later allocates what its buyer saw.
 */
export async function saveOrderDefaults(db: Db, orgId: string, input: OrderDefaults): Promise<OrderDefaults> {
  const row = await updateOrderDefaults(db, orgId, input);
  if (!row) throw notFound('ORGANISATION_NOT_FOUND', ORG_NOT_FOUND);
  return row;
}
