import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EntityKind } from '@aduro/shared/admin';
import type { Executor } from '../../db/client.ts';
import { organizations, users } from '../../db/schema/index.ts';

const entityColumns = {
  id: organizations.id,
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

/** Customer and supplier organisations, newest review work first: inactive before active, then by name. */
export async function listEntities(db: Executor, kind?: EntityKind) {
  const kinds: EntityKind[] = kind ? [kind] : ['supplier', 'customer'];
  return db
    .select(entityColumns)
    .from(organizations)
    .where(inArray(organizations.kind, kinds))
    .orderBy(asc(organizations.isActive), asc(organizations.name));
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
