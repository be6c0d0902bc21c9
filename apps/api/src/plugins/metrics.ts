import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.ts';
import { notFound, unauthenticated } from '../lib/errors.ts';

/** The PostgreSQL pool's connections as the pool counts them; PGlite has one and never queues. */
export interface PoolUse {
  total: number;
  idle?: number;
  waiting: number;
}

/**
 * What the rest of the server reports, in its own words: plain calls, so the mailer, the feed and the
 * queue know nothing of Prometheus. The `read…` calls hand over a function called at scrape time, for
 * values that are cheaper to read when asked than to keep up to date.
 */
export interface Metrics {
  mailSent(): void;
  mailFailed(): void;
  /** A statement cancelled by DB_STATEMENT_TIMEOUT_MS (SQLSTATE 57014) and answered 503. */
  statementTimedOut(): void;
  /** An event of the change feed heard by NOTIFY; `at` is when it was recorded (ISO 8601). */
  feedHeard(at: string): void;
  /** A job's handler threw: with `willRetry`, the queue tries it again; without, the job has failed. */
  jobFailed(queue: string, willRetry: boolean): void;
  readPool(read: () => PoolUse): void;
  /** A queue this process works, and how to read its jobs waiting to run or to be retried. */
  readQueue(queue: string, size: () => Promise<number>): void;
  readStreamClients(read: () => number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Absent when METRICS_TOKEN is unset (nothing is counted then) and in servers a test builds of a few
     * plugins, hence the `app.metrics?.` at each place that reports.
     */
    metrics?: Metrics;
  }
}

export const METRICS_PATH = '/metrics';

// From 5 ms (a cached read) to 10 s (past which REQUEST_TIMEOUT_MS is near): the p99 alert at 1 s falls
// on a bucket boundary.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// The feed is normally a few milliseconds behind; the alert is at 5 s, and a replica catching up after a
// lost connection can be a minute behind.
const FEED_LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics in Prometheus's text format (prom-client), for each replica to be scraped on its own
 * (docs/monitoring.md). Off unless METRICS_TOKEN is set, and then only for `Authorization: Bearer
 * <token>`: the figures name routes and queues, which are nobody else's business. Each app has its own
 * registry, never prom-client's global one, since tests build many apps in one process.
 */
