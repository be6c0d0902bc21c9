import type { OrgUser, Role } from '@aduro/shared/staff';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { ExportButton } from '../../../components/ui/export-button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { downloadCsv } from '../../../lib/csv';
import { ORG_USERS_CSV_FILE, orgUsersToCsv } from '../utils/org-users-csv';
import { RemoveUserDialog } from './remove-user-dialog';
import { TeamMemberRow } from './team-member-row';

/** SPEC §8: an export with no rows says so instead of downloading an empty file. */
const NO_EXPORT_DATA = 'No data to export';

interface TeamDirectoryProps {
  orgId: string;
  currentUserId: string;
  users: readonly OrgUser[];
  /** Assignable roles in display order. */
  roles: readonly Role[];
}

/** The members of the organisation, their roles and removal; a table on wide screens, cards on phones. */
export function TeamDirectory({ orgId, currentUserId, users, roles }: TeamDirectoryProps) {
  const [removing, setRemoving] = useState<OrgUser | null>(null);

  function exportCsv() {
    if (users.length === 0) {
      toast.error(NO_EXPORT_DATA, { id: 'org-users-export' });
      return;
    }
    downloadCsv(ORG_USERS_CSV_FILE, orgUsersToCsv(users));
  }

  return (
    <Card>
      <CardHeader
        as="h3"
        id="team-directory-heading"
        title={
          <span className="flex items-center gap-2">
            Team directory <Badge>{users.length}</Badge>
          </span>
        }
        description="Ticking or clearing a role saves at once and takes effect on the member's next click."
        actions={<ExportButton onClick={exportCsv} />}
      />
      {users.length === 0 ? (
        <EmptyState message="No users found." />
      ) : (
        <>
          {/* Column titles for the table layout only; each card names its own parts on phones. */}
          <div
            aria-hidden="true"
            className="hidden grid-cols-[minmax(0,15rem)_6.5rem_minmax(0,1fr)_auto] gap-4 border-b border-slate-100 bg-slate-50/70 px-5 py-2 text-xs font-medium tracking-wide text-slate-500 uppercase lg:grid"
          >
            <span>Member</span>
            <span>Added</span>
            <span>Roles</span>
            <span className="w-[5.25rem]" />
          </div>
          <ul
            aria-labelledby="team-directory-heading"
            className="space-y-3 p-3 sm:p-4 lg:space-y-0 lg:divide-y lg:divide-slate-100 lg:p-0"
          >
            {users.map((user) => (
              <TeamMemberRow
                key={user.id}
                orgId={orgId}
                currentUserId={currentUserId}
                user={user}
                roles={roles}
                onRemove={setRemoving}
              />
            ))}
          </ul>
        </>
      )}
      <RemoveUserDialog orgId={orgId} user={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
