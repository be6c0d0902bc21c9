import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SECRET, createTestApp, type TestApp } from '../test/harness.ts';
import { signJwt } from '../test/tokens.ts';

let t: TestApp;
let buyer: string;
let buyerId: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.login('buyer@accracare.demo', 'customer');
  buyerId = (await me(buyer)).json().id as string;
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

function me(authorization?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: authorization ? { authorization } : {},
  });
}
const now = () => Math.floor(Date.now() / 1000);
const bearer = (payload: Record<string, unknown>) => `Bearer ${signJwt(payload, AUTH_SECRET)}`;
const INVALID = 'Your session is not valid. Please sign in again.';

describe('HTTP caching of authenticated answers', () => {
  it('marks every answer to a signed-in request Cache-Control: no-store, cached caller or not', async () => {
    const first = await me(buyer);
    const again = await me(buyer);
    const admin = await t.login('admin@tema-pharma.demo', 'supplier');
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/org/users',
      headers: { authorization: admin },
    });
    const market = await t.app.inject({
      method: 'GET',
      url: '/api/suppliers',
      headers: { authorization: buyer },
    });
    for (const res of [first, again, staff, market]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('marks refusals of a request that needed a token no-store too', async () => {
    const refused = [
      await me(),
      await me('Bearer not-a-jwt'),
      await t.app.inject({ method: 'GET', url: '/api/org/users', headers: { authorization: buyer } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 403]);
    for (const res of refused) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers alone, and the licence download keeps its own private, no-store', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).toBeUndefined();
    const supplier = await t.login('admin@tema-pharma.demo', 'supplier');
    const licence = await t.app.inject({
      method: 'GET',
      url: '/api/org/licence',
      headers: { authorization: supplier },
    });
    expect(licence.statusCode).toBe(200);
    expect(licence.headers['cache-control']).toBe('private, no-store');
  });
});

describe('tokens the server would never have signed', () => {
  it('answers 401 to a correctly signed token without exp, every time', async () => {
    const forever = bearer({ sub: buyerId, iat: now() });
    for (let i = 0; i < 2; i++) {
      const res = await me(forever);
      expect([res.statusCode, res.json().message]).toEqual([401, INVALID]);
    }
    const stringExp = await me(bearer({ sub: buyerId, iat: now(), exp: String(now() + 3600) }));
    expect(stringExp.statusCode).toBe(401);
  });

  it('answers 401 to a token issued in the future beyond a minute of clock skew', async () => {
    for (const ahead of [120, 3600, 86_400]) {
      const res = await me(bearer({ sub: buyerId, iat: now() + ahead, exp: now() + ahead + 3600 }));
      expect([res.statusCode, res.json().message], `${ahead} s ahead`).toEqual([401, INVALID]);
    }
    const oddIat = await me(bearer({ sub: buyerId, iat: 'yesterday', exp: now() + 3600 }));
    expect(oddIat.statusCode).toBe(401);
  });

  it("accepts a token issued by a clock up to a minute ahead, and the server's own tokens", async () => {
    const skewed = await me(bearer({ sub: buyerId, iat: now() + 30, exp: now() + 3600 }));
    expect(skewed.statusCode).toBe(200);
    const noIat = await me(bearer({ sub: buyerId, exp: now() + 3600 }));
    expect(noIat.statusCode).toBe(200);
    expect((await me(buyer)).statusCode).toBe(200);
  });
});
