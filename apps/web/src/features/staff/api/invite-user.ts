import { type inviteUserSchema, orgUserSchema, STAFF_MESSAGES, type OrgUser } from '@aduro/shared/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { orgUsersQueryKey } from './get-org-users';

/** The request body: the invite form's values once the shared schema has parsed (trimmed) them. */
export type InviteUserBody = ReturnType<typeof inviteUserSchema.parse>;

/** POST /org/users: creates a member of the caller's organisation with a password the Admin chose. */
export function inviteUser(body: InviteUserBody): Promise<OrgUser> {
  return apiRequest('/org/users', { method: 'POST', body, schema: orgUserSchema });
}

export function useInviteUser(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org-users', orgId, 'invite'],
    mutationFn: inviteUser,
    onSuccess: async (created) => {
      // Shown at once; the refetch then brings the server's order and anything other Admins changed.
      queryClient.setQueryData<OrgUser[]>(orgUsersQueryKey(orgId), (users) =>
        users ? [...users.filter((user) => user.id !== created.id), created] : users,
      );
      toast.success(STAFF_MESSAGES.created, { id: 'org-user-created' });
      await queryClient.invalidateQueries({ queryKey: orgUsersQueryKey(orgId) });
    },
  });
}
