import { and, eq, sql } from 'drizzle-orm';
import { permissionsForRoles, primaryRole, type RoleName, type UserType } from '@aduro/shared/permissions';
import type { SessionUser } from '@aduro/shared/auth';
import type { Executor } from '../../db/client.ts';
import { organizations, roles, userRoles, users } from '../../db/schema/index.ts';

/**
 * A user as the server holds them for a request: the SessionUser of SPEC §3 (what GET /auth/me answers)
 * and, kept beside it rather than in that contract, the session version a token must carry to be
 * accepted (docs/domain.md "Organisations, users, sessions").
 */
export interface LoadedSession {
  user: SessionUser;
  sessionVersion: number;
}

/** The caller as SPEC §3 describes it, with their session version, read in one query with the roles held right now. */
export async function loadSession(db: Executor, userId: string): Promise<LoadedSession | null> {
  const rows = await db
    .select({
      id: users.id,
      sessionVersion: users.sessionVersion,
      email: users.email,
      name: users.name,
      userType: users.userType,
      userPhone: users.phone,
      orgId: organizations.id,
      organizationName: organizations.name,
      organizationActive: organizations.isActive,
      orgPhone: organizations.phone,
      roles: sql<string[]>`coalesce(array_agg(${roles.name}) filter (where ${roles.name} is not null), '{}')`,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.orgKind, users.userType)))
    .where(eq(users.id, userId))
    .groupBy(users.id, organizations.id);
  const row = rows[0];
  if (!row) return null;
  const held = row.roles;
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      userType: row.userType,
      orgId: row.orgId,
      organizationName: row.organizationName,
      organizationActive: row.organizationActive,
      orgRole: primaryRole(held),
      roles: held,
      phoneNumber: row.userPhone ?? row.orgPhone ?? null,
      permissions: permissionsForRoles(held),
    },
    sessionVersion: row.sessionVersion,
  };
}

/** What a password change checks against: the user's hash and e-mail (for the sign-in limits). */
export async function findCredentials(db: Executor, userId: string) {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

/**
 * Sets a new password and ends every session signed before, only while the password is still the one
 * verified (`verifiedHash`): of two changes at once, the second finds it changed and sets nothing.
 * Answers the new session version, or null when the user or the verified password is gone.
 */
export async function replacePassword(
  db: Executor,
  userId: string,
  values: { verifiedHash: string; passwordHash: string },
): Promise<number | null> {
  const rows = await db
    .update(users)
    .set({ passwordHash: values.passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.id, userId), eq(users.passwordHash, values.verifiedHash)))
    .returning({ sessionVersion: users.sessionVersion });
  return rows[0]?.sessionVersion ?? null;
}

/** Ends every session of the user signed before now; answers the new version, or null for no such user. */
export async function raiseSessionVersion(db: Executor, userId: string): Promise<number | null> {
  const rows = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return rows[0]?.sessionVersion ?? null;
}

/** The account behind an e-mail, compared case-insensitively. */
export async function findUserByEmail(db: Executor, email: string) {
  const rows = await db
    .select({ id: users.id, orgId: users.orgId, userType: users.userType, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0] ?? null;
}

export type NewOrganization = typeof organizations.$inferInsert;

export async function insertOrganization(db: Executor, values: NewOrganization) {
  const [org] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  return org!;
}

export async function insertUser(
  db: Executor,
  values: {
    orgId: string;
    userType: UserType;
    email: string;
    name: string;
    phone?: string | null;
    passwordHash: string;
  },
) {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  return user!;
}

/** Grants roles by name; roles not defined for the organisation kind are refused by the caller first. */
export async function grantRoles(db: Executor, userId: string, roleNames: readonly RoleName[]) {
  if (roleNames.length === 0) return;
  const found = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(sql`${roles.name} in ${roleNames}`);
  if (found.length !== roleNames.length) {
    throw new Error(`Unknown roles: ${roleNames.filter((r) => !found.some((f) => f.name === r)).join(', ')}`);
  }
  await db
    .insert(userRoles)
    .values(found.map((r) => ({ userId, roleId: r.id })))
    .onConflictDoNothing();
}

export async function updateUserCredentials(
  db: Executor,
  userId: string,
  values: { name: string; passwordHash: string },
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** The platform operator's organisation, created on first need. */
export async function findOrCreatePlatformOrg(db: Executor): Promise<string> {
  const existing = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.kind, 'platform'))
    .orderBy(organizations.createdAt)
    .limit(1);
  if (existing[0]) return existing[0].id;
  const org = await insertOrganization(db, { kind: 'platform', name: 'Aduro Platform', isActive: true });
  return org.id;
}

export async function setOrganizationLicence(
  db: Executor,
  orgId: string,
  licence: { key: string; fileName: string; mimeType: string; size: number },
) {
  await db
    .update(organizations)
    .set({
      licenceStorageKey: licence.key,
      licenceFileName: licence.fileName,
      licenceMimeType: licence.mimeType,
      licenceSizeBytes: licence.size,
    })
    .where(eq(organizations.id, orgId));
}

export async function findLicence(db: Executor, id: string) {
  const rows = await db
    .select({
      key: organizations.licenceStorageKey,
      fileName: organizations.licenceFileName,
      mimeType: organizations.licenceMimeType,
      size: organizations.licenceSizeBytes,
    })
    .from(organizations)
    .where(eq(organizations.id, id));
  return rows[0] ?? null;
}
