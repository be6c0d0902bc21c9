import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Pool } from 'pg';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the database opened by the caller (server.ts or a test), which also owns closing it. */
export default fp(
  async function db(app: FastifyInstance, opts: { database: Database }) {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.database.driver === 'postgres') {
      // drizzle's client is node-postgres's pool, which counts its connections without a query.
      const pool = (opts.database.db as unknown as { $client: Pool }).$client;
      app.metrics?.readPool(() => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }));
    } else {
      // PGlite is one connection inside this process; a query waits in its own queue, not for a connection.
      app.metrics?.readPool(() => ({ total: 1, waiting: 0 }));
    }
  },
  { name: 'db' },
);
