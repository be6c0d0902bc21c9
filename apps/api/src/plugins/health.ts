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

/** How long a probe waits for the database before calling it down. */
const PROBE_TIMEOUT_MS = 3_000;

/** Resolves when the database answers `select 1`; rejects when it fails or takes over PROBE_TIMEOUT_MS. */
async function databaseAnswers(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      app.db.execute(sql`select 1`),
      new Promise((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)),
          PROBE_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
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
 * (send it no traffic). The older `GET /api/health` reports the database's state: 200
 * `{status: 'ok', database: 'up'}`, or 503 `{status: 'unavailable', database: 'down', message}`.
 */
export default fp(
  async function health(app: FastifyInstance) {
    app.decorate('draining', false);
    const expected = journalEntries();
    // Applied migrations are never taken back, so once seen they need no second look.
    let migrated = false;
    const r = app.withTypeProvider<ZodTypeProvider>();

    // GET /api/health is declared with the API's routes in app.ts; its answer is made here, with the other
    // probes. (HEAD gets its own route, copied from the GET before this hook sees it, so both are taken.)
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.url !== '/api/health' || !methods.every((m) => m === 'GET' || m === 'HEAD')) return;
      route.handler = async function databaseHealth(request, reply) {
        void reply.header('cache-control', 'no-store');
        try {
          await databaseAnswers(app);
        } catch (err) {
          request.log.warn({ err }, 'health: the database does not answer');
          return reply.code(503).send({
            status: 'unavailable',
            database: 'down',
            message: 'The database is not answering.',
          });
        }
        return { status: 'ok', database: 'up' };
      };
    });

    r.get(
      '/api/health/live',
      {
        schema: {
          tags: ['health'],
          security: [],
          summary: 'Liveness: 200 while the process runs',
          description:
            'For an orchestrator: answers while the process can serve at all, without touching the database.',
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
          security: [],
          summary:
            'Readiness: 200 when the database answers and is migrated, 503 otherwise or while draining',
          description:
            'For a load balancer: send traffic while 200; 503 with the reason (database unavailable or not ' +
            'migrated, or the server draining before it stops).',
          response: { 200: liveSchema, 503: notReadySchema },
        },
      },
      async (request, reply) => {
        const notReady = (status: 'draining' | 'unavailable', message: string) =>
          reply.code(503).header('cache-control', 'no-store').send({ status, message });
        if (app.draining) return notReady('draining', 'This server is shutting down.');
        try {
          await databaseAnswers(app);
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
