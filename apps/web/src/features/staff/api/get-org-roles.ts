import { roleSchema, type Role } from '@aduro/shared/staff';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const rolesSchema = roleSchema.array();

export const orgRolesQueryKey = (orgId: string) => ['org-roles', orgId] as const;

/** GET /org/users/roles: the roles an Admin may assign (SPEC §6: the list comes from the server). */
export function getOrgRoles(signal?: AbortSignal): Promise<Role[]> {
  return apiRequest('/org/users/roles', { schema: rolesSchema, signal });
}

export const orgRolesQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgRolesQueryKey(orgId),
    queryFn: ({ signal }) => getOrgRoles(signal),
    // Roles and what they grant change only with a release, not during a session.
    staleTime: Infinity,
  });
