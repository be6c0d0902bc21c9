import { z } from 'zod';
import { AUTH_MESSAGES, type SessionUser } from '@aduro/shared/auth';
import { isPaged, type Page } from '@aduro/shared/pagination';
import { SUPPLIER_ROLES, type SupplierRole } from '@aduro/shared/permissions';
import {
  ORG_USERS_CSV_COLUMNS,
  STAFF_MESSAGES,
  type OrgUser,
  type OrgUsersQuery,
  type Role,
} from '@aduro/shared/staff';
import type { Db, Executor } from '../../db/client.ts';
import { toCsvLine } from '../../lib/csv.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { cursorId, cursorInstant, decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { hashPassword } from '../../lib/password.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { revokeKeysCreatedBy } from '../api-keys/api-keys.repository.ts';
import { findUserByEmail, grantRoles, insertUser } from '../auth/auth.repository.ts';
import { recordEvent } from '../events/events.repository.ts';
import {
  countAdmins,
  countOrgUsers,
  deleteOrgUser,
  findOrgUser,
  listOrgUsers,
  listRoles,
  lockOrganization,
  pageOrgUsers,
  revokeRolesExcept,
  type OrgUserPosition,
  type OrgUserRow,
} from './staff.repository.ts';

const ADMIN: SupplierRole = 'Admin';

/** A signed-in user known to belong to an organisation (every supplier user does). */
export type OrgMember = SessionUser & { orgId: string };

function toOrgUser(row: OrgUserRow): OrgUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    roles: row.roles.map((role) => ({ role: { id: role.id, name: role.name } })),
  };
}

const isAdmin = (row: OrgUserRow) => row.roles.some((r) => r.name === ADMIN);
const emailTaken = () => conflict('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);

/** The organisation's other members see its staff list change. */
const staffChanged = (
  tx: Executor,
  me: OrgMember,
  userId: string,
  staffChange: 'added' | 'roles_changed' | 'removed',
) =>
  recordEvent(tx, {
    type: 'staff.changed',
    orgIds: [me.orgId],
    refs: { userId, staffChange },
    actorUserId: me.id,
  });

/** A cursor of the users list: the last user's created_at (to the microsecond), e-mail and id. */
const orgUserCursor = z.tuple([cursorInstant, z.string().max(400), cursorId]);
const positionOf = (row: OrgUserRow & { position: string }): OrgUserPosition => [
  row.position,
  row.email,
  row.id,
];

/**
 * The caller's organisation's users, filtered, oldest first, each with their roles in display order:
 * the whole list as an array, or a page of it when the query names limit or cursor.
 * Overloaded so each route gets its one shape: a query naming limit (GET .../page) answers the
 * page, one without the whole list (decision 0014).
 */
export function getOrgUsers(
  db: Db,
  me: OrgMember,
  query: OrgUsersQuery & { limit: number },
): Promise<Page<OrgUser>>;
export function getOrgUsers(
  db: Db,
  me: OrgMember,
  query: Omit<OrgUsersQuery, 'cursor' | 'limit'>,
): Promise<OrgUser[]>;
export async function getOrgUsers(
  db: Db,
  me: OrgMember,
  query: OrgUsersQuery,
): Promise<OrgUser[] | Page<OrgUser>> {
  const filters = { orgId: me.orgId, q: query.q };
  if (!isPaged(query)) return (await listOrgUsers(db, me.orgId, { q: query.q })).map(toOrgUser);

  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, orgUserCursor);
  const limit = pageLimit(query);
  const [rows, total] = await Promise.all([
    pageOrgUsers(db, { ...filters, after, limit }),
    countOrgUsers(db, filters),
  ]);
  return toPage(rows, limit, total, positionOf, toOrgUser);
}

const CSV_BATCH = 500;

/**
 * A user's role names as the team directory writes them (apps/web/src/features/staff/utils/roles.ts
 * roleNamesOf): each once, in SPEC §6's display order, any other role after them by name.
 */
