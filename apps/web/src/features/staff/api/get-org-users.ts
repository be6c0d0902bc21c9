import { orgUserSchema, type OrgUser } from '@aduro/shared/staff';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const orgUsersSchema = orgUserSchema.array();

/** Cache key of the team directory; it carries the organisation so a new sign-in never sees the last one's team. */
export const orgUsersQueryKey = (orgId: string) => ['org-users', orgId] as const;

/** GET /org/users: every member of the caller's organisation. */
export function getOrgUsers(signal?: AbortSignal): Promise<OrgUser[]> {
  return apiRequest('/org/users', { schema: orgUsersSchema, signal });
}

export const orgUsersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgUsersQueryKey(orgId),
    queryFn: ({ signal }) => getOrgUsers(signal),
  });
