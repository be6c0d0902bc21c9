import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { recordEvent } from '../modules/events/events.repository.ts';
import { testDriver } from '../test/databases.ts';
import { AUTH_SECRET, createTestApp, type TestApp } from '../test/harness.ts';
import { openSseStream, type SseStream } from '../test/sse.ts';
import { startRelay, type TestRelay } from '../test/smtp-relay.ts';
import errorsPlugin from './errors.ts';
import metricsPlugin from './metrics.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
const BEARER = `Bearer ${TOKEN}`;

/** Every figure docs/monitoring.md's alerts and panels are written against. */
const METRIC_NAMES = [
  'aduro_http_requests_total',
  'aduro_http_request_duration_seconds',
  'aduro_db_pool_connections',
  'aduro_db_statement_timeouts_total',
  'aduro_feed_lag_seconds',
  'aduro_event_stream_clients',
  'aduro_jobs_queued',
  'aduro_jobs_failed_total',
  'aduro_jobs_retried_total',
  'aduro_mail_sent_total',
  'aduro_mail_failed_total',
  'aduro_process_cpu_seconds_total',
  'aduro_process_resident_memory_bytes',
  'aduro_nodejs_heap_size_used_bytes',
  'aduro_nodejs_eventloop_lag_p99_seconds',
];

