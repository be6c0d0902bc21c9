import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerSession } from '../../plugins/auth.ts';
import { openStream } from './events.service.ts';
import { errorResponses, mediaResponse } from '../../lib/error-responses.ts';

const lastEventIdSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'Last-Event-ID must be an event id')
    .optional(),
});

/**
 * GET /api/events: the caller's live changes as Server-Sent Events (docs/decisions/0009-live-stream.md).
 * Authenticated like every call, with the Bearer header (the web app reads it with fetch streaming),
 * so a missing or bad token is refused with 401 before the stream starts.
 */
export default async function eventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = new Set<() => void>();
  app.metrics?.readStreamClients(() => open.size);
  // Streams never end by themselves: close them before the server closes (preClose: onClose runs only
  // once the server has closed, which an open stream would hold up for the whole grace period).
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  r.get(
    '/events',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['events'],
        summary: "The caller's organisation's changes, live, as text/event-stream",
        description:
          'Frames: `id: <event id>`, `event: <type>`, `data: <JSON {id, type, at, refs}>`; `ready` once caught ' +
          'up, `resync` when changes may have been missed, `signed-out` when access or the session ends; ' +
          'comments as heartbeats. Send Last-Event-ID to resume; ids may repeat around a resume and are ' +
          'skipped by id.',
        security: [{ bearerAuth: [] }],
        headers: lastEventIdSchema,
        response: {
          200: mediaResponse('Server-Sent Events, as long as the caller stays signed in', [
            'text/event-stream',
          ]),
          ...errorResponses(400, 401),
        },
      },
    },
    (request, reply) => {
      const session = callerSession(request);
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' ? Number(header) : null;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        // The caller's own changes, like every signed-in answer (plugins/auth.ts): no-store, so no cache
        // keeps them; no-transform, so no proxy buffers or compresses the stream (decision 0009).
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream until its buffer fills.
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      // The client's retry delay, in ms, when the connection drops.
      res.write('retry: 3000\n\n');
      const end = () => {
        if (!res.writableEnded) res.end();
      };
      const stop = openStream(
        { db: app.db, feed: app.feed, readCurrentSession: app.readCurrentSession },
        session,
        lastEventId,
        {
          write: (chunk) => res.write(chunk),
          get buffered() {
            return res.writableLength;
          },
          end,
        },
      );
      const close = () => {
        stop();
        end();
        open.delete(close);
      };
      open.add(close);
      request.raw.on('close', close);
      res.on('error', close);
    },
  );
}
