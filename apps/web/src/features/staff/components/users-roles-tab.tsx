import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { orgRolesQueryOptions } from '../api/get-org-roles';
import { useOrgUsersPages } from '../api/get-org-users';
import { useUserFilters } from '../hooks/use-user-filters';
import { assignableRoles } from '../utils/roles';
import { InviteUserForm } from './invite-user-form';
import { TeamDirectory } from './team-directory';

export interface UsersRolesTabProps {
  /** The signed-in user's organisation (session orgId); scopes the cache keys, e.g. ['org-users', orgId]. */
  orgId: string;
  /** The signed-in user's id (session id): their own Remove is disabled and their own roles change with care. */
  currentUserId: string;
  /**
   * Written onto the URL with every search (the cockpit's { tab: 'users' }), so that a reloaded or
   * shared link opens where the directory is.
   */
  pinnedParams?: Readonly<Record<string, string>>;
}

/**
 * SPEC §2 Users tab 'Users & roles': the invite form, the team directory with role checkboxes and
 * removal, and the org_users.csv export. The cockpit shows it only to holders of manage_users.
 */
export function UsersRolesTab({ orgId, currentUserId, pinnedParams }: UsersRolesTabProps) {
  const filters = useUserFilters(pinnedParams);
  const usersQuery = useOrgUsersPages(orgId, filters.applied);
  const rolesQuery = useQuery(orgRolesQueryOptions(orgId));
  const roles = useMemo(() => assignableRoles(rolesQuery.data ?? []), [rolesQuery.data]);

  return (
    <section aria-labelledby="users-roles-heading" className="space-y-5">
      <div>
        <h2 id="users-roles-heading" className="text-lg font-semibold text-slate-900">
          Users & roles
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Everyone at your organisation who signs in to Aduro. Roles decide which cockpit tabs each person
          sees; a member keeps at least one role, and the organisation always keeps an Admin.
        </p>
      </div>

      {usersQuery.isPending || rolesQuery.isPending ? (
        <Card>
          <div role="status" className="flex items-center justify-center gap-3 px-6 py-12 text-slate-500">
            <Spinner className="size-5 text-emerald-700" />
            <span className="text-sm font-medium">Loading your team</span>
          </div>
        </Card>
      ) : (usersQuery.isError && !usersQuery.isFetchNextPageError) || rolesQuery.isError ? (
        <Card>
          <LoadFailed
            message="Your team could not be loaded."
            onRetry={() => {
              if (usersQuery.isError) void usersQuery.refetch();
              if (rolesQuery.isError) void rolesQuery.refetch();
            }}
          />
        </Card>
      ) : (
        <>
          <InviteUserForm orgId={orgId} roles={roles} />
          <TeamDirectory
            orgId={orgId}
            currentUserId={currentUserId}
            pages={usersQuery}
            filters={filters}
            roles={roles}
          />
        </>
      )}
    </section>
  );
}
