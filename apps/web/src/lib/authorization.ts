import type { SessionUser } from '@aduro/shared/auth';
import { HOME_ROUTE, hasPermission, type Permission, type UserType } from '@aduro/shared/permissions';

/** Who may open an area: one user type, plus at least one of the listed permissions when a list is given. */
export interface AccessRule {
  userType: UserType;
  anyOf?: readonly Permission[];
}

/**
 * Any of these opens the supplier cockpit. The Pharmacist holds only sign_off_controlled (issue 32), and
 * opens it for the orders to sign off and the controlled register.
 */
export const SUPPLIER_WORKSPACE_PERMISSIONS = [
  'manage_inventory',
  'manage_shipping',
  'manage_credit',
  'manage_users',
  'sign_off_controlled',
] as const satisfies readonly Permission[];

/** SPEC §2 route table: the one place the access rules live; guards and navigation both read it. */
export const AREA_ACCESS = {
  customer: { userType: 'customer' },
  supplier: { userType: 'supplier', anyOf: SUPPLIER_WORKSPACE_PERMISSIONS },
  admin: { userType: 'platform', anyOf: ['manage_platform'] },
} as const satisfies Record<string, AccessRule>;

const HOME_ACCESS: Record<UserType, AccessRule> = {
  customer: AREA_ACCESS.customer,
  supplier: AREA_ACCESS.supplier,
  platform: AREA_ACCESS.admin,
};

/** Where a user lacking access to their own home is sent: the manual's help section, which is public. */
export const NO_WORKSPACE_ROUTE = '/manual#need-help';

export function canAccess(user: Pick<SessionUser, 'userType' | 'permissions'>, rule: AccessRule): boolean {
  return user.userType === rule.userType && hasPermission(user.permissions, rule.anyOf);
}

/** SPEC §2: the default route of the user's type. */
export function homeRouteFor(user: Pick<SessionUser, 'userType'>): string {
  return HOME_ROUTE[user.userType];
}

/**
 * Where to send a user turned away from an area. Their home route, unless they cannot open that either
 * (a supplier whose roles grant no workspace permission), which would otherwise redirect in a loop.
 */
export function landingRouteFor(user: Pick<SessionUser, 'userType' | 'permissions'>): string {
  return canAccess(user, HOME_ACCESS[user.userType]) ? homeRouteFor(user) : NO_WORKSPACE_ROUTE;
}
