import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

// numeric(14,2) money, a numeric(16,2) sum, an aggregate, null, and a bigint beyond 2^53.
const probe = sql`
  select 1629.00::numeric(14,2) as price, (-905.5)::numeric(14,2) as refund,
         999999999999.99::numeric(14,2) as largest, 12345678901234.56::numeric(16,2) as gmv,
         sum(x) as total, null::numeric as nothing, 9007199254740993::int8 as big, 7::int8 as count
  from (values (0.10::numeric(14,2)), (0.20)) v(x)`;

const MONEY = {
  price: 1629,
  refund: -905.5,
  largest: 999_999_999_999.99,
  gmv: 12_345_678_901_234.56,
  total: 0.3,
  nothing: null,
};

async function read(database: Database) {
  try {
    const [row] = await queryRows(database.db, probe);
    return row!;
  } finally {
    await database.close();
  }
}

describe('numeric columns arrive as numbers of cedis on both drivers', () => {
  it('PGlite handed in by the caller (the test copies): numeric as a number, bigint as before', async () => {
    const row = await read(await openDatabase({ pglite: await PGlite.create() }));
    expect(row).toMatchObject(MONEY);
    expect(row.big).toBe(9007199254740993n);
    expect(row.count).toBe(7);
  });

  it('PGlite opened on a data folder', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-numeric-'));
    try {
      expect(await read(await openDatabase({ dataDir }))).toMatchObject(MONEY);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('node-postgres: the parser reaches pg, and bigint keeps its text parser', async () => {
    const bigintBefore = pg.types.getTypeParser(20);
    // The pool connects lazily: opening it sets the parsers without a server.
    const database = await openDatabase({ databaseUrl: 'postgresql://aduro@127.0.0.1:1/aduro' });
    await database.close();
    expect(pg.types.getTypeParser(1700)('1629.00')).toBe(1629);
    expect(pg.types.getTypeParser(20)).toBe(bigintBefore);
    expect(pg.types.getTypeParser(20)('9007199254740993')).toBe('9007199254740993');
  });

  it.skipIf(!url)('node-postgres through drizzle, whose queries carry their own types', async () => {
    const row = await read(await openDatabase({ databaseUrl: url! }));
    expect(row).toMatchObject(MONEY);
    expect(row.big).toBe('9007199254740993');
    expect(row.count).toBe('7');
  });
});
