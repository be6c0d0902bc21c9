import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminUrl, createTemplateDatabase, dropDatabase, testDriver } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

/**
 * Builds one migrated, seeded database before the API suites run: a PGlite data-dir dump (creating a
 * cluster takes seconds, loading a copy well under one), or a PostgreSQL template database that each
 * suite clones with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  if (testDriver() === 'postgres') {
    const template = await createTemplateDatabase();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return async () => dropDatabase(adminUrl(), template);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { prepareSeeded } = await import('./databases.ts');
  const { pgliteExtensions } = await import('../db/client.ts');
  const pg = await PGlite.create({ extensions: await pgliteExtensions() });
  try {
    await prepareSeeded({ pglite: pg });
    const dump = await pg.dumpDataDir('none');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'aduro-pglite-'));
    const file = path.join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', file);
    project.provide('postgresTemplate', '');
    return async () => rm(dir, { recursive: true, force: true });
  } finally {
    await pg.close();
  }
}
