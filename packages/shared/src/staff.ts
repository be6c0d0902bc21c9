import { z } from 'zod';
import { pageQueryShape, pageSchema, searchText } from './pagination.ts';
import { SUPPLIER_ROLES } from './permissions.ts';

export const STAFF_MESSAGES = {
  required: 'Fill in name, email, and password',
  email: 'Please enter a valid email address',
  password: 'Password must be at least 8 characters',
  atLeastOneRole: 'Select at least one role',
  keepOneRole: 'Users must have at least one role',
  unknownRole: 'Choose roles from InventoryManager, ShippingClerk, CreditApprover, Admin and Pharmacist',
  lastAdmin: 'Your organisation must keep at least one Admin.',
  removeSelf: 'You cannot remove yourself. Ask another Admin to do it.',
  duplicateRole: 'Each role can be given once.',
  userNotFound: 'User not found',
  created: 'User created',
  rolesUpdated: 'Roles updated',
  removed: 'User removed',
} as const;

export const roleSchema = z
  .object({ id: z.number().int(), name: z.string(), permissions: z.array(z.string()) })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

/** A member of the caller's organisation (SPEC §3 "Org user"). */
export const orgUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: z.string(),
    roles: z.array(z.object({ role: z.object({ id: z.number().int(), name: z.string() }) })),
  })
  .meta({ id: 'OrgUser' });
export type OrgUser = z.infer<typeof orgUserSchema>;

/** GET /api/org/users (and org/users.csv) query: every matching user (SPEC). */
export const orgUsersListQuerySchema = z.object({
  /** Text in the user's name or e-mail. */
  q: searchText,
});
/** GET /api/org/users/page: the same filter with paging (decision 0014). */
export const orgUsersQuerySchema = orgUsersListQuerySchema.extend(pageQueryShape);
export type OrgUsersQuery = z.output<typeof orgUsersQuerySchema>;

export const orgUsersPageSchema = pageSchema(orgUserSchema, 'OrgUsersPage');

/** GET /api/org/users.csv, the same file the team directory exports (SPEC §2). */
export const ORG_USERS_CSV_FILE = 'org_users.csv';
/** SPEC §2: exactly these columns, in this order. */
export const ORG_USERS_CSV_COLUMNS = ['name', 'email', 'roles', 'createdAt'] as const;

/** Role names, each at most once; a missing or empty list answers with the form's own message. */
const roleNames = (required: string) =>
  z
    .array(z.enum(SUPPLIER_ROLES, { error: STAFF_MESSAGES.unknownRole }), { error: required })
    .min(1, required)
    // More names than there are roles can only repeat one.
    .max(SUPPLIER_ROLES.length, STAFF_MESSAGES.duplicateRole)
    .refine((roles) => new Set(roles).size === roles.length, STAFF_MESSAGES.duplicateRole);

/** POST /api/org/users body and the invite form (default role InventoryManager). */
export const inviteUserSchema = z
  .object({
    name: z
      .string({ error: STAFF_MESSAGES.required })
      .trim()
      .min(1, STAFF_MESSAGES.required)
      .max(120, 'Keep the name under 120 characters'),
    email: z
      .string({ error: STAFF_MESSAGES.required })
      .trim()
      .min(1, STAFF_MESSAGES.required)
      .max(254, 'Email must be at most 254 characters')
      .email({ error: STAFF_MESSAGES.email }),
    password: z
      .string({ error: STAFF_MESSAGES.required })
      .min(1, STAFF_MESSAGES.required)
      .min(8, STAFF_MESSAGES.password)
      .max(128, 'Password must be at most 128 characters'),
    roles: roleNames(STAFF_MESSAGES.atLeastOneRole),
  })
  .meta({ id: 'InviteUserRequest' });
export type InviteUserInput = z.input<typeof inviteUserSchema>;

/** PATCH /api/org/users/{id}/roles body. */
export const updateRolesSchema = z
  .object({ roles: roleNames(STAFF_MESSAGES.keepOneRole) })
  .meta({ id: 'UpdateRolesRequest' });

export const orgUserParamsSchema = z.object({
  id: z.string().uuid({ error: STAFF_MESSAGES.userNotFound }),
});