export default fp(
  async function metrics(app: FastifyInstance, opts: { config: Config }) {
    const token = opts.config.env.METRICS_TOKEN;
    const route = { schema: { hide: true } } as const;
    if (token === undefined) {
      // Declared all the same, so the web app's history fallback does not answer it with index.html.
      app.get(METRICS_PATH, route, async (request) => {
        throw notFound('NOT_FOUND', `No route matches ${request.method} ${METRICS_PATH}`);
      });
      return;
    }

    const register = new Registry();
    // The process's own figures (CPU, memory, heap, event-loop delay, GC), read at scrape time.
    collectDefaultMetrics({ register, prefix: 'aduro_' });

    const requests = new Counter({
      name: 'aduro_http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [register],
    });
    const durations = new Histogram({
      name: 'aduro_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: REQUEST_BUCKETS,
      registers: [register],
    });
    const statementTimeouts = new Counter({
      name: 'aduro_db_statement_timeouts_total',
      help: 'Statements cancelled by DB_STATEMENT_TIMEOUT_MS, each answered 503',
      registers: [register],
    });
    const feedLag = new Histogram({
      name: 'aduro_feed_lag_seconds',
      help: 'From recording a change-feed event to this replica hearing it by NOTIFY',
      buckets: FEED_LAG_BUCKETS,
      registers: [register],
    });
    const jobsFailed = new Counter({
      name: 'aduro_jobs_failed_total',
      help: 'Jobs whose last attempt failed, by queue (kept 14 days as failed)',
      labelNames: ['queue'] as const,
      registers: [register],
    });
    const jobsRetried = new Counter({
      name: 'aduro_jobs_retried_total',
      help: 'Failed attempts the queue tries again, by queue',
      labelNames: ['queue'] as const,
      registers: [register],
    });
    const mailSent = new Counter({
      name: 'aduro_mail_sent_total',
      help: 'Messages the relay accepted (or, without SMTP_URL, written to DATA_DIR/mail)',
      registers: [register],
    });
    const mailFailed = new Counter({
      name: 'aduro_mail_failed_total',
      help: 'Messages the relay refused or could not be reached for; their jobs retry',
      registers: [register],
    });

    let readPool: () => PoolUse = () => ({ total: 0, waiting: 0 });
    const queues = new Map<string, () => Promise<number>>();
    let readStreamClients: () => number = () => 0;

    new Gauge({
      name: 'aduro_db_pool_connections',
      help: 'Database connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const use = readPool();
        this.set({ state: 'total' }, use.total);
        if (use.idle !== undefined) this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Gauge({
      name: 'aduro_event_stream_clients',
      help: 'Live event streams (GET /api/events) open on this replica',
      registers: [register],
      collect() {
        this.set(readStreamClients());
      },
    });
    new Gauge({
      name: 'aduro_jobs_queued',
      help: 'Jobs waiting to run or to be retried, by queue (the queue is shared by every replica)',
      labelNames: ['queue'] as const,
      registers: [register],
      async collect() {
        this.reset();
        try {
          const sizes = await Promise.all(
            [...queues].map(async ([queue, size]) => [queue, await size()] as const),
          );
          for (const [queue, size] of sizes) this.set({ queue }, size);
        } catch (err) {
          // The database away: the other figures still go out, and this one is missing rather than stale.
          app.log.warn({ err }, 'metrics: the job queue could not be read');
        }
      },
    });

    app.decorate('metrics', {
      mailSent: () => mailSent.inc(),
      mailFailed: () => mailFailed.inc(),
      statementTimedOut: () => statementTimeouts.inc(),
      feedHeard(at) {
        const recorded = Date.parse(at);
        // Clocks of replicas and database differ by a little: a lag below zero is none.
        if (Number.isFinite(recorded)) feedLag.observe(Math.max(0, (Date.now() - recorded) / 1000));
      },
      jobFailed(queue, willRetry) {
        (willRetry ? jobsRetried : jobsFailed).inc({ queue });
      },
      readPool(read) {
        readPool = read;
      },
      readQueue(queue, size) {
        queues.set(queue, size);
        // Its counters start at 0, so `increase()` sees the first failure too.
        jobsFailed.inc({ queue }, 0);
        jobsRetried.inc({ queue }, 0);
      },
      readStreamClients(read) {
        readStreamClients = read;
      },
    } satisfies Metrics);

    // A hijacked answer (the live stream) skips onSend and lasts as long as the client stays: it is counted
    // but kept out of the durations, where hours-long streams would drown the latency alert.
    const answered = new WeakSet<FastifyRequest>();
    app.addHook('onSend', (request, _reply, payload, done) => {
      answered.add(request);
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const pattern = request.is404 ? undefined : request.routeOptions.url;
      if (pattern === METRICS_PATH) return done();
      // The pattern, never the raw URL: one series per route, whatever ids and junk paths are asked for.
      const labels = {
        method: request.method,
        route: pattern ?? 'unmatched',
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      if (answered.has(request)) durations.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    const expected = sha256(token);
    app.get(METRICS_PATH, route, async (request, reply) => {
      const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
      // Digests of both, so the comparison takes the same time whatever the length or the first wrong byte.
      if (!match || !timingSafeEqual(sha256(match[1]!), expected)) {
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthenticated('UNAUTHENTICATED', 'Send the metrics token as Authorization: Bearer <token>.');
      }
      void reply.header('content-type', register.contentType).header('cache-control', 'no-store');
      return register.metrics();
    });
  },
  { name: 'metrics' },
);
