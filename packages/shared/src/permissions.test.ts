import { describe, expect, it } from 'vitest';
import { hasPermission, permissionsForRoles, primaryRole, SUPPLIER_ROLES } from './permissions.ts';

describe('permissions', () => {
  it('treats an empty or missing requirement as allowed (SPEC §6)', () => {
    expect(hasPermission([], undefined)).toBe(true);
    expect(hasPermission(undefined, [])).toBe(true);
  });

  it('checks one permission, or any of a list', () => {
    expect(hasPermission(['manage_shipping'], 'manage_shipping')).toBe(true);
    expect(hasPermission(['manage_shipping'], 'manage_users')).toBe(false);
    expect(hasPermission(['manage_credit'], ['manage_inventory', 'manage_credit'])).toBe(true);
    expect(hasPermission([], ['manage_inventory'])).toBe(false);
    expect(hasPermission(undefined, 'manage_platform')).toBe(false);
  });

  it('derives permissions from roles as DOMAIN.md tabulates them', () => {
    expect(permissionsForRoles(['InventoryManager'])).toEqual(['manage_inventory']);
    expect(permissionsForRoles(['ShippingClerk', 'CreditApprover'])).toEqual([
      'manage_shipping',
      'manage_credit',
    ]);
    expect(permissionsForRoles(['Admin'])).toEqual([
      'manage_inventory',
      'manage_shipping',
      'manage_credit',
      'manage_users',
    ]);
    expect(permissionsForRoles(['PlatformAdmin'])).toEqual(['manage_platform']);
    expect(permissionsForRoles(['Buyer', 'NoSuchRole'])).toEqual([]);
  });

  it('shows the most senior role as orgRole', () => {
    expect(primaryRole(['ShippingClerk', 'Admin'])).toBe('Admin');
    expect(primaryRole(['CreditApprover', 'InventoryManager'])).toBe('InventoryManager');
    expect(primaryRole([])).toBeNull();
  });

  it('keeps the supplier role display order of SPEC §6, with the Pharmacist (issue 32) after them', () => {
    expect(SUPPLIER_ROLES).toEqual([
      'InventoryManager',
      'ShippingClerk',
      'CreditApprover',
      'Admin',
      'Pharmacist',
    ]);
  });
});
