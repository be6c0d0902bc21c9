import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inviteUserSchema,
  orgUserParamsSchema,
  orgUserSchema,
  roleSchema,
  updateRolesSchema,
} from '@aduro/shared/staff';
import { member } from '../../plugins/auth.ts';
import { getOrgUsers, getRoles, inviteUser, removeUser, updateUserRoles } from './staff.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

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
        security,
        response: { 200: z.array(orgUserSchema), ...errors },
      },
    },
    async (request) => getOrgUsers(app.db, member(request)),
  );

  r.get(
    '/org/users/roles',
    {
      schema: {
        tags,
        summary: 'The roles the organisation can grant, in display order',
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
