import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { createdAt } from './columns.ts';

/**
 * A machine client's key (issue 33, docs/integrations.md): it acts for its organisation only, within its
 * scopes. Only the SHA-256 of the key is kept (the key is 32 random bytes, so a slow hash adds nothing but
 * a cost on every request); the prefix is what the Settings screen shows to tell keys apart. A revoked
 * key is kept, so the activity trail can still name it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique('api_keys_key_hash_unique'),
    scopes: text('scopes').array().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('api_keys_org_idx').on(t.orgId, t.createdAt),
    // Two live keys of one organisation never share a name: the trail names a key by it.
    uniqueIndex('api_keys_live_name_unique')
      .on(t.orgId, sql`lower(${t.name})`)
      .where(sql`${t.revokedAt} is null`),
    check(
      'api_keys_scopes_known',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['inventory:read','inventory:write','orders:read','orders:write','invoices:read']::text[]`,
    ),
  ],
);

/**
 * Requests per key per minute (API_KEY_RATE_PER_MINUTE), counted in PostgreSQL so every replica behind
 * the balancer counts the same minute; one upsert per keyed request.
 */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    requests: integer('requests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.windowStart] })],
);
