import type { OrgUser } from '@aduro/shared/staff';
import { toCsv } from '../../../lib/csv';
import { roleNamesOf } from './roles';

export const ORG_USERS_CSV_FILE = 'org_users.csv';
/** SPEC §2: exactly these columns, in this order. */
export const ORG_USERS_CSV_COLUMNS = ['name', 'email', 'roles', 'createdAt'] as const;

/** An instant in ISO 8601 UTC whatever form the server used; text that is not a date is kept as sent. */
function isoInstant(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The team directory as CSV: roles in display order joined by '; ', createdAt as an ISO instant. */
export function orgUsersToCsv(users: readonly OrgUser[]): string {
  return toCsv(
    ORG_USERS_CSV_COLUMNS,
    users.map((user) => ({
      name: user.name,
      email: user.email,
      roles: roleNamesOf(user).join('; '),
      createdAt: isoInstant(user.createdAt),
    })),
  );
}
