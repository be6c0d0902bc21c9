import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EventType, FeedEvent } from '@aduro/shared/events';
import { inTransaction } from '../lib/transaction.ts';
import {
  claimUndispatched,
  findEvents,
  markAllDispatched,
  markDispatched,
} from '../modules/events/events.repository.ts';
import type { JobContext, QueueOptions } from './jobs.ts';

export interface EventJobs {
  /**
   * Runs `handler` once for each event of `types` committed from now on, as a job of the queue
   * `event.<name>` (retried as `options` say). A handler may run twice for one event after a crash, so
   * it must be idempotent by the event's id (decision 0011).
   */
  consume(
    name: string,
    types: readonly EventType[],
    handler: (event: FeedEvent, job: JobContext) => Promise<void>,
    options?: QueueOptions,
  ): Promise<void>;
  /** Sends the jobs of every event not dispatched yet; answers how many events it took. */
  dispatch(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventJobs: EventJobs;
  }
}

const BATCH = 200;
/** A sweep for events whose wake-up was missed (every replica down when they committed, a failed batch). */
const SWEEP_MS = 30_000;

/**
 * From the change feed to jobs: the events table is the outbox. Each replica, woken by the feed and by a
 * sweep, claims undispatched events (SKIP LOCKED), sends one job per event and consumer in the same
 * transaction, and marks them dispatched; so each event becomes each consumer's job exactly once.
 */
export default fp(
  async function eventJobs(app: FastifyInstance) {
    const consumers = new Map<string, ReadonlySet<EventType>>();
    /** Every type some consumer asks for. */
    const wanted = new Set<EventType>();
    let running: Promise<number> | null = null;
    let again = false;
    let closed = false;

    async function dispatchBatch(): Promise<number> {
      // No consumer in this version: the sweep marks what piled up, in one statement, so a consumer
      // added by a later version starts from its own deployment rather than replaying the past.
      if (consumers.size === 0) return markAllDispatched(app.db, BATCH * 10);
      return inTransaction(app.db, async (tx) => {
        const events = await claimUndispatched(tx, BATCH);
        for (const event of events) {
          for (const [name, types] of consumers) {
            if (types.has(event.type)) await app.jobs.send(`event.${name}`, { eventId: event.id }, { tx });
          }
        }
        await markDispatched(
          tx,
          events.map((e) => e.id),
        );
        return events.length;
      });
    }

    // One dispatch at a time in this process; a wake-up during one runs another after it.
    function dispatch(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        do {
          again = false;
          let taken: number;
          do {
            taken = await dispatchBatch();
            total += taken;
          } while (taken === BATCH && !closed);
        } while (again && !closed);
        return total;
      })().finally(() => {
        running = null;
      });
      return running;
    }

    const run = () => {
      if (closed) return;
      dispatch().catch((err: unknown) =>
        app.log.warn({ err }, 'event jobs: dispatch failed; the next event or sweep tries again'),
      );
    };
    // An event wakes the dispatcher only when a consumer wants its type: a stock count, the market's
    // most frequent write, then costs nothing more; the events nobody wants are marked by the next
    // dispatch or the sweep, in batches.
    app.feed.subscribe((event) => {
      if (wanted.has(event.type)) run();
    });
    app.feed.onResync(() => {
      if (consumers.size > 0) run();
    });
    const sweep = setInterval(run, SWEEP_MS);
    sweep.unref();

    app.decorate('eventJobs', {
      async consume(name, types, handler, options = {}) {
        consumers.set(name, new Set(types));
        for (const type of types) wanted.add(type);
        await app.jobs.work<{ eventId: number }>(`event.${name}`, options, async ({ eventId }, job) => {
          const [event] = await findEvents(app.db, [eventId]);
          // Events are kept, so a missing one was deleted on purpose: nothing is left to do.
          if (event) await handler(event, job);
        });
      },
      dispatch,
    } satisfies EventJobs);

    app.addHook('preClose', async () => {
      closed = true;
      clearInterval(sweep);
      await running?.catch(() => 0);
    });
  },
  { name: 'event-jobs', dependencies: ['db', 'jobs', 'feed'] },
);
