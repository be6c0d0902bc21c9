import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { createdAt, money, updatedAt } from './columns.ts';

export const creditLineStatus = pgEnum('credit_line_status', ['active', 'suspended']);
export const creditApplicationStatus = pgEnum('credit_application_status', [
  'pending',
  'approved',
  'rejected',
]);

/** One credit line per customer and supplier. The balance can never pass the limit. */
export const creditLines = pgTable(
  'credit_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    creditLimit: money('credit_limit').notNull(),
    balance: money('balance').notNull().default(0),
    status: creditLineStatus('status').notNull().default('active'),
    dateSet: timestamp('date_set', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('credit_lines_customer_supplier_unique').on(t.customerId, t.supplierId),
    index('credit_lines_supplier_idx').on(t.supplierId),
    check('credit_lines_limit_nonnegative', sql`${t.creditLimit} >= 0`),
    check('credit_lines_balance_nonnegative', sql`${t.balance} >= 0`),
    check('credit_lines_balance_within_limit', sql`${t.balance} <= ${t.creditLimit}`),
  ],
);

export const creditApplications = pgTable(
  'credit_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    requestedLimit: money('requested_limit').notNull(),
    notes: text('notes'),
    status: creditApplicationStatus('status').notNull().default('pending'),
    approvedLimit: money('approved_limit'),
    // Why the supplier rejected it, when it said; the buyer reads it on its credit page.
    rejectionReason: text('rejection_reason'),
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One pending application per customer and supplier (DOMAIN.md "Credit").
    uniqueIndex('credit_applications_one_pending')
      .on(t.customerId, t.supplierId)
      .where(sql`${t.status} = 'pending'`),
    index('credit_applications_supplier_idx').on(t.supplierId, t.status, t.createdAt),
    check('credit_applications_requested_minimum', sql`${t.requestedLimit} >= 1000`),
    check(
      'credit_applications_approved_limit',
      sql`(${t.status} = 'approved') = (${t.approvedLimit} is not null)`,
    ),
    check(
      'credit_applications_rejection_reason',
      sql`${t.rejectionReason} is null or (${t.status} = 'rejected' and char_length(${t.rejectionReason}) between 1 and 500)`,
    ),
  ],
);
