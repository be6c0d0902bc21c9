import type { OrgUser, Role } from '@aduro/shared/staff';
import { SUPPLIER_ROLES, type Permission, type SupplierRole } from '@aduro/shared/permissions';

/** A role name this screen can assign; the server's list may one day hold others, which it never offers. */
export function isSupplierRole(name: string): name is SupplierRole {
  return (SUPPLIER_ROLES as readonly string[]).includes(name);
}

/** SPEC §6: the role list comes from the server, shown in the fixed display order. */
export function assignableRoles(roles: readonly Role[]): Role[] {
  return roles
    .filter((role) => isSupplierRole(role.name))
    .sort(
      (a, b) =>
        SUPPLIER_ROLES.indexOf(a.name as SupplierRole) - SUPPLIER_ROLES.indexOf(b.name as SupplierRole),
    );
}

/** A user's role names in display order, so a row, a PATCH body and the CSV all read the same way. */
export function roleNamesOf(user: Pick<OrgUser, 'roles'>): string[] {
  const names = user.roles.map((entry) => entry.role.name);
  const rank = (name: string) => {
    const index = SUPPLIER_ROLES.indexOf(name as SupplierRole);
    return index === -1 ? SUPPLIER_ROLES.length : index;
  };
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The cockpit tab each permission opens, so an Admin sees what ticking a role gives someone. */
const PERMISSION_AREAS: Partial<Record<Permission, string>> = {
  manage_inventory: 'Inventory',
  manage_shipping: 'Shipping',
  manage_credit: 'Credit Applications',
  manage_users: 'Users & Roles',
};

/**
 * The supervising pharmacist's one line (issue 32): what the role is for says more than the tabs it
 * opens, since Admin does not hold it and controlled drugs cannot ship without it.
 */
export const PHARMACIST_DESCRIPTION =
  'Signs off controlled drugs, which cannot ship before it. Opens Shipping and the Controlled Register.';

export function describeRole(role: Pick<Role, 'permissions'>): string {
  if (role.permissions.includes('sign_off_controlled')) return PHARMACIST_DESCRIPTION;
  const areas = role.permissions
    .map((permission) => PERMISSION_AREAS[permission as Permission])
    .filter((area): area is string => Boolean(area));
  return areas.length > 0 ? `Opens ${areas.join(', ')}` : 'Opens no cockpit tab';
}
