import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { adminUrl, openTestDatabase, testDriver } from '../test/databases.ts';
import dbPlugin from './db.ts';
import jobsPlugin from './jobs.ts';

/** A server with just the queue, on `database`; workers ask for work every half second. */
async function queueApp(database: Database): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(dbPlugin, { database });
  await app.register(jobsPlugin, { database, pollingIntervalSeconds: 0.5 });
  await app.ready();
  return app;
}

/** Waits on the job's state, never on a fixed time: retries wait seconds, and the machine may be loaded. */
const settled = (app: FastifyInstance, queue: string, id: string, state: 'completed' | 'failed') =>
  vi.waitFor(
    async () => {
      const job = await app.jobs.find(queue, id);
      if (job?.state !== state) throw new Error(`job ${id} is ${job?.state ?? 'missing'}, not ${state}`);
      return job;
    },
    { timeout: 60_000, interval: 100 },
  );

describe('the job queue, in the server process', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase({
      pglitePath: inject('pgliteTemplatePath'),
      postgres: inject('postgresTemplate'),
    });
    app = await queueApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('runs a job and retries a failing one until it succeeds', async () => {
    const attempts: number[] = [];
    await app.jobs.work<{ to: string }>(
      'test-retry',
      { retryLimit: 3, retryDelaySeconds: 1 },
      async (data, job) => {
        expect(data).toEqual({ to: 'ama@accracare.demo' });
        attempts.push(job.retryCount);
        if (attempts.length === 1) throw new Error('451 try again later');
      },
    );
    const id = await app.jobs.send('test-retry', { to: 'ama@accracare.demo' });
    const job = await settled(app, 'test-retry', id, 'completed');
    expect(attempts).toEqual([0, 1]);
    expect(job.retryCount).toBe(1);
  });

  it('keeps a job that keeps failing, with its error, once its retries are spent', async () => {
    let attempts = 0;
    await app.jobs.work('test-failing', { retryLimit: 1, retryDelaySeconds: 1 }, async () => {
      attempts += 1;
      throw new Error('550 mailbox unavailable');
    });
    const id = await app.jobs.send('test-failing', {});
    const job = await settled(app, 'test-failing', id, 'failed');
    expect(attempts).toBe(2);
    expect(job.output).toMatchObject({ message: '550 mailbox unavailable' });
  });
});

// pg-boss records a job's end (completed, or failed and queued again) in a statement its worker does not
// await: when the database is away at that moment, the rejection went unhandled and stopped the server.
describe('a job whose end is recorded while the database is away', () => {
  // pg-boss's two settling statements, told by their own text rather than by the plugin's list, so this
  // test also catches an upgrade that changes them.
  const settling =
    /SET completed_on = now\(\),\s+state = 'completed'|WITH deleted_jobs AS \(\s+DELETE FROM pgboss\.job/;
  let database: Database;
  let app: FastifyInstance;
  /** How many settling statements are still refused, as a connection reset by a restarting server. */
  let outage = 0;
  let refused = 0;
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    database = await openTestDatabase({
      pglitePath: inject('pgliteTemplatePath'),
      postgres: inject('postgresTemplate'),
    });
    const flaky: Database = {
      ...database,
      executeSql: async (text, values) => {
        if (outage > 0 && settling.test(text)) {
          outage -= 1;
          refused += 1;
          throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        }
        return database.executeSql(text, values);
      },
    };
    app = await queueApp(flaky);
    process.on('unhandledRejection', record);
  });
  afterAll(async () => {
    process.off('unhandledRejection', record);
    await app.close();
    await database.close();
  });

  it('records a finished job once the database answers again, and runs it once', async () => {
    let runs = 0;
    await app.jobs.work('test-complete-outage', { retryLimit: 3, retryDelaySeconds: 1 }, async () => {
      runs += 1;
      outage = 3;
    });
    const id = await app.jobs.send('test-complete-outage', {});
    const job = await settled(app, 'test-complete-outage', id, 'completed');
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(runs).toBe(1);
    expect(job.retryCount).toBe(0);
    expect(unhandled).toEqual([]);
  });

  it('records a failed job once the database answers again, and retries it', async () => {
    refused = 0;
    const attempts: number[] = [];
    await app.jobs.work('test-fail-outage', { retryLimit: 3, retryDelaySeconds: 1 }, async (_data, job) => {
      attempts.push(job.retryCount);
      if (attempts.length === 1) {
        outage = 3;
        throw new Error('451 try again later');
      }
    });
    const id = await app.jobs.send('test-fail-outage', {});
    const job = await settled(app, 'test-fail-outage', id, 'completed');
    expect(refused).toBe(3);
    expect(attempts).toEqual([0, 1]);
    expect(job.retryCount).toBe(1);
    expect(unhandled).toEqual([]);
  });
});

describe.skipIf(testDriver() !== 'postgres')('the job queue with two replicas (PostgreSQL)', () => {
  const name = `aduro_jobs_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/x');
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const replicas: { app: FastifyInstance; database: Database }[] = [];

  beforeAll(async () => {
    await admin(`create database ${name}`);
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: url.toString() });
      replicas.push({ app: await queueApp(database), database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of replicas) {
      await app.close();
      await database.close();
    }
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('runs each job on one replica only, both working the same queue', async () => {
    const ranBy = new Map<string, number[]>();
    // A replica drains a queue without pausing, so one alone could take all 30 before the other polls:
    // each job waits until both replicas hold one, which shows the two share the queue.
    const working = new Set<number>();
    let bothWorking!: () => void;
    const bothHaveWork = new Promise<void>((resolve) => (bothWorking = resolve));
    // Declared by both at once, as replicas starting together do: one may lose pg-boss's create and retry.
    await Promise.all(
      replicas.map(({ app }, index) =>
        app.jobs.work<{ n: number }>('test-once', { retryLimit: 0 }, async (_data, job) => {
          ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), index]);
          working.add(index);
          if (working.size === 2) bothWorking();
          await bothHaveWork;
        }),
      ),
    );
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, n) => replicas[n % 2]!.app.jobs.send('test-once', { n })),
    );
    await vi.waitFor(
      () => {
        if (ranBy.size < ids.length) throw new Error(`${ranBy.size} of ${ids.length} jobs ran`);
      },
      { timeout: 60_000, interval: 100 },
    );
    for (const id of ids) expect(ranBy.get(id)).toHaveLength(1);
    // Both replicas took work, so the test shows sharing rather than one replica doing it all.
    const byReplica = new Set([...ranBy.values()].map(([index]) => index));
    expect(byReplica.size).toBe(2);
  });
});
