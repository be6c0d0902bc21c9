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
    onSuccess: async () => {
      // The refetch places the new member where the server's order and each list's search put them.
      toast.success(STAFF_MESSAGES.created, { id: 'org-user-created' });
      await queryClient.invalidateQueries({ queryKey: orgUsersQueryKey(orgId) });
    },
  });
}