function roleNamesOf(row: OrgUserRow): string[] {
  const rank = (name: string) => {
    const index = SUPPLIER_ROLES.indexOf(name as SupplierRole);
    return index === -1 ? SUPPLIER_ROLES.length : index;
  };
  return [...new Set(row.roles.map((r) => r.name))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Every user of the caller's organisation the filters match as CSV lines (header first), oldest first,
 * read in keyset batches as the consumer pulls them; the columns and values are the team directory's
 * export (roles joined by '; ', createdAt an ISO instant).
 */
export async function* orgUsersCsv(db: Db, me: OrgMember, query: OrgUsersQuery): AsyncGenerator<string> {
  const filters = { orgId: me.orgId, q: query.q };
  yield toCsvLine(ORG_USERS_CSV_COLUMNS);
  let after: OrgUserPosition | null = null;
  for (;;) {
    // A batch and one row more, which says whether another batch follows.
    const rows = await pageOrgUsers(db, { ...filters, after, limit: CSV_BATCH });
    const batch = rows.slice(0, CSV_BATCH);
    if (batch.length > 0)
      yield batch
        .map((r) => toCsvLine([r.name, r.email, roleNamesOf(r).join('; '), r.createdAt.toISOString()]))
        .join('');
    if (rows.length <= CSV_BATCH) return;
    after = positionOf(batch.at(-1)!);
  }
}

/** The roles the caller's kind of organisation can grant, in display order. */
export async function getRoles(db: Db, me: OrgMember): Promise<Role[]> {
  return listRoles(db, me.userType);
}

async function readBack(db: Executor, orgId: string, userId: string): Promise<OrgUser> {
  const row = await findOrgUser(db, orgId, userId);
  if (!row) throw notFound('USER_NOT_FOUND', STAFF_MESSAGES.userNotFound);
  return toOrgUser(row);
}

/**
 * Creates a user of the caller's organisation with the chosen roles, in one transaction. The e-mail is
 * checked first to spare the hashing; the unique index still decides a race, answered as the same 409.
 */
export async function inviteUser(
  db: Db,
  me: OrgMember,
  input: { name: string; email: string; password: string; roles: SupplierRole[] },
): Promise<OrgUser> {
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(db, async (tx) => {
      const user = await insertUser(tx, {
        orgId: me.orgId,
        userType: 'supplier',
        email: input.email,
        name: input.name,
        passwordHash,
      });
      await grantRoles(tx, user.id, input.roles);
      const invited = await readBack(tx, me.orgId, user.id);
      await staffChanged(tx, me, user.id, 'added');
      return invited;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Loads a user of the caller's organisation under the organisation lock, and refuses when the change
 * would leave the organisation without an Admin. The count runs after the lock is held, so two Admins
 * demoting each other at once are decided one after the other and the second sees the first's change.
 */
async function lockedTarget(
  tx: Executor,
  orgId: string,
  userId: string,
  losesAdmin: (u: OrgUserRow) => boolean,
) {
  await lockOrganization(tx, orgId);
  const target = await findOrgUser(tx, orgId, userId);
  if (!target) throw notFound('USER_NOT_FOUND', STAFF_MESSAGES.userNotFound);
  if (losesAdmin(target) && (await countAdmins(tx, orgId)) <= 1)
    throw conflict('LAST_ADMIN', STAFF_MESSAGES.lastAdmin);
  return target;
}

/** Replaces a user's roles; the last Admin of the organisation keeps the Admin role. */
export async function updateUserRoles(
  db: Db,
  me: OrgMember,
  userId: string,
  roleNames: SupplierRole[],
): Promise<OrgUser> {
  return inTransaction(db, async (tx) => {
    await lockedTarget(tx, me.orgId, userId, (u) => isAdmin(u) && !roleNames.includes(ADMIN));
    await revokeRolesExcept(tx, userId, roleNames);
    await grantRoles(tx, userId, roleNames);
    const updated = await readBack(tx, me.orgId, userId);
    await staffChanged(tx, me, userId, 'roles_changed');
    return updated;
  });
}

/** Removes a user of the caller's organisation; never the caller, never the last Admin. */
export async function removeUser(db: Db, me: OrgMember, userId: string): Promise<void> {
  if (userId.toLowerCase() === me.id.toLowerCase()) throw conflict('REMOVE_SELF', STAFF_MESSAGES.removeSelf);
  await inTransaction(db, async (tx) => {
    await lockedTarget(tx, me.orgId, userId, isAdmin);
    // A key acts as the user who created it (docs/domain.md "API keys"): theirs go with them, each
    // revocation in the trail.
    for (const apiKeyId of await revokeKeysCreatedBy(tx, me.orgId, userId, me.id)) {
      await recordEvent(tx, {
        type: 'api_key.revoked',
        orgIds: [me.orgId],
        refs: { apiKeyId },
        actorUserId: me.id,
      });
    }
    if (!(await deleteOrgUser(tx, me.orgId, userId)))
      throw notFound('USER_NOT_FOUND', STAFF_MESSAGES.userNotFound);
    await staffChanged(tx, me, userId, 'removed');
  });
}
