import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEntitiesPageSchema,
  adminEntitySchema,
  adminStatsSchema,
  ENTITIES_CSV_FILE,
  entityIdParamsSchema,
  entityListQuerySchema,
  entityFilterQuerySchema,
  marketSummarySchema,
  toggleEntitySchema,
} from '@aduro/shared/admin';
import { caller } from '../../plugins/auth.ts';
import { sendLicence, type LicenceStorage } from '../auth/licence-storage.ts';
import { CSV_BOM } from '../../lib/csv.ts';
import {
  entitiesCsv,
  getEntities,
  getLicence,
  getStats,
  MarketSummaries,
  toggleEntity,
} from './admin.service.ts';
import type { LlmSettings } from './market-summary.llm.ts';
import { errorResponses, mediaResponse } from '../../lib/error-responses.ts';
import { LICENCE_MIME_TYPES } from '@aduro/shared/auth';
import { withPageLimit } from '@aduro/shared/pagination';

const errors = errorResponses(400, 401, 403, 404);

/** What the list and its /page (decision 0014) both say of their callers and filters, written once. */
const ENTITIES_FILTERS =
  'Filters: kind (supplier or customer), active (true or false), status (awaiting_review: a supplier ' +
  'never yet activated, whose licence awaits review; deactivated; active), q (text in the name or ' +
  'location). ';

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
        summary:
          'Customer and supplier organisations for review: awaiting review first, then deactivated, then active, each by name',
        description:
          ENTITIES_FILTERS +
          'Every matching organisation, as an array (SPEC); GET /api/admin/entities/page answers the same ' +
          'in pages.',
        security,
        querystring: entityFilterQuerySchema,
        response: {
          200: z.array(adminEntitySchema),
          ...errors,
        },
      },
    },
    async (request) => getEntities(app.db, request.query),
  );

  // The same list in pages, a shape of its own (decision 0014); a static path, so no '/admin/entities/:id' takes it.
  r.get(
    '/admin/entities/page',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Customer and supplier organisations for review: awaiting review first, then deactivated, then active, each by name, in pages',
        description:
          ENTITIES_FILTERS +
          'Paging: an AdminEntitiesPage of `limit` organisations (1 to 200, 50 by default) with total and ' +
          'nextCursor, which the next call passes as cursor with the same filters; pages neither repeat ' +
          'nor skip an organisation when others register meanwhile. A cursor this list did not give ' +
          'answers 400.',
        security,
        querystring: entityListQuerySchema,
        response: {
          200: adminEntitiesPageSchema,
          ...errors,
        },
      },
    },
    async (request) => getEntities(app.db, withPageLimit(request.query)),
  );

  // '.csv' sits in the static segment, not after a '/', so no '/admin/entities/:id/...' route can take it.
  r.get(
    '/admin/entities.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The organisations for review as CSV: every one the filters match',
        description:
          'Columns name,kind,users,active,paymentTerms (users is their count), as the review screen exports ' +
          'them; same filters and order as GET /admin/entities (cursor and limit are ignored: the whole ' +
          'filtered set). Streamed in batches of 500, UTF-8 with a byte order mark; text starting with ' +
          "= + - @ is prefixed with ' so no cell runs as a formula.",
        security,
        querystring: entityListQuerySchema,
        response: {
          200: z.unknown().meta({
            description: `text/csv, as an attachment named ${ENTITIES_CSV_FILE}`,
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const lines = entitiesCsv(app.db, request.query);
      async function* withBom() {
        yield CSV_BOM;
        yield* lines;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ENTITIES_CSV_FILE}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(withBom()));
    },
  );

  r.patch(
    '/admin/entities/:id/toggle',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate or deactivate an organisation, giving the reason',
        description:
          'reason is required (trimmed, 1 to 500 characters): it is recorded with the organisation.toggled ' +
          "event, shown in the activity trail and told to the organisation's admins in their notification.",
        security,
        params: entityIdParamsSchema,
        body: toggleEntitySchema,
        response: { 200: adminEntitySchema, ...errors },
      },
    },
    async (request) => toggleEntity(app.db, request.params.id, request.body, caller(request).id),
  );

  r.get(
    '/admin/entities/:id/licence',
    {
      schema: {
        tags: ['admin'],
        summary: "Stream an organisation's uploaded licensure document",
        description:
          'Platform administrators: the licensure document an organisation uploaded at registration, ' +
          'inline with the type it was stored as, never cached. 404 when the organisation or its file ' +
          'does not exist.',
        security,
        params: entityIdParamsSchema,
        response: {
          200: mediaResponse(
            'The licensure document as uploaded: pdf, png, jpeg, doc or docx',
            Object.keys(LICENCE_MIME_TYPES),
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => sendLicence(reply, opts.storage, await getLicence(app.db, request.params.id)),
  );
}
