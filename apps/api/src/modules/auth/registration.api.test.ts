import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { openTestDatabase, tempDataDir } from '../../test/databases.ts';
import { PDF_BYTES, supplierForm } from '../../test/files.ts';
import { AUTH_SECRET, createTestApp, type TestApp } from '../../test/harness.ts';
import { RegistrationLimiter } from './registration-limiter.ts';

const customer = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  password: 'secret123',
  name: 'Abena Owusu',
  userType: 'customer',
  ...over,
});

describe('registrations per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    expect(t.serverErrors).toEqual([]);
    await t.close();
  });

  const register = (remoteAddress: string, payload: object, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload,
    });

  it('allows 10 an hour from one address, then answers 429 with the wait and Retry-After', async () => {
    const address = '192.0.2.71';
    // Forms refused for their fields do not count: a person fixing a typo is not held back.
    for (let i = 0; i < 3; i++) {
      expect((await register(address, customer(`typo-${i}@limit.test`, { password: '1' }))).statusCode).toBe(
        400,
      );
    }
    for (let i = 0; i < 10; i++) {
      const res = await register(address, customer(`pharmacy-${i}@limit.test`));
      expect(res.statusCode, res.body).toBe(201);
    }
    const blocked = await register(address, customer('pharmacy-10@limit.test'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many registrations from your network\. Try again in \d+ minutes\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60 * 50);
    expect(blocked.json().retryAfterSeconds).toBe(Number(blocked.headers['retry-after']));
    // Blocked before the form is read: even a broken form gets the 429.
    expect((await register(address, customer('x@limit.test', { password: '1' }))).statusCode).toBe(429);
    const created = await queryRows(
      t.database.db,
      sql`select 1 from users where lower(email) = 'pharmacy-10@limit.test'`,
    );
    expect(created).toHaveLength(0);

    // Another address registers as before, and every replica on the database sees the count.
    expect((await register('192.0.2.72', customer('other-desk@limit.test'))).statusCode).toBe(201);
    const replica = new RegistrationLimiter(t.database.db);
    await expect(replica.assertAllowed(address)).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(replica.assertAllowed('192.0.2.72')).resolves.toBeUndefined();
  });

  it('counts each registration once, however many arrive at once', async () => {
    const limiter = new RegistrationLimiter(t.database.db, { perAddress: 3 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => limiter.consume('192.0.2.73')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: 'rate_limited' });
    }
  });

  it('counts the client behind a trusted balancer (TRUST_PROXY), not the balancer', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    try {
      const limiter = new RegistrationLimiter(proxied.database.db);
      for (let i = 0; i < 10; i++) await limiter.consume('198.51.100.7');
      const via = (client: string, email: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': client },
          payload: customer(email),
        });
      expect((await via('198.51.100.7', 'behind-1@limit.test')).statusCode).toBe(429);
      expect((await via('198.51.100.8', 'behind-2@limit.test')).statusCode).toBe(201);
      expect(proxied.serverErrors).toEqual([]);
    } finally {
      await proxied.close();
    }
  });
});

describe('secrets in the log', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  const log = () => lines.join('');

  beforeAll(async () => {
    database = await openTestDatabase({
      pglitePath: inject('pgliteTemplatePath'),
      postgres: inject('postgresTemplate'),
    });
    dataDir = tempDataDir();
    // Inserts that fail inside the database after the password is hashed: a user named so, and a licence
    // file of exactly PDF_BYTES' size.
    await database.db.execute(
      sql.raw(`alter table users add constraint log_test_refused check (name <> 'Refused By Test')`),
    );
    await database.db.execute(
      sql.raw(
        `alter table licence_files add constraint log_test_licence check (size_bytes <> ${PDF_BYTES.length})`,
      ),
    );
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        AUTH_SECRET,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      }),
      database,
      logger: { level: 'info', stream },
      loginLimits: { perEmail: 1000, perAddress: 1000 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('logs a registration that fails in the database without its password or hash', async () => {
    const password = 'Sup3r-Secret-Pass!';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: customer('refused@log.test', { password, name: 'Refused By Test' }),
    });
    expect(res.statusCode).toBe(500);
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    // The failure is logged, with its statement, so it can still be diagnosed...
    expect(failure?.err?.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure.err.message).toContain('params: [redacted]');
    expect(failure.err.message).toContain('log_test_refused');
    expect(failure.err.params).toBeUndefined();
    // ...but neither the password, nor its hash, nor the e-mail's row values appear anywhere.
    expect(log()).not.toContain(password);
    expect(log()).not.toContain('$argon2');
    expect(log()).not.toContain('refused@log.test');
  });

  it("logs a supplier registration whose licence fails to store without the licence's bytes", async () => {
    const form = supplierForm({ email: 'licence@log.test', password: 'Another-Secret-9' });
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode).toBe(500);
    expect(log()).toContain('log_test_licence');
    expect(log()).not.toContain('%PDF');
    expect(log()).not.toContain('Another-Secret-9');
    expect(log()).not.toContain('$argon2');
  });

  it('redacts passwords, hashes, tokens and licence content by their field names', () => {
    const before = lines.length;
    app.log.info(
      {
        password: 'pw-top',
        body: { password: 'pw-nested', passwordHash: 'hash-1', token: 'tok-1' },
        row: { password_hash: 'hash-2', accessToken: 'tok-2', resetToken: 'tok-3' },
        authorization: 'Bearer tok-4',
        licence: { content: 'bytes-1' },
      },
      'secrets',
    );
    const line = lines.slice(before).join('');
    for (const secret of [
      'pw-top',
      'pw-nested',
      'hash-1',
      'hash-2',
      'tok-1',
      'tok-2',
      'tok-3',
      'tok-4',
      'bytes-1',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[redacted]');
  });
});
