import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@aduro/shared/auth';
import { LIVE_CONTROL } from '@aduro/shared/events';
import { queryRows } from '../../db/client.ts';
import { AUTH_SECRET, createTestApp, type TestApp } from '../../test/harness.ts';
import { openEventStream, type EventStream } from '../../test/replicas.ts';
import { recordEvent } from '../events/events.repository.ts';
import { signJwt } from '../../test/tokens.ts';
import { ensurePlatformAdmin } from './auth.service.ts';

let t: TestApp;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of streams) s.close();
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const SESSION_ENDED = { code: 'SESSION_EXPIRED', message: 'Your session has ended. Please sign in again.' };

const me = (authorization: string, app: FastifyInstance = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization, ...headers } });
const changePassword = (authorization: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password',
    headers: { authorization },
    payload: payload as object,
  });
const signOutEverywhere = (authorization: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: { authorization } });
const signIn = (email: string, userType: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, userType } });

async function account(email: string) {
  const [row] = await queryRows<{ id: string; orgId: string; version: number; hash: string }>(
    t.database.db,
    sql`select id, org_id as "orgId", session_version as version, password_hash as hash
        from users where email = ${email}`,
  );
  return row!;
}

async function sessionsEndedEvents(userId: string) {
  return queryRows<{ orgIds: string[]; refs: unknown; actorUserId: string | null; audience: string[] }>(
    t.database.db,
    sql`select org_ids as "orgIds", refs, actor_user_id as "actorUserId", audience from events
        where type = 'account.sessions_ended' and refs->>'userId' = ${userId} order by id`,
  );
}

