import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEY_SCOPES,
  apiKeyParamsSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '@aduro/shared/api-keys';
import { errorResponses } from '../../lib/error-responses.ts';
import { member } from '../../plugins/auth.ts';
import { createApiKey, getApiKeys, revokeKey } from './api-keys.service.ts';

const errors = errorResponses(400, 401, 403);

/**
 * The organisation's API keys (issue 33, docs/domain.md "API keys"), managed by those who manage its
 * users (a supplier's Admins). Keys themselves cannot call these: the scope map lists none of them.
 */
export default async function apiKeyRoutes(app: FastifyInstance) {
  app.addHook(
    'preValidation',
    app.guard({ userType: 'supplier', permission: 'manage_users' }, { organisation: true }),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['api-keys'];

  r.get(
    '/org/api-keys',
    {
      schema: {
        tags,
        summary: "The caller's organisation's API keys, newest first, revoked ones too",
        description:
          'Each key shows its first characters (prefix), scopes, who created it, its last use (to the ' +
          'minute; null: never used) and, once revoked, when and by whom. The key itself is never shown again.',
        security,
        response: { 200: z.array(apiKeySchema), ...errors },
      },
    },
    async (request) => getApiKeys(app.db, member(request)),
  );

  r.post(
    '/org/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key; the answer carries the whole key, this once',
        description:
          `Scopes: ${API_KEY_SCOPES.join(', ')}. A client sends the key as \`Authorization: Bearer <key>\` ` +
          'and acts for this organisation only, within the scopes. Only its SHA-256 is kept, so a lost key ' +
          'is revoked and replaced. Another key that is not revoked with the same name (compared ' +
          'case-insensitively) answers 409 API_KEY_NAME_TAKEN.',
        security,
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(app.db, member(request), request.body)),
  );

  r.delete(
    '/org/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        description:
          'The key stops working on its next request (401) and stays listed as revoked. Answers the ' +
          'revoked key; revoking it again answers the same. Another organisation’s key answers 404.',
        security,
        params: apiKeyParamsSchema,
        response: { 200: apiKeySchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => revokeKey(app.db, member(request), request.params.id),
  );
}
