import os from 'node:os';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app is written against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder, used when no databaseUrl is given. */
  dataDir?: string;
  /** An already open PGlite instance (tests load a template copy into one). */
  pglite?: PGlite;
}

/** Opens node-postgres when a URL is given, otherwise embedded PGlite kept in dataDir. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // numeric, bigint and date come back as strings; drizzle's column modes map them.
    // A few connections per core: more only queue inside PostgreSQL and switch contexts (on this
    // 2-core machine 8 connections approve 220 orders/s where 20 managed 196, apps/api/bench/approvals.ts).
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: Math.max(4, os.availableParallelism() * 4),
    });
    // An idle client can lose its connection (server restart, database dropped); without a listener
    // that error would crash the process. The next query simply opens a new connection.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle connection closed: ${err.message}`);
    });
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let client = options.pglite;
  if (!client) {
    const dir = path.join(path.resolve(options.dataDir ?? './data'), 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const owned = client;
  const db = drizzle(owned, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, driver: 'pglite', close: () => owned.close() };
}

/** Applies the committed drizzle-kit migrations. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}

/** Runs raw SQL and returns its rows; node-postgres and PGlite both answer with `rows`. */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
