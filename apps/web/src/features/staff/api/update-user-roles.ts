import { orgUserSchema, STAFF_MESSAGES, type updateRolesSchema, type OrgUser } from '@aduro/shared/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { orgUsersQueryKey, updateCachedOrgUsers } from './get-org-users';

export type UpdateRolesBody = ReturnType<typeof updateRolesSchema.parse>;

export interface UpdateUserRolesVariables {
  userId: string;
  body: UpdateRolesBody;
}

/** PATCH /org/users/{id}/roles: replaces the member's roles with exactly this list. */
export function updateUserRoles({ userId, body }: UpdateUserRolesVariables): Promise<OrgUser> {
  return apiRequest(`/org/users/${encodeURIComponent(userId)}/roles`, {
    method: 'PATCH',
    body,
    schema: orgUserSchema,
  });
}

/**
 * `currentUserId` matters because changing one's own roles changes one's own permissions: then every
 * cached answer, the session's permissions included, is refetched, so the cockpit shows exactly the
 * tabs the new roles open.
 */
export function useUpdateUserRoles(orgId: string, currentUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org-users', orgId, 'roles'],
    mutationFn: updateUserRoles,
    onSuccess: async (updated) => {
      updateCachedOrgUsers(queryClient, orgId, (users) =>
        users.map((user) => (user.id === updated.id ? updated : user)),
      );
      // One toast however many boxes are ticked in a row; each save refreshes it.
      toast.success(STAFF_MESSAGES.rolesUpdated, { id: 'org-user-roles-updated' });
      if (updated.id === currentUserId) await queryClient.invalidateQueries();
      else await queryClient.invalidateQueries({ queryKey: orgUsersQueryKey(orgId) });
    },
    // A refused change (the last Admin, a user removed meanwhile) toasts globally; the refetch puts
    // the checkboxes back to what the server holds.
    onError: () => queryClient.invalidateQueries({ queryKey: orgUsersQueryKey(orgId) }),
  });
}
