import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, LICENCE_MAX_BYTES } from '@aduro/shared/auth';
import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import { queryRows } from '../../db/client.ts';
import { DEMO_ACCOUNTS } from '../../startup/seed/demo.ts';
import { AUTH_SECRET, createTestApp, type TestApp } from '../../test/harness.ts';
import { fileBlob, PDF_BYTES, PNG_BYTES, supplierForm, TEXT_BYTES } from '../../test/files.ts';
import { signJwt } from '../../test/tokens.ts';
import { FORM_MESSAGES } from './auth.routes.ts';
import { ensurePlatformAdmin } from './auth.service.ts';
import { LoginLimiter } from './login-limiter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });
const me = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authorization ? { authorization } : {} });

describe('sign-in', () => {
  it('signs in every demo account and returns a token for its user type', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await post('/api/auth/login', {
        email: account.email,
        password: account.password,
        userType: account.userType,
      });
      expect(res.statusCode, account.email).toBe(200);
      const body = res.json();
      expect(body.tokenType).toBe('Bearer');
      expect(body.accessToken.split('.')).toHaveLength(3);
      expect(body.user.userType).toBe(account.userType);
      expect(body.user.email.toLowerCase()).toBe(account.email.toLowerCase());
    }
  });

  it('accepts the e-mail in any case', async () => {
    const account = DEMO_ACCOUNTS.find((a: (typeof DEMO_ACCOUNTS)[number]) => a.userType === 'customer')!;
    const res = await post('/api/auth/login', { ...account, email: account.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail, whatever the user type', async () => {
    const account = DEMO_ACCOUNTS.find((a: (typeof DEMO_ACCOUNTS)[number]) => a.userType === 'supplier')!;
    const attempts = [
      { email: account.email, password: 'wrong-password', userType: 'supplier' },
      // A wrong password with the wrong type must not reveal the account's type.
      { email: account.email, password: 'wrong-password', userType: 'customer' },
      { email: 'nobody@nowhere.test', password: 'demo1234', userType: 'supplier' },
    ];
    for (const payload of attempts) {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      expect(res.json().details).toBeUndefined();
    }
  });

  it('names the account type to choose when the password is right but the type is not', async () => {
    const cases = [
      {
        userType: 'supplier',
        chosen: 'customer',
        message: 'This is a supplier account. Choose Supplier to sign in.',
      },
      {
        userType: 'customer',
        chosen: 'supplier',
        message: 'This is a customer account. Choose Customer to sign in.',
      },
      {
        userType: 'platform',
        chosen: 'customer',
        message: 'This is a platform account. Choose Platform to sign in.',
      },
    ] as const;
    for (const { userType, chosen, message } of cases) {
      const account = DEMO_ACCOUNTS.find((a: (typeof DEMO_ACCOUNTS)[number]) => a.userType === userType)!;
      const res = await post('/api/auth/login', {
        email: account.email,
        password: account.password,
        userType: chosen,
      });
      expect(res.statusCode, userType).toBe(401);
      expect(res.json()).toEqual({
        code: 'WRONG_ACCOUNT_TYPE',
        kind: 'unauthenticated',
        message,
        details: { accountType: userType },
      });
      expect(res.json().accessToken).toBeUndefined();
    }
  });

  it('rejects malformed JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('names every missing or wrong-typed field with the SPEC messages', async () => {
    const res = await post('/api/auth/login', { email: 42, password: ['x'] });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fieldErrors.email).toEqual([AUTH_MESSAGES.email]);
    expect(body.fieldErrors.password).toEqual([AUTH_MESSAGES.password]);
    expect(body.fieldErrors.userType).toEqual([AUTH_MESSAGES.userType]);
  });

  it('rejects an unknown user type, a short password and over-long strings', async () => {
    const unknownType = await post('/api/auth/login', {
      email: 'a@b.co',
      password: 'secret1',
      userType: 'admin',
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().message).toBe(AUTH_MESSAGES.userType);

    const short = await post('/api/auth/login', { email: 'a@b.co', password: '123', userType: 'customer' });
    expect(short.json().message).toBe('Password must be at least 6 characters');

    const longEmail = await post('/api/auth/login', {
      email: `${'a'.repeat(300)}@b.co`,
      password: 'secret1',
      userType: 'customer',
    });
    expect(longEmail.statusCode).toBe(400);
    const longPassword = await post('/api/auth/login', {
      email: 'a@b.co',
      password: 'x'.repeat(500),
      userType: 'customer',
    });
    expect(longPassword.statusCode).toBe(400);
    expect(longPassword.json().message).toMatch(/at most 128/);
  });

  it('rejects a body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('failed sign-in rate limit', () => {
  it('blocks an e-mail from an address after too many failures there with 429 and a retry time, even for the right password', async () => {
    const limited = await createTestApp({ loginLimits: { perEmail: 3, perAddress: 100 } });
    try {
      const account = DEMO_ACCOUNTS.find((a: (typeof DEMO_ACCOUNTS)[number]) => a.userType === 'customer')!;
      const attempt = (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.email, password, userType: 'customer' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401);
      const blocked = await attempt(account.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(
        /^Too many failed sign-in attempts\. Try again in \d+ (seconds|minutes)\.$/,
      );
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another account from the same address is unaffected.
      const other = DEMO_ACCOUNTS.find((a: (typeof DEMO_ACCOUNTS)[number]) => a.userType === 'platform')!;
      const ok = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: other.email, password: other.password, userType: 'platform' },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('does not count the right password with the wrong type as a failure, and forgives earlier typos', async () => {
    const limited = await createTestApp({ loginLimits: { perEmail: 3, perAddress: 100 } });
    try {
      const account = DEMO_ACCOUNTS.find((a: (typeof DEMO_ACCOUNTS)[number]) => a.userType === 'supplier')!;
      const attempt = (password: string, userType: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.email, password, userType },
        });
      expect((await attempt('wrong-pass', 'supplier')).statusCode).toBe(401);
      expect((await attempt('wrong-pass', 'supplier')).statusCode).toBe(401);
      for (let i = 0; i < 5; i++) {
        expect((await attempt(account.password, 'customer')).json().code).toBe('WRONG_ACCOUNT_TYPE');
      }
      // Two more typos would have been the 4th and 5th failures; after the forgiving attempt they are the 1st and 2nd.
      expect((await attempt('wrong-pass', 'supplier')).statusCode).toBe(401);
      expect((await attempt('wrong-pass', 'supplier')).statusCode).toBe(401);
      expect((await attempt(account.password, 'supplier')).statusCode).toBe(200);
      // A wrong password with the wrong type still counts: the third in a row blocks the pair.
      for (let i = 0; i < 3; i++) expect((await attempt('wrong-pass', 'customer')).statusCode).toBe(401);
      const blocked = await attempt(account.password, 'customer');
      expect(blocked.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('blocks a client address that fails across many e-mails', async () => {
    const limited = await createTestApp({ loginLimits: { perEmail: 100, perAddress: 4 } });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `guess${i}@nowhere.test`, password: 'secret1', userType: 'customer' },
        });
        expect(res.statusCode).toBe(401);
      }
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'guess9@nowhere.test', password: 'secret1', userType: 'customer' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('failed sign-in limits shared through PostgreSQL', () => {
  const customer = DEMO_ACCOUNTS.find((a: (typeof DEMO_ACCOUNTS)[number]) => a.userType === 'customer')!;
  const signIn = (app: TestApp, password: string, remoteAddress: string, forwardedFor?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email: customer.email, password, userType: 'customer' },
    });

  it('never refuses the right password from an address that has not failed, however many strangers failed on the e-mail', async () => {
    const limited = await createTestApp({
      loginLimits: { perEmail: 3, perAddress: 100, perEmailCeiling: 4 },
    });
    try {
      // One typo from the pharmacy's own desk, then a stranger uses up their three and the e-mail's ceiling.
      expect((await signIn(limited, 'wrong-pass', '192.0.2.10')).statusCode).toBe(401);
      for (let i = 0; i < 3; i++)
        expect((await signIn(limited, 'wrong-pass', '198.51.100.66')).statusCode).toBe(401);
      expect((await signIn(limited, customer.password, '198.51.100.66')).statusCode).toBe(429);
      // The ceiling turns away addresses that failed on this e-mail, the typo's desk included...
      const typoDesk = await signIn(limited, customer.password, '192.0.2.10');
      expect(typoDesk.statusCode).toBe(429);
      expect(typoDesk.json().message).toMatch(
        /^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/,
      );
      // ...but a desk that has not failed signs in, and a new address gets its try, which may fail once.
      expect((await signIn(limited, customer.password, '192.0.2.20')).statusCode).toBe(200);
      expect((await signIn(limited, 'wrong-pass', '203.0.113.5')).statusCode).toBe(401);
      expect((await signIn(limited, customer.password, '203.0.113.5')).statusCode).toBe(429);
      expect(limited.serverErrors).toEqual([]);
    } finally {
      await limited.close();
    }
  });

  it('keeps the counts in login_limits, under hashed keys, so every replica on the database sees them', async () => {
    const limited = await createTestApp({ loginLimits: { perEmail: 2, perAddress: 100 } });
    try {
      expect((await signIn(limited, 'wrong-pass', '192.0.2.30')).statusCode).toBe(401);
      // A second replica: its own limiter over the same database.
      const replica = new LoginLimiter(limited.database.db, { perEmail: 2, perAddress: 100 });
      await replica.recordFailure(customer.email.toUpperCase(), '192.0.2.30');
      expect((await signIn(limited, customer.password, '192.0.2.30')).statusCode).toBe(429);
      await expect(replica.assertAllowed(customer.email, '192.0.2.30')).rejects.toMatchObject({
        kind: 'rate_limited',
      });
      const rows = await queryRows<{ key: string; points: number }>(
        limited.database.db,
        sql`select key, points from login_limits order by key`,
      );
      expect(rows.length).toBe(3);
      expect(rows.every((r) => !r.key.includes('@') && !r.key.includes('192.0.2.30'))).toBe(true);
      // A success from another address clears only that address's own typos.
      expect((await signIn(limited, customer.password, '192.0.2.31')).statusCode).toBe(200);
      expect((await signIn(limited, customer.password, '192.0.2.30')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('deletes expired counters when a failure comes at least 5 minutes after the last sweep', async () => {
    const limiter = new LoginLimiter(t.database.db, { windowSeconds: 60, blockSeconds: 0 });
    const keys = async () =>
      (await queryRows<{ key: string }>(t.database.db, sql`select key from login_limits`)).map((r) => r.key);
    const before = await keys();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await limiter.recordFailure('sweep-old@nowhere.test', '192.0.2.40');
      const old = (await keys()).filter((k) => !before.includes(k));
      expect(old).toHaveLength(3);
      vi.setSystemTime(Date.now() + 4 * 60_000);
      await limiter.recordFailure('sweep-new@nowhere.test', '192.0.2.41');
      expect(await keys()).toEqual(expect.arrayContaining(old));
      vi.setSystemTime(Date.now() + 2 * 60_000);
      await limiter.recordFailure('sweep-new@nowhere.test', '192.0.2.41');
      const after = await keys();
      expect(after.filter((k) => old.includes(k))).toEqual([]);
      expect(after.filter((k) => !before.includes(k))).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the client behind a trusted balancer (TRUST_PROXY), not the balancer', async () => {
    const limited = await createTestApp({
      env: { TRUST_PROXY: '10.0.0.0/8' },
      loginLimits: { perEmail: 2, perAddress: 100 },
    });
    try {
      for (let i = 0; i < 2; i++)
        expect((await signIn(limited, 'wrong-pass', '10.0.0.2', '198.51.100.7')).statusCode).toBe(401);
      expect((await signIn(limited, customer.password, '10.0.0.2', '198.51.100.7')).statusCode).toBe(429);
      // Another client through the same balancer is its own address.
      expect((await signIn(limited, customer.password, '10.0.0.2', '198.51.100.8')).statusCode).toBe(200);
      // An untrusted peer cannot choose its address by sending the header.
      for (let i = 0; i < 2; i++)
        expect((await signIn(limited, 'wrong-pass', '192.0.2.99', `203.0.113.${i}`)).statusCode).toBe(401);
      expect((await signIn(limited, customer.password, '192.0.2.99', '203.0.113.50')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('current user', () => {
  it('returns userType, orgId, organizationName, orgRole, phoneNumber and permissions from roles', async () => {
    const admin = DEMO_ACCOUNTS.find(
      (a: (typeof DEMO_ACCOUNTS)[number]) => a.email === 'admin@tema-pharma.demo',
    )!;
    const res = await me(await t.login(admin.email, 'supplier'));
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      userType: 'supplier',
      orgRole: 'Admin',
      organizationName: 'Tema Pharma Distributors',
    });
    expect(user.orgId).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.permissions).toEqual([
      'manage_inventory',
      'manage_shipping',
      'manage_credit',
      'manage_users',
    ]);
    expect(typeof user.phoneNumber).toBe('string');
  });

  it('gives a shipping clerk only manage_shipping and the platform admin manage_platform', async () => {
    const clerk = await me(await t.login('dispatch@tema-pharma.demo', 'supplier'));
    expect(clerk.json().permissions).toEqual(['manage_shipping']);
    const platform = await me(await t.login('admin@aduro.demo', 'platform'));
    expect(platform.json().permissions).toEqual(['manage_platform']);
    const customer = await me(await t.login('buyer@accracare.demo', 'customer'));
    expect(customer.json()).toMatchObject({ userType: 'customer', permissions: [] });
  });

  it('answers 401 without a token, with a forged token, an expired token and a malformed header', async () => {
    expect((await me()).statusCode).toBe(401);
    const valid = await t.login('buyer@accracare.demo', 'customer');
    const userId = (await me(valid)).json().id as string;
    const now = Math.floor(Date.now() / 1000);

    const forged = signJwt(
      { sub: userId, iat: now, exp: now + 3600 },
      'some-other-secret-of-sufficient-length-123',
    );
    const forgedRes = await me(`Bearer ${forged}`);
    expect(forgedRes.statusCode).toBe(401);
    expect(forgedRes.json().message).toBe('Your session is not valid. Please sign in again.');

    const expired = signJwt({ sub: userId, iat: now - 7200, exp: now - 3600 }, AUTH_SECRET);
    const expiredRes = await me(`Bearer ${expired}`);
    expect(expiredRes.statusCode).toBe(401);
    expect(expiredRes.json().message).toBe('Your session has expired. Please sign in again.');

    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: userId, exp: now + 3600 }),
    ).toString('base64url')}.`;
    expect((await me(`Bearer ${noneAlg}`)).statusCode).toBe(401);
    expect((await me('Basic abc')).statusCode).toBe(401);
    expect((await me('Bearer not-a-jwt')).statusCode).toBe(401);
    const badSub = signJwt({ sub: 'x', iat: now, exp: now + 3600 }, AUTH_SECRET);
    expect((await me(`Bearer ${badSub}`)).statusCode).toBe(401);
  });

  it('refuses a token it has already accepted once that token expires', async () => {
    const valid = await t.login('buyer@accracare.demo', 'customer');
    const userId = (await me(valid)).json().id as string;
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = `Bearer ${signJwt({ sub: userId, iat: expiresAt - 60, exp: expiresAt }, AUTH_SECRET)}`;
    expect((await me(shortLived)).statusCode).toBe(200);
    expect((await me(shortLived)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, expiresAt * 1000 - Date.now() + 50));
    const late = await me(shortLived);
    expect([late.statusCode, late.json().message]).toEqual([
      401,
      'Your session has expired. Please sign in again.',
    ]);
  });

  it('reflects a role change and a removal made through the API on the very next request', async () => {
    const admin = await t.login('admin@tema-pharma.demo', 'supplier');
    const token = await t.login('stock@tema-pharma.demo', 'supplier');
    const before = (await me(token)).json();
    expect(before.permissions).toEqual(['manage_inventory']);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/org/users/${before.id}/roles`,
      headers: { authorization: admin },
      payload: { roles: ['CreditApprover'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const moved = (await me(token)).json();
    expect(moved.permissions).toEqual(['manage_credit']);
    expect(moved.orgRole).toBe('CreditApprover');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/org/users/${before.id}`,
      headers: { authorization: admin },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const gone = await me(token);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe('Your account is no longer active. Please sign in again.');
  });

  it('notices roles taken away or a user deleted outside the server once the session cache time passes', async () => {
    const other = await createTestApp({ sessionCacheMs: 100 });
    try {
      const meOn = (authorization: string) =>
        other.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      const token = await other.login('dispatch@tema-pharma.demo', 'supplier');
      const before = (await meOn(token)).json();
      expect(before.permissions).toEqual(['manage_shipping']);

      await other.database.db.execute(sql`delete from user_roles where user_id = ${before.id}`);
      await new Promise((r) => setTimeout(r, 150));
      const demoted = (await meOn(token)).json();
      expect(demoted.permissions).toEqual([]);
      expect(demoted.orgRole).toBeNull();

      await other.database.db.execute(sql`delete from users where id = ${before.id}`);
      await new Promise((r) => setTimeout(r, 150));
      expect((await meOn(token)).statusCode).toBe(401);
      expect(other.serverErrors).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('registration', () => {
  it('registers a customer from multipart, active at once, and signs them in', async () => {
    const form = new FormData();
    form.append('email', 'Owner@NewPharmacy.test');
    form.append('password', 'secret123');
    form.append('name', 'Abena Owusu');
    form.append('userType', 'customer');
    form.append('businessName', 'Owusu Family Pharmacy');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      userType: 'customer',
      organizationName: 'Owusu Family Pharmacy',
      organizationActive: true,
      orgRole: 'Buyer',
    });
    expect((await me(`Bearer ${body.accessToken}`)).statusCode).toBe(200);

    const again = new FormData();
    for (const [k, v] of form) again.append(k, v);
    again.set('email', 'owner@newpharmacy.TEST');
    const dup = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: again });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('An account with this email already exists');
  });

  it('also accepts a JSON body for a customer', async () => {
    const res = await post('/api/auth/register', {
      email: 'json-buyer@pharmacy.test',
      password: 'secret123',
      name: 'Kojo Annan',
      userType: 'customer',
    });
    expect(res.statusCode).toBe(201);
  });

  it('registers a supplier with its licence as an inactive organisation led by an Admin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: supplierForm() });
    expect(res.statusCode).toBe(201);
    const { user } = res.json() as { user: { orgId: string; permissions: string[] } };
    expect(user).toMatchObject({ userType: 'supplier', organizationActive: false, orgRole: 'Admin' });
    expect(user.permissions).toContain('manage_users');
    const [org] = await queryRows<{
      licence_storage_key: string;
      licence_mime_type: string;
      approver_emails: string[];
    }>(
      t.database.db,
      sql`select licence_storage_key, licence_mime_type, approver_emails from organizations where id = ${user.orgId}`,
    );
    expect(org!.licence_mime_type).toBe('application/pdf');
    expect(org!.approver_emails).toEqual(['qa@newsupplier.test']);
    const [stored] = await queryRows<{ size_bytes: number }>(
      t.database.db,
      sql`select size_bytes from licence_files where key = ${org!.licence_storage_key} and org_id = ${user.orgId}`,
    );
    expect(stored?.size_bytes).toBe(PDF_BYTES.length);
    expect(existsSync(path.join(t.dataDir, 'uploads', org!.licence_storage_key))).toBe(false);
  });

  it('keeps the uploaded licence in the database, where the admin route reads it back byte for byte', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: supplierForm() });
    expect(res.statusCode).toBe(201);
    const { orgId } = (res.json() as { user: { orgId: string } }).user;
    const platform = await t.login('admin@aduro.demo', 'platform');
    const download = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/entities/${orgId}/licence`,
        headers: { authorization: platform },
      });
    const served = await download();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/pdf/);
    expect(served.headers['content-disposition']).toBe('inline; filename="licence.pdf"');
    expect(served.rawPayload.equals(PDF_BYTES)).toBe(true);

    // Nothing else holds it: without its row the licence is gone.
    await t.database.db.execute(sql`delete from licence_files where org_id = ${orgId}`);
    const missing = await download();
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The licence file is missing from storage');
  });

  it('accepts a PNG licence and comma-separated approvers', async () => {
    const form = supplierForm({ licensureDocument: fileBlob(PNG_BYTES) }, ['a@x.test, b@x.test']);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode).toBe(201);
  });

  it('lists every missing supplier field with its SPEC message', async () => {
    const form = new FormData();
    form.append('email', 'not-an-email');
    form.append('password', '123');
    form.append('name', 'Al');
    form.append('userType', 'supplier');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode).toBe(400);
    const { message, fieldErrors } = res.json() as { message: string; fieldErrors: Record<string, string[]> };
    expect(message).toBe('Please review the highlighted details.');
    expect(fieldErrors).toMatchObject({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 6 characters'],
      name: ['Tell us who you are'],
      businessName: ['Business name is required'],
      supplierCategory: ['Select the supplier category that best describes your organisation'],
      licensureDocument: ['Upload a licensure document we can verify'],
      approvers: ['Add at least one approver email'],
    });
    expect(fieldErrors.organizationPhone).toBeDefined();
    expect(fieldErrors.organizationLocation).toBeDefined();
    expect(fieldErrors.deliveryAddress).toBeDefined();
    expect(fieldErrors.deliveryContactName).toBeDefined();
    expect(fieldErrors.deliveryContactPhone).toBeDefined();
  });

  it('names the invalid approver e-mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: supplierForm({}, ['ok@x.test', 'not-an-email']),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Approver email "not-an-email" is invalid');
  });

  it('refuses a licence over 20 MB with 413 and the SPEC messages, creating nothing', async () => {
    const email = 'too-big@supplier.test';
    const form = supplierForm({
      email,
      licensureDocument: fileBlob(Buffer.alloc(LICENCE_MAX_BYTES + 1, 0x25)),
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Licensure document must be 20MB or smaller');
    expect(res.json().fieldErrors.licensureDocument).toEqual(['File must be 20MB or smaller']);
    const rows = await queryRows(t.database.db, sql`select 1 from users where lower(email) = ${email}`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a mislabelled upload by its content with 415, creating nothing', async () => {
    const email = 'fake-pdf@supplier.test';
    const licencesBefore = await queryRows(t.database.db, sql`select key from licence_files`);
    const form = supplierForm({ email, licensureDocument: fileBlob(TEXT_BYTES, 'application/pdf') });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Upload a PDF, PNG, JPG, DOC or DOCX file');
    const rows = await queryRows(t.database.db, sql`select 1 from users where lower(email) = ${email}`);
    expect(rows).toHaveLength(0);
    expect(await queryRows(t.database.db, sql`select key from licence_files`)).toEqual(licencesBefore);
  });

  it("refuses a supplier a buyer's licence fields, which are the buying organisation's alone", async () => {
    const email = 'with-buyer-licence@supplier.test';
    const form = supplierForm({ email, licenceKind: 'retail_pharmacy', licenceNumber: 'PC/RP/1' });
    form.append('licenceDocument', fileBlob(PDF_BYTES), 'pharmacy.pdf');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      licenceKind: [COMPLIANCE_MESSAGES.notACustomer],
      licenceNumber: [COMPLIANCE_MESSAGES.notACustomer],
      licenceDocument: [COMPLIANCE_MESSAGES.notACustomer],
    });
    const rows = await queryRows(t.database.db, sql`select 1 from users where lower(email) = ${email}`);
    expect(rows).toHaveLength(0);
  });

  it("refuses a buyer's licence document over 20 MB with 413 on licenceDocument, creating nothing", async () => {
    const email = 'too-big@pharmacy.test';
    const form = new FormData();
    for (const [k, v] of Object.entries({
      email,
      password: 'secret123',
      name: 'Abena Owusu',
      userType: 'customer',
      licenceKind: 'retail_pharmacy',
      licenceNumber: 'PC/RP/2',
      licenceExpiresOn: '2099-01-01',
    }))
      form.append(k, v);
    form.append('licenceDocument', fileBlob(Buffer.alloc(LICENCE_MAX_BYTES + 1, 0x25)), 'licence.pdf');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(res.statusCode).toBe(413);
    expect(res.json().fieldErrors).toEqual({ licenceDocument: [AUTH_MESSAGES.licenceTooLarge] });
    const rows = await queryRows(t.database.db, sql`select 1 from users where lower(email) = ${email}`);
    expect(rows).toHaveLength(0);
  });

  it('refuses a multipart registration sent without a boundary with 400 and a clear message', async () => {
    for (const payload of [
      '',
      'email=a@b.test&password=secret123',
      '--x\r\nContent-Disposition: x\r\n\r\n',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'multipart/form-data' },
        payload,
      });
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([
        400,
        FORM_MESSAGES.noBoundary,
      ]);
    }
  });

  it('refuses a registration cut off mid-body with 400 and a clear message, creating nothing', async () => {
    const email = 'cut-off@supplier.test';
    const request = new Request('http://aduro.test/', { method: 'POST', body: supplierForm({ email }) });
    const contentType = request.headers.get('content-type')!;
    const bytes = Buffer.from(await request.arrayBuffer());
    const licencesBefore = await queryRows(t.database.db, sql`select key from licence_files`);
    // In a field's headers, in a field's value, in the licence file, and just short of the last boundary.
    const field = bytes.indexOf('Yaw Darko');
    const file = bytes.indexOf('%PDF');
    for (const cut of [60, field + 3, file + 10, bytes.length - 4]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': contentType },
        payload: bytes.subarray(0, cut),
      });
      expect([res.statusCode, res.json().message], `cut at ${cut} of ${bytes.length}`).toEqual([
        400,
        FORM_MESSAGES.incomplete,
      ]);
    }
    const rows = await queryRows(t.database.db, sql`select 1 from users where lower(email) = ${email}`);
    expect(rows).toHaveLength(0);
    expect(await queryRows(t.database.db, sql`select key from licence_files`)).toEqual(licencesBefore);
  });

  it('does not offer platform registration', async () => {
    const res = await post('/api/auth/register', {
      email: 'sneaky@platform.test',
      password: 'secret123',
      name: 'Sneaky Admin',
      userType: 'platform',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Platform accounts cannot be self-registered');
  });

  it('rejects an unknown user type and over-long fields', async () => {
    const unknown = await post('/api/auth/register', {
      email: 'x@y.test',
      password: 'secret123',
      name: 'Some Body',
      userType: 'wholesaler',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.userType).toEqual([AUTH_MESSAGES.userType]);
    const long = await post('/api/auth/register', {
      email: 'x@y.test',
      password: 'secret123',
      name: 'N'.repeat(5000),
      userType: 'customer',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.name[0]).toMatch(/at most 120/);
  });
});

describe('platform administrators from the environment or the shell', () => {
  it('creates an administrator who can sign in, then updates their password and name', async () => {
    const email = 'ops@aduro.test';
    const created = await ensurePlatformAdmin(t.database.db, {
      email,
      password: 'first-pass-1',
      name: 'Ops One',
    });
    expect(created.created).toBe(true);
    const first = await me(await t.login(email, 'platform', 'first-pass-1'));
    expect(first.json()).toMatchObject({
      name: 'Ops One',
      userType: 'platform',
      permissions: ['manage_platform'],
    });

    const updated = await ensurePlatformAdmin(t.database.db, {
      email: 'OPS@aduro.test',
      password: 'second-pass-2',
      name: 'Ops Two',
    });
    expect(updated).toEqual({ userId: created.userId, created: false });
    const bad = await post('/api/auth/login', { email, password: 'first-pass-1', userType: 'platform' });
    expect(bad.statusCode).toBe(401);
    expect((await me(await t.login(email, 'platform', 'second-pass-2'))).json().name).toBe('Ops Two');
  });

  it('refuses to turn a customer account into an administrator', async () => {
    await expect(
      ensurePlatformAdmin(t.database.db, { email: 'buyer@accracare.demo', password: 'whatever-1' }),
    ).rejects.toThrow('buyer@accracare.demo already belongs to a customer account');
  });
});
