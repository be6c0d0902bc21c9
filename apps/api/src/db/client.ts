import os from 'node:os';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Client as PgClient, QueryResult } from 'pg';
import * as schema from './schema/index.ts';
import { withNamedStatements } from './named-statements.ts';

export type Schema = typeof schema;
/** The one database type the app is written against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'postgres' | 'pglite';
  /**
   * LISTENs on a channel until the returned stop is called. On PostgreSQL the listener has its own
   * connection, reopened with backoff when lost; onReconnect then says that notifications may have been
   * missed in between, so the caller catches up from the table.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Raw SQL for libraries that bring their own (the job queue, pg-boss): parameterised text with
   * values, or a script of several statements without, whose last statement's rows are answered.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onReconnect(): void;
  /** The connection was lost; notifications stop until onReconnect. */
  onLost?(err: Error): void;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder, used when no databaseUrl is given. */
  dataDir?: string;
  /** An already open PGlite instance (tests load a template copy into one). */
  pglite?: PGlite;
  /** How long opening a PostgreSQL connection may take (DB_CONNECT_TIMEOUT_MS); 5 s unless given. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL's statement_timeout on the pool's connections (DB_STATEMENT_TIMEOUT_MS); none unless
   * given, so the command-line loaders' long statements run to the end.
   */
  statementTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** PostgreSQL's numeric type (oid 1700), which both drivers would otherwise answer as text. */
export const NUMERIC_OID = 1700;

/**
 * Money is read one way (docs/architecture.md "Money"): a numeric column arrives as a JavaScript number
 * on both drivers, so repositories select money plain (no ::text or ::float8) and type it number, in
 * cedis. A numeric(14,2) has at most 14 significant digits and a double round-trips any 15, so the
 * number is the amount exactly as far as display and the wire go (the trade figures' numeric(16,2)
 * sums too, up to 2^53 pesewas, about GH₵90 trillion); arithmetic still happens in whole pesewas
 * (@aduro/shared/money). Only numeric changes: bigint (int8) stays text on node-postgres and a number
 * (a BigInt past 2^53) on PGlite, which is why counts are cast to int in SQL.
 */
export const parseNumeric = (text: string): number => Number(text);

/**
 * The PostgreSQL extensions the migrations create (`create extension`), which PGlite only has when they
 * are handed to it at open: pg_trgm for the catalogue's typo-tolerant search. Every PGlite instance the
 * app or a test opens passes these, a loaded copy of a dump included, since the dump holds the
 * extension's catalogue rows but not its code.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

/** The server each PostgreSQL database was opened on, for work that needs a connection of its own. */
const serverUrls = new WeakMap<Db, string>();

/** Opens node-postgres when a URL is given, otherwise embedded PGlite kept in dataDir. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // numeric as a number, see parseNumeric. Set on pg's process-wide registry, not as the pool's own
    // `types`: drizzle gives every query a `types` of its own (to keep dates as text) that falls back to
    // this registry, so a pool's types would never reach a drizzle query. bigint and date stay strings,
    // which drizzle's column modes map.
    pg.types.setTypeParser(NUMERIC_OID, parseNumeric);
    // A few connections per core: more only queue inside PostgreSQL and switch contexts (on this
    // 2-core machine 8 connections approve 220 orders/s where 20 managed 196, apps/api/bench/approvals.ts).
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // Each statement parsed and planned once per connection (db/named-statements.ts).
      Client: withNamedStatements(pg.Client),
      max: Math.max(4, os.availableParallelism() * 4),
      // A database that does not answer fails the request (503) instead of holding it.
      connectionTimeoutMillis: connectTimeoutMs,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      // Notices a failover or a pulled cable on a quiet connection.
      keepAlive: true,
    });
    // A connection can be lost at any time (server restart, failover, pg_terminate_backend). The pool
    // listens on idle clients only; a checked-out client with no listener would raise an uncaught error
    // and stop the process. Its query in flight, or its next one, fails instead (answered 503), and the
    // pool discards the broken client on release and opens new connections when the server is back.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL idle connection closed: ${err.message}`);
    });
    const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const url = options.databaseUrl;
    serverUrls.set(db, url);
    return {
      db,
      driver: 'postgres',
      listen: (channel, handlers) => listenWithReconnect(pg.Client, url, connectTimeoutMs, channel, handlers),
      executeSql: async (text, values) => {
        const result = (await pool.query(text, values)) as QueryResult | QueryResult[];
        return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let client = options.pglite;
  if (client) {
    // An instance the caller opened (tests load a template copy), with pgliteExtensions(), reads numeric
    // the same way. Each query's
    // own parsers (drizzle's, for dates) are merged over the instance's, so this one reaches them all.
    client.parsers[NUMERIC_OID] = parseNumeric;
  } else {
    const dir = path.join(path.resolve(options.dataDir ?? './data'), 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, {
      parsers: { [NUMERIC_OID]: parseNumeric },
      extensions: await pgliteExtensions(),
    });
  }
  const owned = client;
  const db = drizzle(owned, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // One embedded database in this process: its notifications cannot be lost to a dropped connection.
    listen: async (channel, handlers) => {
      const unlisten = await owned.listen(channel, handlers.onNotify);
      return async () => {
        if (!owned.closed) await unlisten();
      };
    },
    executeSql: async (text, values) => {
      // PGlite's query takes one statement; a script (no values) goes through exec.
      if (values && values.length > 0) return owned.query(text, values);
      return { rows: (await owned.exec(text)).at(-1)?.rows ?? [] };
    },
    close: () => owned.close(),
  };
}

type PgClientClass = typeof PgClient;

/**
 * A LISTEN connection that outlives PostgreSQL restarts and failovers: on an error or an end it waits
 * (100 ms, doubling to 5 s) and connects again, then reports the gap. pg's own Pool cannot hold a
 * LISTEN, since a pooled client is shared and released.
 */
async function listenWithReconnect(
  Client: PgClientClass,
  connectionString: string,
  connectTimeoutMs: number,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: InstanceType<PgClientClass> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = 100;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString, keepAlive: true, connectionTimeoutMillis: connectTimeoutMs });
    let lost = false;
    const onLost = (err: Error) => {
      if (lost || stopped) return;
      lost = true;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      handlers.onLost?.(err);
      schedule();
    };
    next.on('error', onLost);
    next.on('end', () => onLost(new Error('the listening connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    await next.connect();
    await next.query(`LISTEN ${quoted}`);
    client = next;
  };

  const schedule = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          delay = 100;
          handlers.onReconnect();
        },
        (err: Error) => {
          handlers.onLost?.(err);
          delay = Math.min(delay * 2, 5_000);
          schedule();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    if (current) await current.end().catch(() => undefined);
  };
}

/** Applies the committed drizzle-kit migrations. */
export async function migrateDatabase(database: Database): Promise<void> {
  const url = serverUrls.get(database.db);
  if (database.driver === 'postgres' && url) {
    // On a connection of its own, free of the pool's statement_timeout: a migration rewriting a large
    // table may rightly take longer than any request should.
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: DEFAULT_CONNECT_TIMEOUT_MS,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.end();
    }
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

/**
 * A PostgreSQL array literal ('{"a","b"}') for one parameter cast to an array type (`${pgArray(ids)}::uuid[]`).
 * Drizzle's sql template spreads a JavaScript array into one parameter per element, which `= any(...)`
 * cannot take; a literal is one text parameter on node-postgres and PGlite alike. Elements are quoted,
 * with quotes and backslashes escaped, so any text is safe.
 */
export const pgArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
