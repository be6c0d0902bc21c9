/** Permission names carried on the session user. Derived from roles on every request, never from the token. */
export const PERMISSIONS = [
  'manage_inventory',
  'manage_shipping',
  'manage_credit',
  'manage_users',
  'manage_platform',
  // The supervising pharmacist's: signs off supplies of controlled drugs (issue 32).
  'sign_off_controlled',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const USER_TYPES = ['customer', 'supplier', 'platform'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Supplier staff roles in the display order of SPEC §6, then the supervising Pharmacist (issue 32). */
export const SUPPLIER_ROLES = [
  'InventoryManager',
  'ShippingClerk',
  'CreditApprover',
  'Admin',
  'Pharmacist',
] as const;
export type SupplierRole = (typeof SUPPLIER_ROLES)[number];

/** Every role the platform knows, with the organisation kind it belongs to. */
export const ROLES = {
  InventoryManager: { orgKind: 'supplier', permissions: ['manage_inventory'] },
  ShippingClerk: { orgKind: 'supplier', permissions: ['manage_shipping'] },
  CreditApprover: { orgKind: 'supplier', permissions: ['manage_credit'] },
  Admin: {
    orgKind: 'supplier',
    permissions: ['manage_inventory', 'manage_shipping', 'manage_credit', 'manage_users'],
  },
  // Not held by Admin: only a registered pharmacist may sign off a controlled supply (Act 489 s.33-34).
  Pharmacist: { orgKind: 'supplier', permissions: ['sign_off_controlled'] },
  Buyer: { orgKind: 'customer', permissions: [] },
  PlatformAdmin: { orgKind: 'platform', permissions: ['manage_platform'] },
} as const satisfies Record<string, { orgKind: UserType; permissions: readonly Permission[] }>;
export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

/** The role a new organisation's first user receives. */
export const FIRST_USER_ROLE: Record<UserType, RoleName> = {
  customer: 'Buyer',
  supplier: 'Admin',
  platform: 'PlatformAdmin',
};

export const DEFAULT_INVITE_ROLE: SupplierRole = 'InventoryManager';

/** Union of the permissions granted by a set of roles, in PERMISSIONS order. */
export function permissionsForRoles(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) {
    const def = ROLES[role as RoleName];
    if (def) for (const p of def.permissions) granted.add(p);
  }
  return PERMISSIONS.filter((p) => granted.has(p));
}

/** The role shown as orgRole: the most senior one held, Admin first, then display order. */
export function primaryRole(roles: readonly string[]): string | null {
  const order: string[] = ['Admin', 'PlatformAdmin', ...SUPPLIER_ROLES, 'Buyer'];
  return order.find((r) => roles.includes(r)) ?? roles[0] ?? null;
}

/**
 * SPEC §6: a check asks for one permission or any of a list; an empty or missing list means allowed.
 */
export function hasPermission(
  held: readonly string[] | undefined,
  required: Permission | readonly Permission[] | undefined,
): boolean {
  if (required === undefined) return true;
  const list = typeof required === 'string' ? [required] : required;
  if (list.length === 0) return true;
  return list.some((p) => held?.includes(p));
}

/** The home route of each user type (SPEC §2). */
export const HOME_ROUTE: Record<UserType, string> = {
  customer: '/customer',
  supplier: '/supplier',
  platform: '/admin',
};
