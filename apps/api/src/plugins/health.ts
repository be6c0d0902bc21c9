import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsFolder, queryRows } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set by server.ts on SIGTERM or SIGINT, before the server closes: readiness then answers 503, so a
     * load balancer stops sending new requests while the ones under way finish.
     */
    draining: boolean;
  }
}

const liveSchema = z.object({ status: z.literal('ok') });
const notReadySchema = z.object({
  status: z.enum(['draining', 'unavailable']),
  message: z.string(),
});

/** How many migrations this version ships (drizzle-kit's journal beside the SQL files). */
function journalEntries(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** undefined_table or invalid_schema_name: no migration has run on this database yet. */
function isMissingTable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === '42P01' || code === '3F000') return true;
  }
  return false;
}

/**
 * Probes for a load balancer or orchestrator. `GET /api/health/live` answers 200 while the process
 * runs (restart it when this fails). `GET /api/health/ready` answers 200 only when the database answers
 * and holds every migration this version ships, and 503 with a message otherwise, or while draining
 * (send it no traffic). The older `GET /api/health` stays as it was.
 */
export default fp(
  async function health(app: FastifyInstance) {
    app.decorate('draining', false);
    const expected = journalEntries();
    // Applied migrations are never taken back, so once seen they need no second look.
    let migrated = false;
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/health/live',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: 200 while the process runs',
          response: { 200: liveSchema },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    r.get(
      '/api/health/ready',
      {
        schema: {
          tags: ['health'],
          summary:
            'Readiness: 200 when the database answers and is migrated, 503 otherwise or while draining',
          response: { 200: liveSchema, 503: notReadySchema },
        },
      },
      async (request, reply) => {
        const notReady = (status: 'draining' | 'unavailable', message: string) =>
          reply.code(503).header('cache-control', 'no-store').send({ status, message });
        if (app.draining) return notReady('draining', 'This server is shutting down.');
        try {
          await app.db.execute(sql`select 1`);
        } catch (err) {
          request.log.warn({ err }, 'readiness: the database does not answer');
          return notReady('unavailable', 'The database is not answering.');
        }
        if (!migrated) {
          let applied: number;
          try {
            const [row] = await queryRows<{ applied: number }>(
              app.db,
              sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
            );
            applied = row?.applied ?? 0;
          } catch (err) {
            if (!isMissingTable(err)) {
              request.log.warn({ err }, 'readiness: the migrations could not be read');
              return notReady('unavailable', 'The database is not answering.');
            }
            applied = 0;
          }
          if (applied < expected) {
            return notReady(
              'unavailable',
              `The database has ${applied} of the ${expected} migrations this version needs.`,
            );
          }
          migrated = true;
        }
        return reply.header('cache-control', 'no-store').send({ status: 'ok' as const });
      },
    );
  },
  { name: 'health', dependencies: ['db'] },
);
