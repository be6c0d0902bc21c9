import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEntitySchema,
  entityIdParamsSchema,
  entityListQuerySchema,
  toggleEntitySchema,
} from '@aduro/shared/admin';
import { errorResponseSchema } from '@aduro/shared/errors';
import { notFound } from '../../lib/errors.ts';
import type { LicenceStorage } from '../auth/licence-storage.ts';
import { getEntities, getLicence, toggleEntity } from './admin.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Platform administration; every call needs user type platform and manage_platform. */
export default async function adminRoutes(app: FastifyInstance, opts: { storage: LicenceStorage }) {
  app.addHook('preValidation', app.guard({ userType: 'platform', permission: 'manage_platform' }));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/admin/entities',
    {
      schema: {
        tags: ['admin'],
        summary: 'Customer and supplier organisations for review',
        security,
        querystring: entityListQuerySchema,
        response: { 200: z.array(adminEntitySchema), ...errors },
      },
    },
    async (request) => getEntities(app.db, request.query.kind),
  );

  r.patch(
    '/admin/entities/:id/toggle',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate or deactivate an organisation',
        security,
        params: entityIdParamsSchema,
        body: toggleEntitySchema,
        response: { 200: adminEntitySchema, ...errors },
      },
    },
    async (request) => toggleEntity(app.db, request.params.id, request.body.active),
  );

  r.get(
    '/admin/entities/:id/licence',
    {
      schema: {
        tags: ['admin'],
        summary: "Stream an organisation's uploaded licensure document",
        security,
        params: entityIdParamsSchema,
        response: {
          200: z.unknown().describe('The licensure document as uploaded: pdf, png, jpeg, doc or docx'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const licence = await getLicence(app.db, request.params.id);
      const file = opts.storage.pathOf(licence.key);
      const info = await stat(file).catch(() => null);
      if (!info) throw notFound('The licence file is missing from storage');
      const name = (licence.fileName ?? 'licence').replace(/[^\w.\- ]/g, '_');
      return reply
        .type(licence.mimeType ?? 'application/octet-stream')
        .header('content-length', info.size)
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  );
}
