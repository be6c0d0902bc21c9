import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { EntityKind, EntityStatus } from '@aduro/shared/admin';
import type { Executor } from '../../db/client.ts';
import { organizations, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/keyset.ts';

/**
 * A supplier awaiting licence review: inactive and never activated. Registration leaves activated_at
 * null and only activation sets it (deactivating keeps it), so a supplier the platform switched off
 * after it traded is deactivated, not awaiting review. Customers start active: an inactive customer is
 * always deactivated. Over the organizations table, unqualified, for every query that counts or ranks.
 */
export const AWAITING_REVIEW = sql`(kind = 'supplier' and not is_active and activated_at is null)`;

/**
 * Where an organisation stands, as a rank the review list sorts by: 0 awaiting review, 1 deactivated,
 * 2 active.
 */
const statusRank = sql<number>`(case when ${AWAITING_REVIEW} then 0 when not is_active then 1 else 2 end)`;
const RANK_OF: Record<EntityStatus, number> = { awaiting_review: 0, deactivated: 1, active: 2 };
export const STATUS_OF_RANK: readonly EntityStatus[] = ['awaiting_review', 'deactivated', 'active'];

const entityColumns = {
  id: organizations.id,
  statusRank: sql<number>`${statusRank}::int`,
  name: organizations.name,
  kind: organizations.kind,
  isActive: organizations.isActive,
  paymentTerms: organizations.paymentTerms,
  location: organizations.location,
  phone: organizations.phone,
  supplierCategory: organizations.supplierCategory,
  licenceFileName: organizations.licenceFileName,
  licenceStorageKey: organizations.licenceStorageKey,
  createdAt: organizations.createdAt,
  // Users folded in by the same query: one round trip whatever the number of organisations.
  users: sql<{ id: string; name: string; email: string }[]>`coalesce(
    (select json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email) order by u.created_at)
       from ${users} u where u.org_id = "organizations"."id"),
    '[]'::json)`,
};

/** What narrows the review list: a kind, active or not, a status, text in the name or location. */
export interface EntityFilters {
  kind?: EntityKind;
  active?: boolean;
  status?: EntityStatus;
  q?: string;
}

function entityConditions(f: EntityFilters) {
  const kinds: EntityKind[] = f.kind ? [f.kind] : ['supplier', 'customer'];
  return and(
    // The platform's own organisation is never up for review.
    inArray(organizations.kind, kinds),
    f.active === undefined ? undefined : eq(organizations.isActive, f.active),
    f.status === undefined ? undefined : sql`${statusRank} = ${RANK_OF[f.status]}`,
    f.q
      ? or(
          ilike(organizations.name, containsPattern(f.q)),
          ilike(organizations.location, containsPattern(f.q)),
        )
      : undefined,
  );
}

/**
 * Review work first: suppliers awaiting licence review, then deactivated organisations, then active
 * ones, each by name; the id breaks ties between namesakes so the order is total, which a keyset needs.
 * The array and the pages use this one order.
 */
const entityOrder = [asc(statusRank), asc(organizations.name), asc(organizations.id)];

/** Customer and supplier organisations, filtered, in review order: the whole list. */
export async function listEntities(db: Executor, filters: EntityFilters) {
  return db
    .select(entityColumns)
    .from(organizations)
    .where(entityConditions(filters))
    .orderBy(...entityOrder);
}

/** Where an organisation sits in the review list: its status rank, its name, its id. */
export type EntityPosition = readonly [statusRank: number, name: string, id: string];

/**
 * `limit + 1` organisations of the same list from just after `after` (so the caller can tell whether a
 * next page exists); the rows carry their own position.
 */
export async function pageEntities(
  db: Executor,
  filters: EntityFilters & { after: EntityPosition | null; limit: number },
) {
  const { after } = filters;
  return db
    .select(entityColumns)
    .from(organizations)
    .where(
      and(
        entityConditions(filters),
        after
          ? sql`(${statusRank}, ${organizations.name}, ${organizations.id})
                  > (${after[0]}::int, ${after[1]}::text, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...entityOrder)
    .limit(filters.limit + 1);
}

/** How many organisations the filters match, all pages together. */
export async function countEntities(db: Executor, filters: EntityFilters) {
  const [row] = await db.select({ total: count() }).from(organizations).where(entityConditions(filters));
  return row?.total ?? 0;
}

export async function findEntity(db: Executor, id: string) {
  const rows = await db
    .select(entityColumns)
    .from(organizations)
    .where(and(eq(organizations.id, id), inArray(organizations.kind, ['supplier', 'customer'])));
  return rows[0] ?? null;
}

export async function setEntityActive(db: Executor, id: string, active: boolean) {
  const rows = await db
    .update(organizations)
    .set({ isActive: active, ...(active ? { activatedAt: new Date() } : {}) })
    .where(and(eq(organizations.id, id), inArray(organizations.kind, ['supplier', 'customer'])))
    .returning({ id: organizations.id });
  return rows.length > 0;
}
