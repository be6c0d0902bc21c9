import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteUserSchema,
  ORG_USERS_CSV_FILE,
  orgUserParamsSchema,
  orgUserSchema,
  orgUsersPageSchema,
  orgUsersQuerySchema,
  orgUsersListQuerySchema,
  roleSchema,
  updateRolesSchema,
} from '@aduro/shared/staff';
import { member } from '../../plugins/auth.ts';
import { CSV_BOM } from '../../lib/csv.ts';
import {
  getOrgUsers,
  getRoles,
  inviteUser,
  orgUsersCsv,
  removeUser,
  updateUserRoles,
} from './staff.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { withPageLimit } from '@aduro/shared/pagination';

const errors = errorResponses(400, 401, 403);
const conflictErrors = { ...errors, ...errorResponses(404, 409) };

/**
 * The supplier's own team (SPEC §7 /org/users). Every call needs a supplier user with manage_users,
 * checked before the body is validated so that a caller without the right learns nothing more.
 */
export default async function staffRoutes(app: FastifyInstance) {
  app.addHook(
    'preValidation',
    app.guard({ userType: 'supplier', permission: 'manage_users' }, { organisation: true }),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['staff'];

  r.get(
    '/org/users',
    {
      schema: {
        tags,
        summary: "The caller's organisation's users with their roles, oldest first",
        description:
          'Filter: q (text in the name or e-mail). Every matching user, as an array (SPEC); GET ' +
          '/api/org/users/page answers the same in pages.',
        security,
        querystring: orgUsersListQuerySchema,
        response: {
          200: z.array(orgUserSchema),
          ...errors,
        },
      },
    },
    async (request) => getOrgUsers(app.db, member(request), request.query),
  );

  // The same list in pages, a shape of its own (decision 0014); a static path, so no '/org/users/:id' takes it.
  r.get(
    '/org/users/page',
    {
      schema: {
        tags,
        summary: "The caller's organisation's users with their roles, oldest first, in pages",
        description:
          'Filter: q (text in the name or e-mail). Paging: an OrgUsersPage of `limit` users (1 to 200, 50 ' +
          'by default) with total and nextCursor, which the next call passes as cursor with the same ' +
          'filters; pages neither repeat nor skip a user when others are added meanwhile. A cursor this ' +
          'list did not give answers 400.',
        security,
        querystring: orgUsersQuerySchema,
        response: {
          200: orgUsersPageSchema,
          ...errors,
        },
      },
    },
    async (request) => getOrgUsers(app.db, member(request), withPageLimit(request.query)),
  );

  // '.csv' sits in the static segment, so neither '/org/users/roles' nor '/org/users/:id/...' takes it.
  r.get(
    '/org/users.csv',
    {
      schema: {
        tags,
        summary: "The caller's organisation's users as CSV: every one the filters match",
        description:
          "Columns name,email,roles,createdAt (roles in display order joined by '; ', createdAt an ISO " +
          'instant), as the team directory exports them; same filter, scope and order as GET /org/users ' +
          '(cursor and limit are ignored: the whole filtered set). Streamed in batches of 500, UTF-8 with a ' +
          "byte order mark; text starting with = + - @ is prefixed with ' so no cell runs as a formula.",
        security,
        querystring: orgUsersQuerySchema,
        response: {
          200: z.unknown().meta({
            description: `text/csv, as an attachment named ${ORG_USERS_CSV_FILE}`,
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const lines = orgUsersCsv(app.db, member(request), request.query);
      async function* withBom() {
        yield CSV_BOM;
        yield* lines;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ORG_USERS_CSV_FILE}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(withBom()));
    },
  );

  r.get(
    '/org/users/roles',
    {
      schema: {
        tags,
        summary: 'The roles the organisation can grant, in display order',
        description:
          "The roles an administrator may give the organisation's users, with the permissions each " +
          'grants, in the order the screens show them.',
        security,
        response: { 200: z.array(roleSchema), ...errors },
      },
    },
    async (request) => getRoles(app.db, member(request)),
  );

  r.post(
    '/org/users',
    {
      schema: {
        tags,
        summary: "Create a user of the caller's organisation with the chosen roles",
        description: 'The e-mail must not belong to any account yet (compared case-insensitively): 409.',
        security,
        body: inviteUserSchema,
        response: { 201: orgUserSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteUser(app.db, member(request), request.body)),
  );

  r.patch(
    '/org/users/:id/roles',
    {
      schema: {
        tags,
        summary: "Replace a user's roles",
        description:
          'A user of another organisation answers 404. Taking Admin from the last Admin answers 409; the ' +
          "change takes effect on that user's next request.",
        security,
        params: orgUserParamsSchema,
        body: updateRolesSchema,
        response: { 200: orgUserSchema, ...conflictErrors },
      },
    },
    async (request) => updateUserRoles(app.db, member(request), request.params.id, request.body.roles),
  );

  r.delete(
    '/org/users/:id',
    {
      schema: {
        tags,
        summary: "Remove a user of the caller's organisation",
        description:
          "Answers 204 with no body. The user's token stops working at once; orders, payments and " +
          'history they touched stay, with no user attached. Removing yourself or the last Admin answers 409.',
        security,
        params: orgUserParamsSchema,
        response: { 204: z.null().describe('The user was removed'), ...conflictErrors },
      },
    },
    async (request, reply) => {
      await removeUser(app.db, member(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
