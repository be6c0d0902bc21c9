import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { products } from './catalogue.ts';
import { createdAt, updatedAt } from './columns.ts';
import { inventoryLots } from './inventory.ts';
import { orderDrops, orders } from './orders.ts';

/**
 * A buying organisation's Pharmacy Council licence (issue 32, docs/domain.md "Who may buy what"): one per
 * organisation, renewed in place. Any change by the buyer sends it back to 'pending' and clears the
 * controlled-drugs authorisation's check; only a platform administrator verifies or rejects.
 * Approvals read it FOR SHARE and a review locks it FOR UPDATE, so a revocation and the approvals
 * running beside it queue (the lock comes right after the order's: "Locks and retries").
 */
export const licenceRecords = pgTable(
  'licence_records',
  {
    orgId: uuid('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind')
      .$type<'retail_pharmacy' | 'hospital_pharmacy' | 'wholesale_pharmacy' | 'otc_medicine_seller'>()
      .notNull(),
    number: text('number').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    // The document, kept like a supplier's licence (licence_files; modules/auth/licence-storage.ts).
    documentStorageKey: text('document_storage_key'),
    documentFileName: text('document_file_name'),
    documentMimeType: text('document_mime_type'),
    documentSizeBytes: integer('document_size_bytes'),
    status: text('status').$type<'pending' | 'verified' | 'rejected'>().notNull().default('pending'),
    reason: text('reason'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    controlledAuthorisationNumber: text('controlled_authorisation_number'),
    controlledAuthorisationExpiresOn: date('controlled_authorisation_expires_on', { mode: 'string' }),
    // Set only by a review that verified the authorisation too; any change by the buyer clears it.
    controlledAuthorised: boolean('controlled_authorised').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('licence_records_status_idx').on(t.status, t.submittedAt),
    check(
      'licence_records_kind_check',
      sql`${t.kind} in ('retail_pharmacy', 'hospital_pharmacy', 'wholesale_pharmacy', 'otc_medicine_seller')`,
    ),
    check('licence_records_status_check', sql`${t.status} in ('pending', 'verified', 'rejected')`),
    check(
      'licence_records_authorisation_pair_check',
      sql`(${t.controlledAuthorisationNumber} is null) = (${t.controlledAuthorisationExpiresOn} is null)`,
    ),
    check(
      'licence_records_authorised_needs_authorisation_check',
      sql`not ${t.controlledAuthorised} or (${t.controlledAuthorisationNumber} is not null and ${t.status} = 'verified')`,
    ),
    check(
      'licence_records_rejection_reason_check',
      sql`${t.status} <> 'rejected' or ${t.reason} is not null`,
    ),
  ],
);

/**
 * A Pharmacist's sign-off of a released order of a controlled drug. One sign-off covers the order's open
 * drops as allocated then; a drop re-picked afterwards needs a new one (its new allocations are not in
 * the register yet).
 */
export const controlledSignoffs = pgTable(
  'controlled_signoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    supplierOrgId: uuid('supplier_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    // Names and ids are copied, not referenced: the register outlives staff changes.
    pharmacistUserId: uuid('pharmacist_user_id').notNull(),
    pharmacistName: text('pharmacist_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('controlled_signoffs_order_idx').on(t.orderId)],
);

/**
 * The controlled-drugs register (Act 489 s.33-34): one entry per batch of a drop a Pharmacist signed off.
 * Append-only: a trigger (migration 0017) refuses UPDATE, DELETE and TRUNCATE, so no code path, nor an
 * operator's slip, can rewrite what a regulator may ask to see. Everything shown is copied in at signing.
 */
export const controlledRegister = pgTable(
  'controlled_register',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signoffId: uuid('signoff_id')
      .notNull()
      .references(() => controlledSignoffs.id, { onDelete: 'restrict' }),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    signedOffAt: timestamp('signed_off_at', { withTimezone: true, mode: 'date' }).notNull(),
    supplierOrgId: uuid('supplier_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    supplierName: text('supplier_name').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderNumber: text('order_number').notNull(),
    dropId: uuid('drop_id')
      .notNull()
      .references(() => orderDrops.id, { onDelete: 'restrict' }),
    // The allocation signed off: a drop may ship once every allocation it holds has an entry.
    allocationId: uuid('allocation_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    controlled: text('controlled').$type<'narcotic' | 'psychotropic' | 'precursor'>().notNull(),
    lotId: uuid('lot_id').references(() => inventoryLots.id, { onDelete: 'restrict' }),
    batchNumber: text('batch_number'),
    quantity: integer('quantity').notNull(),
    buyerOrgId: uuid('buyer_org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    buyerName: text('buyer_name').notNull(),
    buyerLicenceNumber: text('buyer_licence_number').notNull(),
    buyerAuthorisationNumber: text('buyer_authorisation_number').notNull(),
    approverUserId: uuid('approver_user_id'),
    approverName: text('approver_name').notNull(),
    pharmacistUserId: uuid('pharmacist_user_id').notNull(),
    pharmacistName: text('pharmacist_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('controlled_register_supplier_idx').on(t.supplierOrgId, t.signedOffAt),
    index('controlled_register_drop_idx').on(t.dropId),
    index('controlled_register_allocation_idx').on(t.allocationId),
    check('controlled_register_quantity_check', sql`${t.quantity} > 0`),
    check(
      'controlled_register_controlled_check',
      sql`${t.controlled} in ('narcotic', 'psychotropic', 'precursor')`,
    ),
  ],
);
