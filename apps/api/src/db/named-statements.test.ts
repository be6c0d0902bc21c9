import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { withNamedStatements } from './named-statements.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statements prepared once per connection (PostgreSQL)', () => {
  let client: pg.Client | undefined;

  async function connect(limit?: number) {
    const Client = withNamedStatements(pg.Client, limit);
    client = new Client({ connectionString: url });
    await client.connect();
    return client;
  }

  /** This connection's prepared statements (pg_prepared_statements is per session). */
  async function prepared(c: pg.Client) {
    const { rows } = await c.query<{ statement: string }>('select statement from pg_prepared_statements');
    return rows.map((r) => r.statement);
  }

  afterEach(async () => {
    await client?.end();
    client = undefined;
  });

  it('prepares a statement with parameters once and answers every call from it', async () => {
    const c = await connect();
    const answers = [];
    for (const n of [1, 2, 3]) answers.push((await c.query('select $1::int + 1 as n', [n])).rows[0].n);
    expect(answers).toEqual([2, 3, 4]);
    expect(await prepared(c)).toEqual(['select $1::int + 1 as n']);
  });

  it('names a config object with its values apart, as drizzle sends it', async () => {
    const c = await connect();
    const res = await c.query({ text: 'select $1::text as t', rowMode: 'array' }, ['x']);
    expect(res.rows).toEqual([['x']]);
    expect(await prepared(c)).toEqual(['select $1::text as t']);
  });

  it('sends a script without parameters unnamed, since several statements cannot be prepared', async () => {
    const c = await connect();
    await c.query('select 1; select 2');
    expect(await prepared(c)).toEqual([]);
  });

  it('stops naming new statements past its limit and still answers them', async () => {
    const c = await connect(2);
    for (const k of [1, 2, 3, 4]) {
      expect((await c.query(`select $1::int * ${k} as n`, [5])).rows[0].n).toBe(5 * k);
    }
    expect((await prepared(c)).length).toBe(2);
  });

  it('runs a named statement again after it failed inside a rolled-back transaction', async () => {
    const c = await connect();
    await c.query('begin');
    await expect(c.query('select 10 / $1::int as n', [0])).rejects.toThrow(/division by zero/);
    await c.query('rollback');
    expect((await c.query('select 10 / $1::int as n', [5])).rows[0].n).toBe(2);
  });
});
