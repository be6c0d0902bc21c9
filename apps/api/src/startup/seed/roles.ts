import { ROLE_NAMES, ROLES } from '@aduro/shared/permissions';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';

/** Upserts every role of ROLES with its organisation kind and permissions; safe to run at every start. */
export async function ensureRoles(db: Executor): Promise<void> {
  await db
    .insert(roles)
    .values(
      ROLE_NAMES.map((name) => ({
        name,
        orgKind: ROLES[name].orgKind,
        permissions: [...ROLES[name].permissions],
      })),
    )
    .onConflictDoUpdate({
      target: roles.name,
      set: { orgKind: sql`excluded.org_kind`, permissions: sql`excluded.permissions` },
      // Leaves unchanged rows alone, so a start with nothing new writes nothing.
      setWhere: sql`${roles.orgKind} is distinct from excluded.org_kind or ${roles.permissions} is distinct from excluded.permissions`,
    });
}
