import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import { errorCode, isDatabaseUnavailable } from '../lib/errors.ts';

/** How a queue retries a failed job and how long finished ones are kept (decision 0011). */
export interface QueueOptions {
  /** Attempts after the first; 0 means one try. */
  retryLimit?: number;
  /** Seconds before the first retry; each later one waits about twice as long (with jitter). */
  retryDelaySeconds?: number;
  /** 'singleton': at most one job of the queue runs at a time, on any replica. */
  policy?: 'standard' | 'singleton';
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export interface Jobs {
  /** Declares a queue and runs `handler` for each of its jobs; a handler that throws is retried. */
  work<T extends object>(
    queue: string,
    options: QueueOptions,
    handler: (data: T, job: JobContext) => Promise<void>,
  ): Promise<void>;
  /**
   * Adds a job to a declared queue; answers its id. With `tx`, pg-boss's statement runs in that
   * transaction of ours, so the job commits with the change it follows, or not at all.
   */
  send<T extends object>(queue: string, data: T, options?: { tx?: Tx }): Promise<string>;
  /**
   * Sends a job to a declared queue on a cron schedule (UTC, Ghana's time all year). pg-boss keeps the
   * schedule in the database and sends each tick's job once, whichever replicas are up.
   */
  schedule(queue: string, cron: string): Promise<void>;
  /** The job as the queue keeps it: its state, attempts and, once failed, its error. */
  find(queue: string, id: string): Promise<StoredJob | null>;
}

export interface StoredJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  /** What the last failure threw ({ message, stack, ... }), or the handler's result. */
  output: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Failed jobs stay this long (with their error) for someone to look at; completed ones a day. */
const KEEP_FAILED_SECONDS = 14 * 24 * 3600;
const KEEP_COMPLETED_SECONDS = 24 * 3600;
/**
 * Archived jobs are deleted by pg-boss's own maintenance after this many days (its default is 7): two
 * weeks answer "was that e-mail sent?" for any complaint still fresh, and the archive stays bounded
 * (docs/decisions/0017-retention-windows.md).
 */
const KEEP_ARCHIVED_DAYS = 14;

/**
 * pg-boss's statements run in our transaction: its `$n` parameters become drizzle parameters, so a job
 * and the rows it follows from commit together.
 */
function inTx(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [sql.raw(parts[0]!)];
      for (let i = 1; i < parts.length; i += 2) {
        // drizzle leaves an undefined value out of the text altogether; pg-boss means SQL null by it.
        chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`, sql.raw(parts[i + 1]!));
      }
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * The two statements with which pg-boss records that a job has ended: completed, or failed (and so
 * queued again or kept as failed). pg-boss's worker runs them without awaiting them (manager.js,
 * `onFetch`), so a rejection there is unhandled and stops the process; they are recognised by their text,
 * taken from pg-boss's own plans for the default schema. jobs.api.test.ts pins that they are the ones a
 * worker runs, so an upgrade that changes them fails a test rather than the process.
 */
const settlingStatements: ReadonlySet<string> = (() => {
  const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  return new Set([plans.completeJobs('pgboss'), plans.failJobsById('pgboss')]);
})();

/** Waits between tries of a settling statement while the database is away: 0.25 s, doubling, to 5 s. */
const SETTLE_RETRY_MS = { first: 250, longest: 5_000 };

export interface JobsOptions {
  database: Database;
  /** How often each worker asks for work, in seconds (pg-boss's minimum is 0.5); 2 unless given. */
  pollingIntervalSeconds?: number;
}

/**
 * The job queue: pg-boss, inside this process, on the app's own database through its driver (PGlite
 * or node-postgres), so `npm start` needs nothing else and N replicas share one queue. pg-boss takes
 * jobs with SKIP LOCKED, so each runs on one replica; it keeps its own schema (`pgboss`), created and
 * migrated by pg-boss at start under its own advisory lock. Stopped gracefully with the server: active
 * jobs finish (up to 10 s) before the database closes.
 */
export default fp(
  async function jobs(app: FastifyInstance, opts: JobsOptions) {
    // pg-boss's stop() waits only for the jobs it already counts as in progress: a worker whose fetch
    // was in flight gets its jobs afterwards, runs them and marks them done or failed on a database
    // that is closing (an unhandled rejection inside pg-boss). So the plugin counts pg-boss's statements
    // and the job handlers still running, and on close waits for both to drain.
    let inFlight = 0;
    const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
      inFlight++;
      try {
        return await work();
      } finally {
        inFlight--;
      }
    };
    // Stops the settling retries when the server closes: the job is then left active, and pg-boss's
    // maintenance queues it again once its expiry passes (15 minutes), on whichever replica is up.
    const closing = new AbortController();

    /**
     * Records a job's end, trying again while the database is away (a restart, a stop, a killed
     * connection), like the change feed's reconnection: the handler's work is done (an e-mail sent), so
     * recording it once the database is back is what keeps it from running twice. Never rejects: pg-boss
     * does not await it. A try whose answer was lost after it committed is repeated: completing touches only
     * a job still active, so that is harmless; failing touches any job not yet ended, so the repeat may
     * count one attempt too many (it cannot run the job twice at once: the job waits its retry delay).
     */
    const settle = async (text: string, values: unknown[] | undefined) => {
      const queue = values?.[0];
      for (let attempt = 1; ; attempt++) {
        try {
          return await opts.database.executeSql(text, values);
        } catch (err) {
          if (!isDatabaseUnavailable(err) || closing.signal.aborted) {
            app.log.error(
              { err, queue },
              'job queue: a finished job could not be recorded; it runs again once its expiry passes',
            );
            // pg-boss reads the count of jobs the statement touched.
            return { rows: [{ count: '0' }] };
          }
          if (attempt === 1)
            app.log.warn(
              { err, queue },
              'job queue: the database is unavailable as a job finishes; recording it once the database is back',
            );
          const wait = Math.min(SETTLE_RETRY_MS.longest, SETTLE_RETRY_MS.first * 2 ** (attempt - 1));
          await sleep(wait, undefined, { signal: closing.signal }).catch(() => undefined);
        }
      }
    };

    const boss = new PgBoss({
      db: {
        executeSql: (text, values) =>
          tracked(() =>
            settlingStatements.has(text) ? settle(text, values) : opts.database.executeSql(text, values),
          ),
      },
      // Maintenance (expiring, archiving, deleting) runs on one replica at a time by pg-boss's lock.
      supervise: true,
      schedule: true,
      archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
      archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
      deleteAfterDays: KEEP_ARCHIVED_DAYS,
    });
    // pg-boss reports trouble in its background work (a lost connection while polling) as events; it
    // retries by itself, so they are logged, never thrown.
    boss.on('error', (err) => app.log.warn({ err }, 'job queue: background work failed; it will retry'));
    await boss.start();
    const polling = opts.pollingIntervalSeconds ?? 2;

    app.decorate('jobs', {
      async work(queue, options, handler) {
        const retryLimit = options.retryLimit ?? 5;
        const declare = () =>
          boss.createQueue(queue, {
            name: queue,
            policy: options.policy ?? 'standard',
            retryLimit,
            retryDelay: options.retryDelaySeconds ?? 30,
            retryBackoff: retryLimit > 0,
          });
        // Replicas starting at once declare the same queues at once, and pg-boss's create (a table
        // partition per queue) can deadlock or collide with another's; declaring is idempotent, so the
        // loser tries again (replicas.api.test.ts, three cold starts).
        for (let attempt = 1; ; attempt++) {
          try {
            await declare();
            // pg-boss counts the jobs waiting and to be retried (states before 'active').
            app.metrics?.readQueue(queue, () => boss.getQueueSize(queue));
            break;
          } catch (err) {
            const code = errorCode(err);
            if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw err;
            await sleep(Math.random() * 100 * attempt);
          }
        }
        let workerId = '';
        workerId = await boss.work(
          queue,
          { pollingIntervalSeconds: polling, batchSize: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            try {
              await tracked(() =>
                handler(job.data as Parameters<typeof handler>[0], {
                  id: job.id,
                  retryCount: job.retryCount,
                }),
              );
            } catch (err) {
              app.metrics?.jobFailed(queue, job.retryCount < retryLimit);
              throw err;
            } finally {
              // pg-boss waits a polling interval after every job; a queue with work waiting (ten
              // e-mails of one order) is drained one job after another instead, and the wait comes
              // once the queue is empty.
              boss.notifyWorker(workerId);
            }
          },
        );
      },
      async send(queue, data, options = {}) {
        const id = await boss.send(queue, data, options.tx ? { db: inTx(options.tx) } : {});
        if (id === null) throw new Error(`the job queue refused a job for ${queue}`);
        return id;
      },
      async schedule(queue, cron) {
        await boss.schedule(queue, cron, {}, { tz: 'UTC' });
      },
      async find(queue, id) {
        const job = await boss.getJobById(queue, id);
        if (!job) return null;
        return { id: job.id, state: job.state, retryCount: job.retryCount, output: job.output };
      },
    } satisfies Jobs);

    app.addHook('onClose', async () => {
      closing.abort();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      // A statement or a job that started as the queue stopped finishes before the database closes
      // (each turn of this loop is a timer, so a job fetched meanwhile has begun by the next check).
      for (const deadline = Date.now() + 10_000; inFlight > 0 && Date.now() < deadline;) await sleep(20);
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
