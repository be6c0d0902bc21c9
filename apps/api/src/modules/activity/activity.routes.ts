import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityPageSchema, activityQuerySchema } from '@aduro/shared/activity';
import { CSV_BOM } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { member } from '../../plugins/auth.ts';
import { activityCsv, getActivity } from './activity.service.ts';

const errors = errorResponses(400, 401, 403);

/**
 * The activity trail (docs/domain.md "Activity and order history"): the change feed read back as
 * sentences. A supplier's administrators (manage_users) read their organisation's, a platform
 * administrator everyone's; customers and other supplier staff are refused.
 */
export default async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['activity'];
  const reader = app.guard(
    [
      { userType: 'supplier', permission: 'manage_users' },
      { userType: 'platform', permission: 'manage_platform' },
    ],
    { organisation: true },
  );

  r.get(
    '/activity',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'What happened in the caller’s organisation, newest first, one page at a time',
        description:
          'Events of the change feed naming the caller’s organisation (a platform administrator: every ' +
          'organisation’s, or orgId’s), each as a sentence with who acted and when. Filters: type, from/to ' +
          '(YYYY-MM-DD, UTC, inclusive), actor (part of a name or e-mail). Always paged: limit (default 50, at ' +
          'most 200) and the nextCursor of the previous page; total counts every event the filters match. ' +
          'Bookkeeping events (notifications.added, cart.changed, account.sessions_ended) are left out.',
        security,
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (request) => getActivity(app.db, member(request), request.query),
  );

  r.get(
    '/activity.csv',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The caller’s activity as CSV: every event the filters match',
        description:
          'Columns at,type,actor,organisation,description,apiKey (the API key a write was made with, else ' +
          'blank); same filters and scope as GET /activity (cursor and limit are ignored: the whole filtered ' +
          'set). Streamed in batches of 500, UTF-8 with a byte order mark; text starting with = + - @ is ' +
          "prefixed with ' so no cell runs as a formula.",
        security,
        querystring: activityQuerySchema,
        response: {
          200: z.unknown().meta({
            description: 'text/csv, as an attachment named activity.csv',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const lines = activityCsv(app.db, member(request), request.query);
      async function* withBom() {
        yield CSV_BOM;
        yield* lines;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity.csv"')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(withBom()));
    },
  );
}
