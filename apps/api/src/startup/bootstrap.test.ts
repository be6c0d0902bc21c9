import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildLicencePdf } from './seed/licence-pdf.ts';
import { DEMO_ACCOUNTS } from './seed/demo.ts';
import { DEMO_CUSTOMERS, DEMO_SUPPLIERS } from './seed/organisations.ts';
import { prepareDatabase } from './bootstrap.ts';
import { migrationsFolder, queryRows, type Database } from '../db/client.ts';
import { licenceFiles, organizations } from '../db/schema/index.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bootstrap-'));
  dirs.push(dir);
  return dir;
}

const quiet = { info: () => undefined };
const journalEntries = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe('start-up on PGlite', () => {
  it('moves a licence file left in DATA_DIR/uploads into the database, once, and removes the file', async () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'true' });
    let database: Database = await prepareDatabase(config, quiet);
    const [northstar] = await database.db
      .select({ id: organizations.id, key: organizations.licenceStorageKey })
      .from(organizations)
      .where(eq(organizations.name, 'Northstar Medical Imports'));
    const key = northstar!.key!;
    // As an earlier version left it: the organisation names the key, the file sits on disk, no row.
    await database.db.delete(licenceFiles).where(eq(licenceFiles.key, key));
    const bytes = buildLicencePdf('Left on disk', ['by an earlier version']);
    const file = path.join(dir, 'uploads', ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    await database.close();

    database = await prepareDatabase(config, quiet);
    try {
      const rows = await database.db.select().from(licenceFiles).where(eq(licenceFiles.key, key));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.orgId).toBe(northstar!.id);
      expect(rows[0]!.sizeBytes).toBe(bytes.length);
      expect(rows[0]!.content.equals(bytes)).toBe(true);
      expect(existsSync(file)).toBe(false);
    } finally {
      await database.close();
    }

    // A second start finds nothing to move and changes nothing.
    database = await prepareDatabase(config, quiet);
    try {
      const [row] = await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from licence_files`,
      );
      // Every supplier's licence and every buyer's (issue 32).
      expect(row?.count).toBe(DEMO_SUPPLIERS.length + DEMO_CUSTOMERS.length);
    } finally {
      await database.close();
    }
  }, 120_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('start-up of several replicas at once (PostgreSQL)', () => {
  async function admin(statement: string) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** A new empty database for one test, dropped afterwards whatever happens. */
  async function withEmptyDatabase(run: (url: URL) => Promise<void>) {
    const name = `aduro_boot_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    try {
      await run(url);
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  }

  it('migrates and seeds an empty database exactly once when three replicas start together', async () => {
    await withEmptyDatabase(async (url) => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: url.toString(),
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'true',
      });
      const replicas = await Promise.all([1, 2, 3].map(() => prepareDatabase(config, quiet)));
      try {
        const db = replicas[0]!.db;
        const count = async (query: SQL) => (await queryRows<{ n: number }>(db, query))[0]?.n;
        expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(
          journalEntries,
        );
        // The platform's own organisation, then the demo's suppliers and customers, each once.
        expect(await count(sql`select count(*)::int as n from organizations`)).toBe(
          1 + DEMO_SUPPLIERS.length + DEMO_CUSTOMERS.length,
        );
        expect(await count(sql`select count(*)::int as n from users`)).toBe(DEMO_ACCOUNTS.length);
        expect(await count(sql`select count(*)::int as n from licence_files`)).toBe(
          DEMO_SUPPLIERS.length + DEMO_CUSTOMERS.length,
        );
        // The lock was let go: a fourth start does not wait for it.
        const later = await prepareDatabase(config, quiet);
        await later.close();
      } finally {
        await Promise.all(replicas.map((r) => r.close()));
      }
    });
  }, 120_000);

  it('holds every pooled query to DB_STATEMENT_TIMEOUT_MS, so a frozen query ends instead of a request hanging', async () => {
    await withEmptyDatabase(async (url) => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: url.toString(),
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        DB_STATEMENT_TIMEOUT_MS: '300',
      });
      const database = await prepareDatabase(config, quiet);
      try {
        const failure = await database.db.execute(sql`select pg_sleep(3)`).then(
          () => null,
          (err: unknown) => err,
        );
        // drizzle wraps the driver's error; PostgreSQL's code for a cancelled statement is 57014.
        const codeOf = (err: unknown): string | undefined =>
          err && typeof err === 'object'
            ? ((err as { code?: string }).code ?? codeOf((err as { cause?: unknown }).cause))
            : undefined;
        expect(codeOf(failure)).toBe('57014');
        // The connection stays usable for the next query.
        expect(await queryRows<{ one: number }>(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
    });
  }, 60_000);
});
