import { STAFF_MESSAGES } from '@aduro/shared/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client';
import { orgUsersQueryKey, updateCachedOrgUsers } from './get-org-users';

/** DELETE /org/users/{id}: the member loses access at once (their token answers 401 from then on). */
export async function removeUser(userId: string): Promise<void> {
  await apiRequest(`/org/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveUser(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org-users', orgId, 'remove'],
    mutationFn: removeUser,
    onSuccess: async (_nothing, userId) => {
      updateCachedOrgUsers(queryClient, orgId, (users) => users.filter((user) => user.id !== userId));
      toast.success(STAFF_MESSAGES.removed, { id: 'org-user-removed' });
      await queryClient.invalidateQueries({ queryKey: orgUsersQueryKey(orgId) });
    },
  });
}
