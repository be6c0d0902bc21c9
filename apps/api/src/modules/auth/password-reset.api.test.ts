import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@aduro/shared/auth';
import { queryRows } from '../../db/client.ts';
import { startRelay } from '../../test/smtp-relay.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  // No SMTP_URL: each message lands as an .eml file under the test app's dataDir/mail.
  t = await createTestApp({ jobPollingSeconds: 0.5, env: { APP_URL: 'https://aduro.test' } });
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
const confirmReset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, userType: 'supplier' },
  });

/** Every message written so far, decoded from quoted-printable enough to read links and headers. */
async function mailbox(): Promise<string[]> {
  const folder = path.join(t.dataDir, 'mail');
  const files = await readdir(folder).catch(() => [] as string[]);
  const texts = await Promise.all(files.sort().map((f) => readFile(path.join(folder, f), 'utf8')));
  return texts.map((eml) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** Waits for the mail to `to` numbered `nth` (1-based) and answers the token its link carries. */
async function resetTokenMailedTo(to: string, nth = 1): Promise<string> {
  return vi.waitFor(
    async () => {
      const mails = (await mailbox()).filter((m) => m.includes(`To: ${to}`));
      const mail = mails[nth - 1];
      if (!mail) throw new Error(`no reset mail number ${nth} to ${to} yet`);
      const match = /https:\/\/aduro\.test\/reset-password\?token=([\w-]{43})/.exec(mail);
      if (!match) throw new Error('the mail carries no reset link');
      return match[1]!;
    },
    { timeout: 15_000, interval: 100 },
  );
}

const jobsDone = async () =>
  queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from pgboss.job where name = 'mail.password-reset' and state <> 'completed'`,
  );

describe('password reset', () => {
  it('an unknown e-mail answers the same 202 and sends nothing', async () => {
    const res = await requestReset('nobody@nowhere.test');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetRequested });
    // The job ran (so nothing is still to come) and wrote no mail.
    await vi.waitFor(async () => expect((await jobsDone())[0]!.n).toBe(0), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await mailbox()).toEqual([]);
  });

  it('a known e-mail gets a link whose token sets the new password and ends every session', async () => {
    const email = 'stock@tema-pharma.demo';
    const oldSession = await t.login(email, 'supplier');
    const res = await requestReset(email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.resetRequested });

    const token = await resetTokenMailedTo(email);
    // Only the hash is stored.
    const stored = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`select token_hash from password_reset_tokens`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);

    expect((await confirmReset(token, 'brand-new-pass')).statusCode).toBe(204);
    expect((await signIn(email, 'demo1234')).statusCode).toBe(401);
    expect((await signIn(email, 'brand-new-pass')).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: oldSession },
    });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    const events = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from events where type = 'account.sessions_ended'`,
    );
    expect(events[0]!.n).toBeGreaterThanOrEqual(1);

    // Single use.
    const again = await confirmReset(token, 'another-pass-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
      message: AUTH_MESSAGES.resetTokenInvalid,
    });
  });

  it('an expired token answers 400 RESET_TOKEN_INVALID and changes nothing', async () => {
    const email = 'dispatch@tema-pharma.demo';
    expect((await requestReset(email)).statusCode).toBe(202);
    const token = await resetTokenMailedTo(email);
    await t.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 minute' where used_at is null`,
    );
    const res = await confirmReset(token, 'brand-new-pass');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
      message: AUTH_MESSAGES.resetTokenInvalid,
    });
    expect((await signIn(email, 'demo1234')).statusCode).toBe(200);
  });

  it('an unknown token answers 400, and a password under 8 characters is refused', async () => {
    const unknown = await confirmReset('x'.repeat(43), 'brand-new-pass');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    const short = await confirmReset('x'.repeat(43), 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('the sixth request for one e-mail within the hour answers 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await requestReset('flood@nowhere.test')).statusCode).toBe(202);
    const res = await requestReset('flood@nowhere.test');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_RESET_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('password reset through an SMTP relay', () => {
  it('a relay refusing with 451 fails the job, which is retried, and the mail arrives later with a working link', async () => {
    const relay = await startRelay();
    // Refuses the first attempt only, as a relay briefly over its limits would.
    relay.refuseNext(1);
    const relayed = await createTestApp({
      jobPollingSeconds: 0.5,
      env: { APP_URL: 'https://aduro.test', SMTP_URL: relay.url },
    });
    try {
      const email = 'stock@tema-pharma.demo';
      const res = await relayed.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email },
      });
      expect(res.statusCode).toBe(202);
      // The first attempt is refused; the queue retries after its delay (10 s, with jitter).
      const token = await vi.waitFor(
        () => {
          const match = relay.received[0] && /reset-password\?token=([\w-]{43})/.exec(relay.received[0].text);
          if (!match) throw new Error('no reset mail yet');
          return match[1]!;
        },
        { timeout: 60_000, interval: 250 },
      );
      expect(relay.refusals()).toBe(1);
      // The refused attempt's token was deleted: only the delivered one is stored.
      const stored = await queryRows<{ n: number }>(
        relayed.database.db,
        sql`select count(*)::int as n from password_reset_tokens`,
      );
      expect(stored[0]!.n).toBe(1);
      const confirmed = await relayed.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        payload: { token, password: 'relayed-new-pass' },
      });
      expect(confirmed.statusCode).toBe(204);
      expect(relayed.serverErrors).toEqual([]);
    } finally {
      await relayed.close();
      await relay.close();
    }
  }, 90_000);
});
