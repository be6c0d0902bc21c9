import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEntitySchema,
  adminStatsSchema,
  entityIdParamsSchema,
  entityListQuerySchema,
  marketSummarySchema,
  toggleEntitySchema,
} from '@aduro/shared/admin';
import { caller } from '../../plugins/auth.ts';
import { sendLicence, type LicenceStorage } from '../auth/licence-storage.ts';
import { getEntities, getLicence, getStats, MarketSummaries, toggleEntity } from './admin.service.ts';
import type { LlmSettings } from './market-summary.llm.ts';
import { errorResponses } from '../../lib/error-responses.ts';

const errors = errorResponses(400, 401, 403, 404);

/** Platform administration; every call needs user type platform and manage_platform. */
export default async function adminRoutes(
  app: FastifyInstance,
  opts: { storage: LicenceStorage; llm: LlmSettings | null },
) {
  app.addHook('preValidation', app.guard({ userType: 'platform', permission: 'manage_platform' }));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const summaries = new MarketSummaries(app.db, opts.llm, app.log);

  r.get(
    '/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Platform figures: products, active suppliers and customers, GMV, and GMV by week',
        description: 'Cached 30 s, and dropped at the next write.',
        security,
        response: { 200: adminStatsSchema, ...errors },
      },
    },
    async () => getStats(app.db, app.readCache),
  );

  r.get(
    '/admin/market/summary',
    {
      schema: {
        tags: ['admin'],
        summary: 'The market over the last 30 days against the 30 before, in words, with the facts',
        description:
          'Written by the configured model (LLM_BASE_URL, LLM_MODEL) from the facts only, else by rules with ' +
          'context.fallback true. Cached 5 minutes.',
        security,
        response: { 200: marketSummarySchema, ...errors },
      },
    },
    async () => summaries.get(),
  );

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
    async (request) => toggleEntity(app.db, request.params.id, request.body.active, caller(request).id),
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
    async (request, reply) => sendLicence(reply, opts.storage, await getLicence(app.db, request.params.id)),
  );
}
