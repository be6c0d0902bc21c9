import { FIRST_USER_ROLE, type RoleName, type UserType } from '@aduro/shared/permissions';
import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterData,
  type SessionUser,
} from '@aduro/shared/auth';
import type { Db, Executor } from '../../db/client.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  unauthenticated,
} from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  findCredentials,
  findOrCreatePlatformOrg,
  findUserByEmail,
  grantRoles,
  insertOrganization,
  insertUser,
  loadSession,
  raiseSessionVersion,
  replacePassword,
  setOrganizationLicence,
  updateUserCredentials,
  type LoadedSession,
} from './auth.repository.ts';
import type { LicenceStorage, VerifiedLicence } from './licence-storage.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../lib/password.ts';
import { recordEvent } from '../events/events.repository.ts';
import { recordLicenceAtRegistration } from '../compliance/submit-licence.workflow.ts';

/**
 * Checks a sign-in. An unknown e-mail and a wrong password answer the same 401, after the same work
 * (argon2 runs against a dummy hash when the e-mail is unknown), so neither leaks which it was. Only once
 * the password is verified does a wrong account type say which type to choose: whoever sees that
 * answer has already proved the password, so it tells them nothing they could not learn by signing in.
 * That attempt is not a failure for the limiter and, like a success, forgives this address's earlier
 * typos on the e-mail; it issues no token.
 */
export async function login(
  db: Db,
  limiter: LoginLimiter,
  input: LoginInput,
  address: string,
): Promise<LoadedSession> {
  await limiter.assertAllowed(input.email, address);
  const account = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(
    account?.passwordHash ?? (await DUMMY_HASH_PROMISE),
    input.password,
  );
  if (!account || !passwordOk) {
    await limiter.recordFailure(input.email, address);
    throw unauthenticated('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  }
  await limiter.recordSuccess(input.email, address);
  if (account.userType !== input.userType) throw wrongAccountType(account.userType);
  const session = await loadSession(db, account.id);
  if (!session) throw unauthenticated('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
  return session;
}

const wrongAccountType = (accountType: UserType) =>
  new AppError('WRONG_ACCOUNT_TYPE', AUTH_MESSAGES.wrongAccountType(accountType), {
    details: { accountType },
  });

/**
 * Creates the organisation, its first user and a supplier's licence in one transaction (DOMAIN.md). A
 * supplier starts inactive until a platform administrator has reviewed its licence; its first user is
 * its Admin. A customer that gave its Pharmacy Council licence gets its licence record, 'pending'
 * review, in the same transaction (docs/domain.md "Buyer licences").
 */
export async function register(
  db: Db,
  storage: LicenceStorage,
  data: RegisterData,
  licence: VerifiedLicence | undefined,
  buyerLicence?: VerifiedLicence,
): Promise<LoadedSession> {
  if (data.userType === 'platform')
    throw forbidden('PLATFORM_REGISTRATION', AUTH_MESSAGES.platformRegistration);
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
      // registerSchema let through all four licence fields or none; the document came verified.
      if (!isSupplier && buyerLicence && data.licenceKind && data.licenceNumber && data.licenceExpiresOn)
        await recordLicenceAtRegistration(tx, storage, {
          orgId: org.id,
          userId: user.id,
          kind: data.licenceKind,
          number: data.licenceNumber,
          expiresOn: data.licenceExpiresOn,
          document: buyerLicence,
        });
      return user.id;
    });
    const session = await loadSession(db, userId);
    if (!session) throw new Error('Registered user could not be read back');
    return session;
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  } finally {
    await storage.discard(licence);
    await storage.discard(buyerLicence);
  }
}

const emailTaken = () => conflict('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken);

/**
 * The user's sessions signed before now have ended: every replica drops its cached copy of the user, and
 * the user's open live streams on an older version close (events.service.ts). Only the user's own
 * organisation hears it, and of its members only the user's streams (events.service.ts `concerns`).
 */
export const sessionsEnded = (tx: Executor, userId: string, orgId: string | null) =>
  recordEvent(tx, {
    type: 'account.sessions_ended',
    orgIds: orgId ? [orgId] : [],
    refs: { userId },
    actorUserId: userId,
  });

const wrongCurrentPassword = () =>
  badRequest(AUTH_MESSAGES.currentPasswordWrong, {
    currentPassword: [AUTH_MESSAGES.currentPasswordWrong],
  });

/**
 * Changes the signed-in user's password: checks the current one (a wrong one is a field error, counted
 * like a failed sign-in so a stolen token cannot guess it), then, in one transaction, the new hash, the
 * next session version and the event. Answers the new version, which the caller's fresh token carries;
 * every other session of the user is refused from its next request on.
 */
export async function changePassword(
  db: Db,
  limiter: LoginLimiter,
  me: SessionUser,
  input: ChangePasswordInput,
  address: string,
): Promise<number> {
  const account = await findCredentials(db, me.id);
  if (!account) throw unauthenticated('ACCOUNT_REMOVED', AUTH_MESSAGES.accountRemoved);
  await limiter.assertAllowed(account.email, address);
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    await limiter.recordFailure(account.email, address);
    throw wrongCurrentPassword();
  }
  await limiter.recordSuccess(account.email, address);
  const passwordHash = await hashPassword(input.newPassword);
  return inTransaction(db, async (tx) => {
    const version = await replacePassword(tx, me.id, { verifiedHash: account.passwordHash, passwordHash });
    // The password changed since it was checked (another change won): the one typed is no longer current.
    if (version === null) throw wrongCurrentPassword();
    await sessionsEnded(tx, me.id, me.orgId);
    return version;
  });
}

/** "Sign out everywhere": ends every session of the user, the caller's own included. */
export async function signOutEverywhere(db: Db, me: SessionUser): Promise<void> {
  await inTransaction(db, async (tx) => {
    const version = await raiseSessionVersion(tx, me.id);
    if (version === null) throw unauthenticated('ACCOUNT_REMOVED', AUTH_MESSAGES.accountRemoved);
    await sessionsEnded(tx, me.id, me.orgId);
  });
}

/**
 * Creates the platform administrator, or resets the name and password of an existing one; a password
 * that differs from the one held ends the administrator's sessions, like a change while signed in (the
 * same password, given again at every start, ends nothing). Used at start (ADMIN_EMAIL / ADMIN_PASSWORD)
 * and by `npm run create-admin`.
 */
export async function ensurePlatformAdmin(
  db: Db,
  input: { email: string; password: string; name?: string },
): Promise<{ userId: string; created: boolean }> {
  const name = input.name?.trim() || 'Platform Administrator';
  const passwordHash = await hashPassword(input.password);
  const before = await findUserByEmail(db, input.email);
  const samePassword = before !== null && (await verifyPassword(before.passwordHash, input.password));
  return inTransaction(db, async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (existing) {
      if (existing.userType !== 'platform') {
        throw conflict('EMAIL_TAKEN', `${input.email} already belongs to a ${existing.userType} account`);
      }
      await updateUserCredentials(tx, existing.id, { name, passwordHash });
      await grantRoles(tx, existing.id, ['PlatformAdmin' satisfies RoleName]);
      if (!samePassword || existing.passwordHash !== before?.passwordHash) {
        await raiseSessionVersion(tx, existing.id);
        await sessionsEnded(tx, existing.id, existing.orgId);
      }
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
