import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const orgKind = pgEnum('org_kind', ['customer', 'supplier', 'platform']);
export const supplierCategory = pgEnum('supplier_category', ['importer', 'distributor', 'manufacturer']);
export const paymentMethod = pgEnum('payment_method', [
  'cash',
  'mobile_money',
  'digital_wallet',
  'credit_facility',
  'cheque',
]);

/** Customers, suppliers and the platform operator. Supplier-only columns stay null for the others. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: orgKind('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    location: text('location'),
    isActive: boolean('is_active').notNull().default(true),
    supplierCategory: supplierCategory('supplier_category'),
    paymentTerms: text('payment_terms').notNull().default('Prepaid'),
    supportedPaymentMethods: paymentMethod('supported_payment_methods')
      .array()
      .notNull()
      .default(sql`'{}'`),
    defaultPaymentMethod: paymentMethod('default_payment_method'),
    supportsCredit: boolean('supports_credit').notNull().default(false),
    defaultLeadTimeDays: integer('default_lead_time_days').notNull().default(3),
    // A customer's minimum shelf life for orders that name none (DOMAIN.md "Minimum shelf life").
    defaultMinShelfLifeDays: integer('default_min_shelf_life_days').notNull().default(0),
    deliveryAddress: text('delivery_address'),
    deliveryContactName: text('delivery_contact_name'),
    deliveryContactPhone: text('delivery_contact_phone'),
    approverEmails: text('approver_emails')
      .array()
      .notNull()
      .default(sql`'{}'`),
    // The licence file lives in DATA_DIR/uploads, outside the web root; only its key is kept here.
    licenceStorageKey: text('licence_storage_key'),
    licenceFileName: text('licence_file_name'),
    licenceMimeType: text('licence_mime_type'),
    licenceSizeBytes: integer('licence_size_bytes'),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('organizations_kind_idx').on(t.kind, t.isActive),
    check('organizations_lead_time_check', sql`${t.defaultLeadTimeDays} between 0 and 365`),
    check('organizations_min_shelf_life_days_check', sql`${t.defaultMinShelfLifeDays} between 0 and 1095`),
    check(
      'organizations_supplier_category_check',
      sql`${t.kind} = 'supplier' or ${t.supplierCategory} is null`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    userType: orgKind('user_type').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    // Raised by a password change or "sign out everywhere"; a token is good only while it carries the
    // current value (plugins/auth.ts), so raising it ends every session signed before.
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mails are unique whatever their case (DOMAIN.md).
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_org_idx').on(t.orgId),
  ],
);

/** Roles and the permissions they grant; seeded from packages/shared/src/permissions.ts at start. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  orgKind: orgKind('org_kind').notNull(),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'`),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded licences, in PostgreSQL so that any replica serves any licence (modules/auth/licence-storage.ts).
 * At most 20 MB each, a few per supplier: small beside the orders.
 */
export const licenceFiles = pgTable('licence_files', {
  key: text('key').primaryKey(),
  orgId: uuid('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * Failed sign-in counters shared by every replica, in the layout rate-limiter-flexible's PostgreSQL store
 * reads and writes (modules/auth/login-limiter.ts); expire is epoch milliseconds.
 */
export const loginLimits = pgTable('login_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * Password reset links (modules/auth/password-reset.service.ts): only the sha256 of the random token is
 * kept, so a copy of the table opens no account. Good for 30 minutes and once; a newer link does not
 * void an older unused one (docs/domain.md "Password reset").
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
