import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { ensurePlatformAdmin } from '../modules/auth/auth.service.ts';
import { importLicenceFiles } from '../modules/auth/licence-storage.ts';
import { migrateDatabase, openDatabase, queryRows, type Database } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { seedDemo } from './seed/demo.ts';
import { ensureRoles } from './seed/roles.ts';

type Log = Pick<FastifyBaseLogger, 'info'>;

/** The advisory lock every replica's start takes; any fixed number no other code uses ("aduro" in ASCII). */
export const BOOTSTRAP_LOCK = 0x616475726f;

/**
 * Opens the database the configuration names and, holding the bootstrap lock, applies the committed
 * migrations, makes sure the roles exist, loads the demo data into an empty database (unless
 * SEED_DEMO=false), moves licence files left by earlier versions into the database and creates or
 * updates the administrator named by ADMIN_EMAIL. Replicas starting at once do this one after another,
 * so the first does the work and the others find it done.
 */
export async function prepareDatabase(config: Config, log: Log): Promise<Database> {
  // The embedded database is one server's: a second on the same folder stops here (db/data-dir-lock.ts).
  const lock = config.env.DATABASE_URL ? null : await lockDataDir(config.dataDir);
  let opened: Database;
  try {
    opened = await openDatabase({
      databaseUrl: config.env.DATABASE_URL,
      dataDir: config.dataDir,
      connectTimeoutMs: config.env.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.env.DB_STATEMENT_TIMEOUT_MS,
    });
  } catch (err) {
    await lock?.release();
    throw err;
  }
  const database: Database = lock
    ? {
        ...opened,
        close: async () => {
          try {
            await opened.close();
          } finally {
            await lock.release();
          }
        },
      }
    : opened;
  try {
    // Uploads were once staged on disk here; one a crash left behind is never finished (they are staged
    // in memory now, modules/auth/licence-storage.ts), so the folder goes.
    const tmp = path.join(config.dataDir, 'uploads', 'tmp');
    if (existsSync(tmp)) {
      await rm(tmp, { recursive: true, force: true });
      log.info({ folder: tmp }, 'staged uploads left by an earlier run removed');
    }
    await holdingBootstrapLock(database, config.env.DATABASE_URL, log, async () => {
      await migrateDatabase(database);
      await ensureRoles(database.db);
      if (config.env.SEED_DEMO) {
        const { seeded } = await seedDemo(database.db, { now: new Date() });
        if (seeded) log.info('demo data loaded into the empty database');
      }
      const moved = await importLicenceFiles(database.db, path.join(config.dataDir, 'uploads'));
      if (moved > 0) log.info({ moved }, 'licence files moved into the database');
      if (config.env.ADMIN_EMAIL && config.env.ADMIN_PASSWORD) {
        const { created } = await ensurePlatformAdmin(database.db, {
          email: config.env.ADMIN_EMAIL,
          password: config.env.ADMIN_PASSWORD,
          name: config.env.ADMIN_NAME,
        });
        log.info(
          { email: config.env.ADMIN_EMAIL },
          created ? 'platform administrator created' : 'platform administrator updated',
        );
      }
    });
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * Runs work holding a session advisory lock. A session lock belongs to one connection, and the pool
 * would hand the unlock to another, so on PostgreSQL it is held on a connection of its own for the
 * whole bootstrap (drizzle's migrator opens its own transaction, so the work cannot sit inside one of
 * ours). PostgreSQL drops the lock with that connection, so a replica that dies half-way never blocks
 * the rest. PGlite is one connection in one process: the same SQL runs on it and simply succeeds.
 */
async function holdingBootstrapLock(
  database: Database,
  databaseUrl: string | undefined,
  log: Log,
  work: () => Promise<void>,
): Promise<void> {
  const session = await lockSession(database, databaseUrl);
  try {
    const [tried] = await session.rows<{ locked: boolean }>(
      `select pg_try_advisory_lock(${BOOTSTRAP_LOCK}) as locked`,
    );
    if (!tried?.locked) {
      log.info('another replica is preparing the database; waiting for it');
      await session.rows(`select pg_advisory_lock(${BOOTSTRAP_LOCK})`);
    }
    await work();
    await session.rows(`select pg_advisory_unlock(${BOOTSTRAP_LOCK})`);
  } finally {
    await session.end();
  }
}

interface LockSession {
  rows<T extends Record<string, unknown>>(text: string): Promise<T[]>;
  end(): Promise<void>;
}

async function lockSession(database: Database, databaseUrl: string | undefined): Promise<LockSession> {
  if (database.driver === 'pglite' || !databaseUrl) {
    return {
      rows: (text) => queryRows(database.db, sql.raw(text)),
      end: async () => undefined,
    };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  // An error on this idle connection (the server went away) surfaces as a failed query instead.
  client.on('error', () => undefined);
  await client.connect();
  return {
    rows: async <T extends Record<string, unknown>>(text: string) => (await client.query<T>(text)).rows,
    end: () => client.end(),
  };
}
