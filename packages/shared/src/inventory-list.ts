import { z } from 'zod';
import { EXPIRY_STATUSES, inventoryRowSchema, type ExpiryStatus } from './inventory.ts';
import { pageQueryShape, pageSchema, searchText, statusListPattern } from './pagination.ts';

/*
 * The inventory list's query, page and CSV columns. Apart from inventory.ts because pagination.ts already
 * imports inventory.ts (isIsoDate): importing pagination there would make a cycle.
 */

/** GET /api/inventory and GET /api/inventory.csv: what narrows the supplier's lots (the whole list). */
export const inventoryListQuerySchema = z.object({
  /** Text in the product's name or brand. */
  product: searchText,
  /** One expiry status, or several apart by commas (expired,expiring_soon: what needs attention). */
  status: z
    .string()
    .regex(statusListPattern(EXPIRY_STATUSES), `Choose an expiry status: ${EXPIRY_STATUSES.join(', ')}`)
    .optional()
    .transform((v, ctx): ExpiryStatus[] | undefined => {
      if (!v) return undefined;
      const statuses = v.split(',');
      if (statuses.every((x): x is ExpiryStatus => (EXPIRY_STATUSES as readonly string[]).includes(x)))
        return statuses;
      ctx.addIssue({ code: 'custom', message: `Choose an expiry status: ${EXPIRY_STATUSES.join(', ')}` });
      return z.NEVER;
    }),
  /** Text in the lot's batch number, in any case. */
  batch: searchText,
});
/** GET /api/inventory/page: the same filters with paging (decision 0014). */
export const inventoryQuerySchema = inventoryListQuerySchema.extend(pageQueryShape);
export type InventoryQuery = z.output<typeof inventoryQuerySchema>;

/** GET /api/inventory with limit or cursor (docs/domain.md "Lists"). */
export const inventoryPageSchema = pageSchema(inventoryRowSchema, 'InventoryPage');

/**
 * The inventory export's columns, in order (SPEC §2's first, then the lot's batch and the recall
 * quarantining it): the web app's export and GET /api/inventory.csv write the same file.
 */
export const INVENTORY_CSV_COLUMNS = [
  'product',
  'units',
  'unitPrice',
  'expiry',
  'status',
  'daysUntilExpiry',
  'batch',
  'recall',
] as const;
