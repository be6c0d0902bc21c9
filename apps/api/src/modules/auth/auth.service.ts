import { FIRST_USER_ROLE, type RoleName } from '@aduro/shared/permissions';
import { AUTH_MESSAGES, type LoginInput, type RegisterData, type SessionUser } from '@aduro/shared/auth';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, unauthenticated } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  findOrCreatePlatformOrg,
  findUserByEmail,
  grantRoles,
  insertOrganization,
  insertUser,
  loadSessionUser,
  setOrganizationLicence,
  updateUserCredentials,
} from './auth.repository.ts';
import type { LicenceStorage, VerifiedLicence } from './licence-storage.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './password.ts';
import { recordEvent } from '../events/events.repository.ts';

/**
 * Checks a sign-in. An unknown e-mail, a wrong password and a user type that does not match the
 * account all answer the same 401, after the same work, so none of them leaks which it was.
 */
export async function login(
  db: Db,
  limiter: LoginLimiter,
  input: LoginInput,
  address: string,
): Promise<SessionUser> {
  await limiter.assertAllowed(input.email, address);
  const account = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(
    account?.passwordHash ?? (await DUMMY_HASH_PROMISE),
    input.password,
  );
  if (!account || !passwordOk || account.userType !== input.userType) {
    await limiter.recordFailure(input.email, address);
    throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
  }
  await limiter.recordSuccess(input.email, address);
  const user = await loadSessionUser(db, account.id);
  if (!user) throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
  return user;
}

/**
 * Creates the organisation, its first user and a supplier's licence in one transaction (DOMAIN.md). A
 * supplier starts inactive until a platform administrator has reviewed its licence; its first user is
 * its Admin.
 */
export async function register(
  db: Db,
  storage: LicenceStorage,
  data: RegisterData,
  licence: VerifiedLicence | undefined,
): Promise<SessionUser> {
  if (data.userType === 'platform') throw new AppError('forbidden', AUTH_MESSAGES.platformRegistration);
  if (await findUserByEmail(db, data.email)) throw emailTaken();
  const passwordHash = await hashPassword(data.password);
  const isSupplier = data.userType === 'supplier';

  try {
    const userId = await inTransaction(db, async (tx) => {
      const org = await insertOrganization(tx, {
        kind: data.userType,
        name: data.businessName ?? `${data.name}'s pharmacy`,
        phone: data.organizationPhone ?? null,
        location: data.organizationLocation ?? null,
        isActive: !isSupplier,
        ...(isSupplier
          ? {
              supplierCategory: data.supplierCategory ?? null,
              deliveryAddress: data.deliveryAddress ?? null,
              deliveryContactName: data.deliveryContactName ?? null,
              deliveryContactPhone: data.deliveryContactPhone ?? null,
              approverEmails: data.approvers,
              supportedPaymentMethods: ['cash', 'mobile_money', 'digital_wallet'],
              defaultPaymentMethod: 'mobile_money',
            }
          : {}),
      });
      const user = await insertUser(tx, {
        orgId: org.id,
        userType: data.userType,
        email: data.email,
        name: data.name,
        phone: data.organizationPhone ?? null,
        passwordHash,
      });
      await grantRoles(tx, user.id, [FIRST_USER_ROLE[data.userType]]);
      if (isSupplier && licence) {
        // The file and the organisation's reference to it commit, or roll back, together.
        const key = storage.keyFor(org.id, licence);
        await storage.commit(tx, org.id, key, licence);
        await setOrganizationLicence(tx, org.id, {
          key,
          fileName: licence.fileName,
          mimeType: licence.mimeType,
          size: licence.size,
        });
      }
      // The operator's entity list shows the newcomer (a supplier awaiting licence review) at once.
      await recordEvent(tx, {
        type: 'organisation.registered',
        orgIds: [org.id],
        audience: ['platform'],
        refs: { organisationId: org.id },
        actorUserId: user.id,
      });
      return user.id;
    });
    const user = await loadSessionUser(db, userId);
    if (!user) throw new Error('Registered user could not be read back');
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  } finally {
    await storage.discard(licence);
  }
}

const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken);

/** Postgres unique_violation, as raised by node-postgres and PGlite alike (possibly wrapped by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * Creates the platform administrator, or resets the name and password of an existing one.
 * Used at start (ADMIN_EMAIL / ADMIN_PASSWORD) and by `npm run create-admin`.
 */
export async function ensurePlatformAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<{ userId: string; created: boolean }> {
  const name = input.name?.trim() || 'Platform Administrator';
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (existing) {
      if (existing.userType !== 'platform') {
        throw conflict(`${input.email} already belongs to a ${existing.userType} account`);
      }
      await updateUserCredentials(tx, existing.id, { name, passwordHash });
      await grantRoles(tx, existing.id, ['PlatformAdmin' satisfies RoleName]);
      return { userId: existing.id, created: false };
    }
    const orgId = await findOrCreatePlatformOrg(tx);
    const user = await insertUser(tx, {
      orgId,
      userType: 'platform',
      email: input.email,
      name,
      passwordHash,
    });
    await grantRoles(tx, user.id, ['PlatformAdmin']);
    return { userId: user.id, created: true };
  });
}
