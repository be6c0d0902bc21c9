import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { queryRows, type Database } from '../db/client.ts';
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
  });
  const serverErrors: LightMyRequestResponse[] = [];
  app.addHook('onResponse', async (_req, reply) => {
    if (reply.statusCode >= 500)
      serverErrors.push({ statusCode: reply.statusCode } as LightMyRequestResponse);
  });
  await app.ready();

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
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
