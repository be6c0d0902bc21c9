import { ORG_USERS_CSV_FILE } from '@aduro/shared/staff';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';
import { orgUserFilterParams, type OrgUserFilters } from './get-org-users';

/** GET /org/users.csv with the directory's search: every member it matches, streamed by the server. */
export function downloadOrgUsersCsv(filters: OrgUserFilters): Promise<void> {
  const query = new URLSearchParams(orgUserFilterParams(filters)).toString();
  return downloadFile(`/org/users.csv${query ? `?${query}` : ''}`, ORG_USERS_CSV_FILE);
}

// A failure toasts the server's message through the query client (lib/query-client.ts).
export function useDownloadOrgUsersCsv(orgId: string) {
  return useMutation({ mutationKey: ['org-users', orgId, 'csv'], mutationFn: downloadOrgUsersCsv });
}
