import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import {
  migrateDatabase,
  openDatabase,
  pgliteExtensions,
  type Database,
  type DatabaseOptions,
} from '../db/client.ts';
import { seedDemo } from '../startup/seed/demo.ts';
import { ensureRoles } from '../startup/seed/roles.ts';

/** API suites run on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set and TEST_DB=postgres. */
export function testDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Migrates, creates the roles and loads the demo data. */
export async function prepareSeeded(options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  await migrateDatabase(database);
  await ensureRoles(database.db);
  await seedDemo(database.db, { now: new Date() });
  return database;
}

async function adminQuery(sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

export async function createTemplateDatabase(): Promise<string> {
  const name = uniqueName('aduro_tpl');
  await adminQuery(`create database ${name}`);
  const database = await prepareSeeded({ databaseUrl: withDatabase(adminUrl(), name) });
  await database.close();
  return name;
}

export async function dropDatabase(_url: string, name: string): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

/** A private copy of the seeded template for one suite; close() disposes of it. */
export async function openTestDatabase(template: {
  pglitePath: string;
  postgres: string;
}): Promise<Database> {
  if (testDriver() === 'postgres') {
    const name = uniqueName('aduro_test');
    await adminQuery(`create database ${name} template ${template.postgres}`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl(), name) });
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropDatabase(adminUrl(), name);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { readFile } = await import('node:fs/promises');
  const pglite: PGlite = await PGlite.create({
    loadDataDir: new Blob([await readFile(template.pglitePath)]),
    // The copy's pg_trgm rows need the extension's code loaded too.
    extensions: await pgliteExtensions(),
  });
  return openDatabase({ pglite });
}

/** A throw-away data folder (auth secret fallback, uploads) for one suite. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'aduro-data-'));
}
