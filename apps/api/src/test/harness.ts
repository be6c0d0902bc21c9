import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import type { LoginLimiterOptions } from '../modules/auth/login-limiter.ts';
import { openTestDatabase, tempDataDir } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** Signs in and returns the Authorization header value. */
  login(email: string, userType: 'customer' | 'supplier' | 'platform', password?: string): Promise<string>;
  /** Every 5xx the suite produced; a 500 in a test run is a bug. */
  serverErrors: LightMyRequestResponse[];
  /** The seeded organisations' ids by name, so tests read as the demo data does. */
  organisationIds(): Promise<Record<string, string>>;
  /**
   * A second server on the same database, as another replica would be: its own connections (on PGlite,
   * its own handle on the one embedded database), caches and change feed, so it hears this app's
   * writes only through NOTIFY. Closed by close().
   */
  replica(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export const AUTH_SECRET = 'test-secret-that-is-long-enough-to-sign-tokens-0123456789';

/** The real app on a private copy of the seeded database, driven through app.inject. */
export async function createTestApp(
  options: {
    loginLimits?: LoginLimiterOptions;
    sessionCacheMs?: number;
    /** More settings, e.g. LLM_BASE_URL for the market summary. */
    env?: Record<string, string>;
    llmTimeoutMs?: number;
    /** How often job workers poll (plugins/jobs.ts); tests of jobs ask sooner than the 2 s default. */
    jobPollingSeconds?: number;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({
    pglitePath: inject('pgliteTemplatePath'),
    postgres: inject('postgresTemplate'),
  });
  const dataDir = tempDataDir();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    loginLimits: options.loginLimits ?? { perEmail: 1000, perAddress: 1000 },
    sessionCacheMs: options.sessionCacheMs,
    llmTimeoutMs: options.llmTimeoutMs,
    jobPollingSeconds: options.jobPollingSeconds,
  });
  const serverErrors: LightMyRequestResponse[] = [];
  app.addHook('onResponse', async (_req, reply) => {
    if (reply.statusCode >= 500)
      serverErrors.push({ statusCode: reply.statusCode } as LightMyRequestResponse);
  });
  await app.ready();
  const replicas: Array<() => Promise<void>> = [];

  return {
    app,
    database,
    dataDir,
    serverErrors,
    async organisationIds() {
      const rows = await queryRows<{ id: string; name: string }>(
        database.db,
        sql`select id, name from organizations`,
      );
      return Object.fromEntries(rows.map((r) => [r.name, r.id]));
    },
    async login(email, userType, password = 'demo1234') {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password, userType },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return `Bearer ${res.json().accessToken as string}`;
    },
    async replica() {
      // The driver's own client under drizzle: the PGlite instance, or the pool whose URL names the database.
      const client = (database.db as unknown as { $client: unknown }).$client;
      const own =
        database.driver === 'pglite'
          ? await openDatabase({ pglite: client as PGlite })
          : await openDatabase({
              databaseUrl: (client as { options: { connectionString: string } }).options.connectionString,
            });
      const other = await buildApp({
        config,
        database: own,
        logger: false,
        loginLimits: options.loginLimits ?? { perEmail: 1000, perAddress: 1000 },
        sessionCacheMs: options.sessionCacheMs,
      });
      await other.ready();
      replicas.push(async () => {
        await other.close();
        // The embedded database is this app's too; only a pool of its own is closed here.
        if (own.driver === 'postgres') await own.close();
      });
      return other;
    },
    async close() {
      for (const closeReplica of replicas.splice(0)) await closeReplica();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
