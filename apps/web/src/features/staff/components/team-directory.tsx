import type { Page } from '@aduro/shared/pagination';
import type { OrgUser, Role } from '@aduro/shared/staff';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ExportButton } from '../../../components/ui/export-button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField, Input } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { formatUnits } from '../../../lib/format';
import { useDownloadOrgUsersCsv } from '../api/download-org-users-csv';
import type { UserFiltersState } from '../hooks/use-user-filters';
import { LoadMore } from '../../../components/ui/load-more';
import { RemoveUserDialog } from './remove-user-dialog';
import { TeamMemberRow } from './team-member-row';
import { countText, loadMoreProps, pageItems } from '../../../lib/pages';

/** SPEC §8: an export with no rows says so instead of downloading an empty file. */
const NO_EXPORT_DATA = 'No data to export';
export const NO_USERS = 'No users found.';
export const NO_MATCHING_USERS = 'No users match these filters.';

/** '1 user', '1,204 users': every member the search matches, not only those loaded. */
export const userCountText = (total: number): string => countText(total, 'user');

/** The members of the pages read so far; one seen twice (a refresh racing a page) shows once. */
function usersOf(data: InfiniteData<Page<OrgUser>> | undefined): OrgUser[] {
  return pageItems(data);
}

interface TeamDirectoryProps {
  orgId: string;
  currentUserId: string;
  /** The directory's pages as GET /org/users answers them for the search. */
  pages: UseInfiniteQueryResult<InfiniteData<Page<OrgUser>>>;
  filters: UserFiltersState;
  /** Assignable roles in display order. */
  roles: readonly Role[];
}

/**
 * The members of the organisation, their roles and removal; a table on wide screens, cards on phones.
 * Searched (the text in the URL) and paged by the server; the export is the server's CSV of the search.
 */
export function TeamDirectory({ orgId, currentUserId, pages, filters, roles }: TeamDirectoryProps) {
  const [removing, setRemoving] = useState<OrgUser | null>(null);
  const csv = useDownloadOrgUsersCsv(orgId);
  const fieldId = useId();
  const users = usersOf(pages.data);
  const total = pages.data?.pages[0]?.total ?? users.length;

  function exportCsv() {
    if (total === 0) {
      toast.error(NO_EXPORT_DATA, { id: 'org-users-export' });
      return;
    }
    csv.mutate(filters.applied);
  }

  return (
    <Card>
      <CardHeader
        as="h3"
        id="team-directory-heading"
        title={
          <span className="flex items-center gap-2">
            Team directory <Badge>{formatUnits(total)}</Badge>
          </span>
        }
        description="Ticking or clearing a role saves at once and takes effect on the member's next click."
        actions={
          <>
            {csv.isPending && (
              <span role="status" className="flex items-center text-emerald-700">
                <Spinner className="size-4" />
                <span className="sr-only">Preparing org_users.csv</span>
              </span>
            )}
            <ExportButton onClick={exportCsv} disabled={csv.isPending} />
          </>
        }
      />
      <div
        role="group"
        aria-label="Filter users"
        className="flex flex-col gap-2 border-b border-slate-100 px-5 py-3 sm:flex-row sm:items-end sm:justify-between"
      >
        <FormField id={`${fieldId}-q`} label="Search" className="sm:w-80">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Name or e-mail"
              value={filters.q}
              onChange={(event) => filters.setQ(event.target.value)}
            />
          )}
        </FormField>
        <p aria-live="polite" className="text-sm text-slate-600 sm:pb-2.5">
          {userCountText(total)}
        </p>
      </div>
      {users.length === 0 ? (
        filters.narrowed ? (
          <EmptyState message={NO_MATCHING_USERS}>
            <Button variant="secondary" size="sm" onClick={filters.clear}>
              Clear filters
            </Button>
          </EmptyState>
        ) : (
          <EmptyState message={NO_USERS} />
        )
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
            aria-busy={pages.isPlaceholderData || undefined}
            className={cn(
              'space-y-3 p-3 transition-opacity sm:p-4 lg:space-y-0 lg:divide-y lg:divide-slate-100 lg:p-0',
              pages.isPlaceholderData && 'opacity-60',
            )}
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
          <LoadMore noun="users" {...loadMoreProps(pages)} />
        </>
      )}
      <RemoveUserDialog orgId={orgId} user={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
