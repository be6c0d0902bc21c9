// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) => {
  try {
    return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

// The direction of dependencies, as bulletproof-react: shared -> features -> app.
// A feature never imports another feature; shared code never imports features or the app.
const webFeatures = dirs('./apps/web/src/features');
const apiModules = dirs('./apps/api/src/modules');
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other: compose them in src/app, or move the shared part to src/components or src/lib.',
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features do not import the app layer.',
  },
  ...['components', 'lib', 'hooks', 'utils', 'types'].map((shared) => ({
    target: `./apps/web/src/${shared}`,
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code does not import features or the app layer.',
  })),
  {
    target: './packages/shared',
    from: './apps',
    message: 'packages/shared is used by both apps and imports neither.',
  },
  {
    target: './apps/web',
    from: './apps/api',
    message: 'The web app talks to the API over HTTP; share contracts through packages/shared.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/api/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['warn', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // API modules meet only through workflows and shared code, mirroring the web rule.
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webZones,
            ...apiModules.map((mod) => ({
              target: `./apps/api/src/modules/${mod}/**/*.routes.ts`,
              from: './apps/api/src/modules',
              except: [`./${mod}`, './auth/licence-storage.ts'],
              message: 'A route calls its own module; cross-domain work goes through a workflow.',
            })),
            // A module reaches another only through what that one offers for composing: its
            // repository (a workflow's steps), its workflows, and the few shared vocabularies named
            // here. Its services, rules and helpers stay its own.
            ...apiModules.map((mod) => ({
              target: `./apps/api/src/modules/${mod}/**/!(*.test).ts`,
              from: `./apps/api/src/modules/!(${mod})/**/!(*.repository|*.workflow|order-events|marketplace-tags|licence-storage|eligibility).ts`,
              message:
                'A module uses another only through its repository or workflows: move the shared part to lib/ or packages/shared, or compose the step in a workflow.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/cli/**',
      'apps/api/bench/**',
      'apps/web/bench/**',
      'scripts/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/web/e2e/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // A web test waits with testing-library's waitFor, which takes the suite's room for a loaded machine
    // (apps/web/src/test/async-timeout.ts); Vitest's vi.waitFor gives up after 1 s.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message: "Use waitFor from '@testing-library/react': it waits as long as the suite allows.",
        },
      ],
    },
  },
);