describe('changing the password', () => {
  it('answers a wrong current password with 400 and a field error on currentPassword, and changes nothing', async () => {
    const email = 'stock@tema-pharma.demo';
    const before = await account(email);
    const caller = await t.login(email, 'supplier');
    const other = await t.login(email, 'supplier');

    const res = await changePassword(caller, {
      currentPassword: 'not-my-password',
      newPassword: 'fresh-pass-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: AUTH_MESSAGES.currentPasswordWrong,
      fieldErrors: { currentPassword: [AUTH_MESSAGES.currentPasswordWrong] },
    });

    expect((await me(caller)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect((await signIn(email, 'supplier', 'demo1234')).statusCode).toBe(200);
    const after = await account(email);
    expect(after.version).toBe(before.version);
    expect(after.hash).toBe(before.hash);
    expect(await sessionsEndedEvents(before.id)).toEqual([]);
  });

  it('refuses a new password under 8 characters, or the current one again, naming newPassword', async () => {
    const caller = await t.login('stock@tema-pharma.demo', 'supplier');
    const short = await changePassword(caller, { currentPassword: 'demo1234', newPassword: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ newPassword: [AUTH_MESSAGES.newPassword] });

    const same = await changePassword(caller, { currentPassword: 'demo1234', newPassword: 'demo1234' });
    expect(same.statusCode).toBe(400);
    expect(same.json().fieldErrors).toEqual({ newPassword: [AUTH_MESSAGES.newPasswordSame] });
    expect((await account('stock@tema-pharma.demo')).version).toBe(0);
  });

  it('refuses a caller without a token before reading the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it("answers a fresh token for this session; another session's token is refused on its next request", async () => {
    const email = 'dispatch@tema-pharma.demo';
    const { id, orgId } = await account(email);
    const caller = await t.login(email, 'supplier');
    const other = await t.login(email, 'supplier');
    // Both sessions are in the caches, as on a busy screen.
    expect((await me(caller)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);

    const res = await changePassword(caller, { currentPassword: 'demo1234', newPassword: 'dispatch-2027' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'expiresIn', 'tokenType']);
    expect(body.tokenType).toBe('Bearer');
    const fresh = `Bearer ${body.accessToken as string}`;

    const refused = await me(other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject(SESSION_ENDED);
    // The token this session held before is of the old version too; the fresh one replaces it.
    expect((await me(caller)).statusCode).toBe(401);
    const now = await me(fresh);
    expect(now.statusCode).toBe(200);
    expect(now.json()).not.toHaveProperty('sessionVersion');

    expect((await signIn(email, 'supplier', 'dispatch-2027')).statusCode).toBe(200);
    const old = await signIn(email, 'supplier', 'demo1234');
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('INVALID_CREDENTIALS');

    expect((await account(email)).version).toBe(1);
    expect(await sessionsEndedEvents(id)).toEqual([
      { orgIds: [orgId], audience: [], refs: { userId: id }, actorUserId: id },
    ]);
  });
});

describe('signing out everywhere', () => {
  it("ends the caller's session and every other one, with 204; signing in again works", async () => {
    const email = 'credit@tema-pharma.demo';
    const caller = await t.login(email, 'supplier');
    const other = await t.login(email, 'supplier');
    expect((await me(caller)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);

    const res = await signOutEverywhere(caller);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    for (const token of [caller, other]) {
      const refused = await me(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject(SESSION_ENDED);
    }
    const again = await t.login(email, 'supplier');
    expect((await me(again)).statusCode).toBe(200);
    expect(await sessionsEndedEvents((await account(email)).id)).toHaveLength(1);
  });
});

describe('resetting an administrator from the environment or the shell', () => {
  it('ends their sessions when the password differs, and nothing when the same one is given again at start', async () => {
    const email = 'admin@aduro.demo';
    const session = await t.login(email, 'platform');
    expect((await me(session)).statusCode).toBe(200);

    await ensurePlatformAdmin(t.database.db, { email, password: 'demo1234' });
    expect((await me(session)).statusCode).toBe(200);

    await ensurePlatformAdmin(t.database.db, { email, password: 'reset-pass-9' });
    expect((await me(session)).json()).toMatchObject(SESSION_ENDED);
    expect((await me(await t.login(email, 'platform', 'reset-pass-9'))).statusCode).toBe(200);
  });
});

describe('session versions on tokens', () => {
  it('keeps a token signed before versions existed (no ver) working as version 0 until the first change', async () => {
    const email = 'procurement@accracare.demo';
    const { id } = await account(email);
    const now = Math.floor(Date.now() / 1000);
    const legacy = `Bearer ${signJwt({ sub: id, iat: now, exp: now + 3600 }, AUTH_SECRET)}`;
    expect((await me(legacy)).statusCode).toBe(200);
    expect((await me(legacy)).statusCode).toBe(200);

    expect((await signOutEverywhere(await t.login(email, 'customer'))).statusCode).toBe(204);
    const refused = await me(legacy);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject(SESSION_ENDED);
  });

  it('refuses a token whose version is not a whole number from 0 up as not valid', async () => {
    const { id } = await account('buyer@anaji-family.demo');
    const now = Math.floor(Date.now() / 1000);
    for (const ver of [-1, 1.5, '0']) {
      const token = `Bearer ${signJwt({ sub: id, ver, iat: now, exp: now + 3600 }, AUTH_SECRET)}`;
      const res = await me(token);
      expect(res.statusCode, String(ver)).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('reads a user afresh for a token newer than the cached version, rather than refusing it', async () => {
    const email = 'buyer@kejetia-health.demo';
    const { id } = await account(email);
    const old = await t.login(email, 'customer');
    expect((await me(old)).statusCode).toBe(200);
    // Raised outside the server (as another replica's change would be before its event arrives here):
    // this process still holds version 0 in its cache.
    await t.database.db.execute(sql`update users set session_version = 1 where id = ${id}`);
    const now = Math.floor(Date.now() / 1000);
    const newer = `Bearer ${signJwt({ sub: id, ver: 1, iat: now, exp: now + 3600 }, AUTH_SECRET)}`;
    expect((await me(newer)).statusCode).toBe(200);
    // That read put version 1 in the cache: the old token is refused without waiting for the cache time.
    expect((await me(old)).json()).toMatchObject(SESSION_ENDED);
  });
});

describe('another replica on the same database', () => {
  it("refuses the other session's old token too, once it has heard the change", async () => {
    const replica = await t.replica();
    const email = 'admin@accra-medilink.demo';
    const caller = await t.login(email, 'supplier');
    const other = await t.login(email, 'supplier');
    // The replica has the user cached at version 0.
    expect((await me(other, replica)).statusCode).toBe(200);

    const res = await changePassword(caller, { currentPassword: 'demo1234', newPassword: 'medilink-2027' });
    expect(res.statusCode).toBe(200);
    const position = res.headers['aduro-position'];
    expect(typeof position).toBe('string');
    const fresh = `Bearer ${res.json().accessToken as string}`;

    // A request naming the write's position waits until the replica has applied its event (NOTIFY).
    const refused = await me(other, replica, { 'aduro-after': position as string });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject(SESSION_ENDED);
    expect((await me(fresh, replica)).statusCode).toBe(200);
  });
});

describe('the live stream of an ended session', () => {
  it("says signed-out (session-ended) and closes; colleagues never hear of the user's sessions", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const email = 'admin@tema-pharma.demo';
    const { orgId } = await account(email);
    const caller = await t.login(email, 'supplier');
    const other = await t.login(email, 'supplier');
    const ended = await openEventStream(base, other);
    const colleague = await openEventStream(base, await t.login('stock@tema-pharma.demo', 'supplier'));
    streams.push(ended, colleague);
    await ended.next((f) => f.event === LIVE_CONTROL.ready);
    await colleague.next((f) => f.event === LIVE_CONTROL.ready);

    const res = await changePassword(caller, { currentPassword: 'demo1234', newPassword: 'tema-admin-2027' });
    expect(res.statusCode).toBe(200);

    await ended.next((f) => f.event === 'account.sessions_ended');
    const last = await ended.next((f) => f.event === LIVE_CONTROL.signedOut);
    expect(last.data).toEqual({ reason: 'session-ended' });
    await expect(ended.next((f) => f.event === 'never', 10_000)).rejects.toThrow(/the stream ended first/);

    // A later event for the organisation reaches the colleague; the ended sessions never did.
    await t.database.db.transaction((tx) => recordEvent(tx, { type: 'staff.changed', orgIds: [orgId] }));
    await colleague.next((f) => f.event === 'staff.changed');
    expect(colleague.frames.map((f) => f.event)).not.toContain('account.sessions_ended');
  });
});
