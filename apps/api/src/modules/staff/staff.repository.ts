import { and, asc, count, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { SUPPLIER_ROLES, type UserType } from '@aduro/shared/permissions';
import type { Executor } from '../../db/client.ts';
import { organizations, roles, userRoles, users } from '../../db/schema/index.ts';
import { containsPattern, positionAt } from '../../lib/keyset.ts';

/** Position of a role in SPEC §6's display order; roles of other kinds sort last. */
const roleOrder = (name: SQL | typeof roles.name) =>
  sql`array_position(array[${sql.join(
    SUPPLIER_ROLES.map((r) => sql`${r}`),
    sql`, `,
  )}]::text[], ${name})`;

export interface OrgUserRow {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  roles: { id: number; name: string }[];
}

/** What narrows an organisation's user list: its organisation (always), one user, text in name or e-mail. */
export interface OrgUserFilters {
  orgId: string;
  userId?: string;
  q?: string;
}

function orgUserConditions(f: OrgUserFilters) {
  return and(
    eq(users.orgId, f.orgId),
    f.userId ? eq(users.id, f.userId) : undefined,
    f.q ? or(ilike(users.name, containsPattern(f.q)), ilike(users.email, containsPattern(f.q))) : undefined,
  );
}

/** Where a user sits in the oldest-first list: created_at to the microsecond, e-mail, id. */
export type OrgUserPosition = readonly [at: string, email: string, id: string];

/**
 * Users of one organisation with their roles folded in by the same query (no query per user), roles in
 * display order; oldest first, then by e-mail, then by id so the order is total (a keyset needs it).
 * With `after`, only the users just after that position; with `limit`, at most that many.
 */
function selectOrgUsers(
  db: Executor,
  filters: OrgUserFilters & { after?: OrgUserPosition | null; limit?: number },
) {
  const { after } = filters;
  const query = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      roles: sql<{ id: number; name: string }[]>`coalesce(
        json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roleOrder(roles.name)})
          filter (where ${roles.id} is not null),
        '[]'::json)`,
      position: sql<string>`${positionAt(sql`${users.createdAt}`)}`,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.orgKind, users.userType)))
    .where(
      and(
        orgUserConditions(filters),
        after
          ? sql`(${users.createdAt}, ${users.email}, ${users.id})
                  > (${after[0]}::timestamptz, ${after[1]}::text, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .groupBy(users.id)
    .orderBy(asc(users.createdAt), asc(users.email), asc(users.id));
  return filters.limit === undefined ? query : query.limit(filters.limit);
}

/** Users of one organisation, filtered, oldest first. With userId, that one user, still only in that organisation. */
export async function listOrgUsers(
  db: Executor,
  orgId: string,
  filters: { userId?: string; q?: string } = {},
): Promise<OrgUserRow[]> {
  return (await selectOrgUsers(db, { ...filters, orgId })).map(withoutPosition);
}

const withoutPosition = ({ position: _position, ...row }: OrgUserRow & { position: string }): OrgUserRow =>
  row;

/**
 * `limit + 1` users of the same list from just after `after` (so the caller can tell whether a next
 * page exists), each with its created_at as the position keeps it.
 */
export async function pageOrgUsers(
  db: Executor,
  filters: OrgUserFilters & { after: OrgUserPosition | null; limit: number },
) {
  return selectOrgUsers(db, { ...filters, limit: filters.limit + 1 });
}

/** How many users of the organisation the filters match, all pages together. */
export async function countOrgUsers(db: Executor, filters: OrgUserFilters) {
  const [row] = await db.select({ total: count() }).from(users).where(orgUserConditions(filters));
  return row?.total ?? 0;
}

export async function findOrgUser(db: Executor, orgId: string, userId: string): Promise<OrgUserRow | null> {
  return (await listOrgUsers(db, orgId, { userId }))[0] ?? null;
}

/** The roles an organisation of this kind can grant, in display order. */
export async function listRoles(db: Executor, kind: UserType) {
  return db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.orgKind, kind))
    .orderBy(roleOrder(roles.name), asc(roles.name));
}

/**
 * Locks the organisation row until the transaction ends, so that staff changes of one organisation run
 * one after another and each sees the roles the previous one committed. NO KEY UPDATE: it does not
 * block rows that merely reference the organisation (orders, users) from being written meanwhile.
 */
export async function lockOrganization(db: Executor, orgId: string): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update');
  return rows.length > 0;
}

/** How many users of the organisation hold the Admin role right now. */
export async function countAdmins(db: Executor, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.orgId, orgId), eq(roles.name, 'Admin')));
  return row?.n ?? 0;
}

/** Withdraws every role of the user that is not in the list (grantRoles adds the missing ones). */
export async function revokeRolesExcept(db: Executor, userId: string, keep: readonly string[]) {
  const kept = db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`${roles.name} in ${keep}`);
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), notInArray(userRoles.roleId, kept)));
}

/** Deletes a user of the organisation; their roles and cart go with them, history keeps a null actor. */
export async function deleteOrgUser(db: Executor, orgId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.orgId, orgId), eq(users.id, userId)))
    .returning({ id: users.id });
  return rows.length > 0;
}
