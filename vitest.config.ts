import { defineConfig } from 'vitest/config';

/**
 * The API suite runs twice in `npm test`: on PGlite, then on PostgreSQL (TEST_DB=postgres). The second run is
 * for what the driver and a real server change: pooling, races, locks, LISTEN/NOTIFY, the job queue, replicas,
 * faults, the parsing of money and stock. The files below pin rules no driver changes (who is notified and
 * what the mail says, reset links, registration fields, the market figures' arithmetic, fuzzed input) and
 * are among the slowest on PostgreSQL (together about 70 s of its 190 s here), so they run on PGlite only,
 * keeping `npm test` under its 15 minutes. A new file runs on both unless listed here.
 */
const PGLITE_ONLY = [
  'apps/api/src/modules/notifications/notifications.api.test.ts',
  'apps/api/src/modules/auth/password-reset.api.test.ts',
  'apps/api/src/modules/auth/registration.api.test.ts',
  'apps/api/src/modules/admin/admin-market.api.test.ts',
  'apps/api/src/test/fuzz.api.test.ts',
];
const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * One Vitest run, four projects: shared and api-unit are plain node tests, api drives the real app
 * through app.inject against a seeded database copy, web runs components in jsdom.
 */
export default defineConfig({
  test: {
    // Two suites at a time suit a 2-core machine; PGlite copies are ~100 MB each.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          environment: 'node',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api-unit',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.api.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.api.test.ts'],
          exclude: ['**/node_modules/**', ...(onPostgres ? PGLITE_ONLY : [])],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
