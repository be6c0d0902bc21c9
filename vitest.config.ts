import { defineConfig } from 'vitest/config';

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
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