/**
 * The value of the sample `name` whose labels are exactly `labels`, read from the text format; undefined
 * when there is none.
 */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const found = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!found || found[1] !== name) continue;
    const got = Object.fromEntries(
      [...(found[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(got).length && wanted.every(([k, v]) => got[k] === v)) {
      return Number(found[3]);
    }
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A built web app, whose history fallback answers index.html for any other page.
    webDist = await mkdtemp(path.join(os.tmpdir(), 'aduro-metrics-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Aduro</title>');
    t = await createTestApp({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    expect(t.serverErrors).toEqual([]);
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it("answers 404, not the web app's page, with or without a bearer", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/customer/orders' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Aduro</title>');
    for (const headers of [{}, { authorization: BEARER }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.body).not.toContain('aduro_');
    }
    expect(t.app.metrics).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let relay: TestRelay;
  let base: string;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    relay = await startRelay();
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, SMTP_URL: relay.url }, jobPollingSeconds: 0.5 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    expect(t.serverErrors).toEqual([]);
    await t.close();
    await relay.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: BEARER } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('refuses 401 without a bearer, with a wrong one, or with another scheme', async () => {
    const wrong = [
      undefined,
      'Bearer ',
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}0`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ];
    for (const authorization of wrong) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(res.body).not.toContain('aduro_');
    }
  });

  it("serves Prometheus's text format listing every figure, for the token in any case of Bearer", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of METRIC_NAMES) expect(res.body).toMatch(new RegExp(`^# TYPE ${name} \\w+$`, 'm'));
  });

  it('reports the database pool: PGlite as its one connection, PostgreSQL as the pool counts', async () => {
    const text = await scrape();
    if (testDriver() === 'pglite') {
      expect(sample(text, 'aduro_db_pool_connections', { state: 'total' })).toBe(1);
    } else {
      expect(sample(text, 'aduro_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'aduro_db_pool_connections', { state: 'idle' })).toEqual(expect.any(Number));
    }
    expect(sample(text, 'aduro_db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it('counts a request under its route pattern, never its raw path, and not the scrapes themselves', async () => {
    const buyer = await t.login('buyer@accracare.demo', 'customer');
    const id = randomUUID();
    const before = await scrape();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: { authorization: buyer },
    });
    const labels = { method: 'GET', route: '/api/orders/:orderId', status: String(res.statusCode) };
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${id}` });

    const after = await scrape();
    expect(sample(after, 'aduro_http_requests_total', labels)).toBe(
      (sample(before, 'aduro_http_requests_total', labels) ?? 0) + 1,
    );
    expect(sample(after, 'aduro_http_request_duration_seconds_count', labels)).toBe(
      (sample(before, 'aduro_http_request_duration_seconds_count', labels) ?? 0) + 1,
    );
    expect(sample(after, 'aduro_http_requests_total', unmatched)).toBe(
      (sample(before, 'aduro_http_requests_total', unmatched) ?? 0) + 1,
    );
    expect(after).not.toContain(id);
    expect(after).not.toContain('route="/metrics"');
  });

  it('counts each message the relay accepts as sent and each it refuses as failed', async () => {
    const message = {
      to: 'buyer@accracare.demo',
      subject: 'Metrics',
      text: 'Counted.',
      html: '<p>Counted.</p>',
    };
    const before = await scrape();
    await t.app.mail.send(message);
    relay.refuseNext(1);
    await expect(t.app.mail.send(message)).rejects.toThrow();

    const after = await scrape();
    expect(sample(after, 'aduro_mail_sent_total')).toBe(sample(before, 'aduro_mail_sent_total')! + 1);
    expect(sample(after, 'aduro_mail_failed_total')).toBe(sample(before, 'aduro_mail_failed_total')! + 1);
  });

  it("counts a job's failed attempt as retried, its last as failed, and reports its queue's depth", async () => {
    const queue = 'metrics-test-failing';
    const series = { queue };
    await t.app.jobs.work(queue, { retryLimit: 1, retryDelaySeconds: 1 }, async () => {
      throw new Error('the relay is down');
    });
    // Declared and empty: the queue's figures are there from 0, so increase() sees the first failure.
    const declared = await scrape();
    expect(sample(declared, 'aduro_jobs_queued', series)).toBe(0);
    expect(sample(declared, 'aduro_jobs_failed_total', series)).toBe(0);
    expect(sample(declared, 'aduro_jobs_retried_total', series)).toBe(0);

    const id = await t.app.jobs.send(queue, {});
    await vi.waitFor(
      async () => {
        const job = await t.app.jobs.find(queue, id);
        if (job?.state !== 'failed') throw new Error(`job ${id} is ${job?.state ?? 'missing'}, not failed`);
      },
      { timeout: 60_000, interval: 100 },
    );
    const text = await scrape();
    expect(sample(text, 'aduro_jobs_retried_total', series)).toBe(1);
    expect(sample(text, 'aduro_jobs_failed_total', series)).toBe(1);
    expect(sample(text, 'aduro_jobs_queued', series)).toBe(0);
  });

  it('times the change feed from an event being recorded to this replica hearing it by NOTIFY', async () => {
    const count = (text: string) => sample(text, 'aduro_feed_lag_seconds_count') ?? 0;
    const before = count(await scrape());
    const orgs = await t.organisationIds();
    // Recorded outside the app's own transactions, so this process learns of it only by NOTIFY.
    await t.database.db.transaction((tx) =>
      recordEvent(tx, { type: 'staff.changed', orgIds: [orgs['Accra Medilink Importers']!] }),
    );
    await vi.waitFor(
      async () => {
        if (count(await scrape()) <= before) throw new Error('the event has not been heard yet');
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(sample(await scrape(), 'aduro_feed_lag_seconds_sum')).toBeGreaterThanOrEqual(0);
  });

  it('follows open live streams, and counts one the server ends without timing it', async () => {
    const clients = async () => sample(await scrape(), 'aduro_event_stream_clients');
    const streamLabels = { method: 'GET', route: '/api/events', status: '200' };
    expect(await clients()).toBe(0);
    const buyer = await t.login('buyer@accracare.demo', 'customer');
    const stream = await openSseStream(base, buyer);
    streams.push(stream);
    await stream.next('ready');
    expect(await clients()).toBe(1);

    // Signing out everywhere ends the stream from the server's side, which is when Fastify counts it.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: { authorization: buyer },
    });
    expect(out.statusCode).toBeLessThan(300);
    await stream.next('signed-out');
    await stream.ended;
    await vi.waitFor(
      async () => {
        const text = await scrape();
        if (sample(text, 'aduro_http_requests_total', streamLabels) !== 1) {
          throw new Error('the ended stream is not counted yet');
        }
      },
      { timeout: 10_000, interval: 50 },
    );
    const text = await scrape();
    expect(sample(text, 'aduro_event_stream_clients')).toBe(0);
    // A stream lasts as long as its client stays: its hours would drown the latency alert.
    expect(sample(text, 'aduro_http_request_duration_seconds_count', streamLabels)).toBeUndefined();
  });
});

describe('statement timeouts', () => {
  it('counts a statement cancelled by its timeout (57014), answered 503', async () => {
    const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET, METRICS_TOKEN: TOKEN, DATA_DIR: 'unused' });
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(metricsPlugin, { config });
    app.get('/slow', async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/slow' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: BEARER } }))
        .body;
      expect(sample(text, 'aduro_db_statement_timeouts_total')).toBe(1);
      expect(
        sample(text, 'aduro_http_requests_total', { method: 'GET', route: '/slow', status: '503' }),
      ).toBe(1);
    } finally {
      await app.close();
    }
  });
});
