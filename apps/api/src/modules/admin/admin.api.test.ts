import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let platform: string;
beforeAll(async () => {
  t = await createTestApp();
  platform = await t.login('admin@aduro.demo', 'platform');
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const toggle = (id: string, payload: unknown, authorization = platform) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/entities/${id}/toggle`,
    headers: { authorization },
    payload: payload as object,
  });

async function entities(kind?: string) {
  const res = await get(`/api/admin/entities${kind ? `?kind=${kind}` : ''}`, platform);
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    id: string;
    name: string;
    kind: string;
    isActive: boolean;
    status: string;
    hasLicence: boolean;
    users: { email: string }[];
    paymentTerms: string;
  }>;
}
const REASON = 'Licence checked against the FDA Ghana register';

describe('admin entities', () => {
  it('lists customers and suppliers with users, activity and payment terms, never the platform itself', async () => {
    const all = await entities();
    expect(all.some((e) => e.kind === 'supplier')).toBe(true);
    expect(all.some((e) => e.kind === 'customer')).toBe(true);
    expect(all.every((e) => e.kind === 'supplier' || e.kind === 'customer')).toBe(true);
    const tema = all.find((e) => e.name === 'Tema Pharma Distributors')!;
    expect(tema.users.map((u) => u.email)).toContain('admin@tema-pharma.demo');
    expect(tema.paymentTerms).toBe('Net 30');
  });

  it('filters by kind and rejects an unknown kind', async () => {
    expect((await entities('supplier')).every((e) => e.kind === 'supplier')).toBe(true);
    expect((await entities('customer')).every((e) => e.kind === 'customer')).toBe(true);
    const bad = await get('/api/admin/entities?kind=platform', platform);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('kind must be supplier or customer');
  });

  it('refuses customers, suppliers and anonymous callers', async () => {
    expect((await get('/api/admin/entities')).statusCode).toBe(401);
    const customer = await t.login('buyer@accracare.demo', 'customer');
    const supplier = await t.login('admin@tema-pharma.demo', 'supplier');
    for (const who of [customer, supplier]) {
      const res = await get('/api/admin/entities', who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to view that area.');
    }
    const some = (await entities())[0]!;
    expect((await toggle(some.id, { active: false, reason: REASON }, customer)).statusCode).toBe(403);
  });

  it('tells a supplier awaiting licence review from a deactivated one, and lists it first', async () => {
    const suppliers = await entities('supplier');
    const status = (name: string) => suppliers.find((e) => e.name === name)?.status;
    // The demo's: Northstar registered and was never activated; Harbour traded and was switched off.
    expect(status('Northstar Medical Imports')).toBe('awaiting_review');
    expect(status('Harbour Surgical Imports')).toBe('deactivated');
    expect(status('Tema Pharma Distributors')).toBe('active');
    expect(suppliers[0]!.status).toBe('awaiting_review');
    expect(suppliers.every((e) => e.status === (e.isActive ? 'active' : e.status))).toBe(true);

    const awaiting = await get('/api/admin/entities?status=awaiting_review', platform);
    expect((awaiting.json() as { name: string }[]).map((e) => e.name)).toContain('Northstar Medical Imports');
    expect((awaiting.json() as { status: string }[]).every((e) => e.status === 'awaiting_review')).toBe(true);
    const deactivated = (await get('/api/admin/entities?status=deactivated', platform)).json() as {
      name: string;
    }[];
    expect(deactivated.map((e) => e.name)).toContain('Harbour Surgical Imports');
    expect(deactivated.map((e) => e.name)).not.toContain('Northstar Medical Imports');
    const bad = await get('/api/admin/entities?status=pending', platform);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['status']);
  });

  it('activates a supplier pending review, which its own session then sees', async () => {
    const pending = (await entities('supplier')).find((e) => !e.isActive && e.hasLicence)!;
    expect(pending).toBeDefined();
    const owner = pending.users[0]!.email;
    const session = await t.login(owner, 'supplier');
    expect((await get('/api/auth/me', session)).json().organizationActive).toBe(false);

    const res = await toggle(pending.id, { active: true, reason: REASON });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pending.id, isActive: true });
    expect((await get('/api/auth/me', session)).json().organizationActive).toBe(true);

    const back = await toggle(pending.id, { active: false, reason: 'Licence withdrawn' });
    expect(back.json().isActive).toBe(false);
    // Once activated, it has been reviewed: switched off again, it is deactivated, not awaiting review.
    expect(back.json().status).toBe('deactivated');
  });

  it('answers 404 for an unknown organisation and 400 for a bad id or body', async () => {
    const unknown = await toggle('00000000-0000-4000-8000-000000000000', { active: true, reason: REASON });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Organisation not found');
    expect((await toggle('not-a-uuid', { active: true, reason: REASON })).statusCode).toBe(400);
    const some = (await entities())[0]!;
    const missing = await toggle(some.id, { reason: REASON });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.active).toEqual(['active must be true or false']);
    expect((await toggle(some.id, { active: 'yes', reason: REASON })).statusCode).toBe(400);
  });

  it('refuses a toggle without a reason, or with a blank or overlong one, changing nothing', async () => {
    const tema = (await entities('supplier')).find((e) => e.name === 'Tema Pharma Distributors')!;
    for (const [body, message] of [
      [{ active: false }, 'Give the reason for this change'],
      [{ active: false, reason: '   ' }, 'Give the reason for this change'],
      [{ active: false, reason: null }, 'Give the reason for this change'],
      [{ active: false, reason: 'x'.repeat(501) }, 'Keep the reason to 500 characters or fewer'],
    ] as const) {
      const res = await toggle(tema.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message, fieldErrors: { reason: [message] } });
    }
    expect((await entities('supplier')).find((e) => e.id === tema.id)!.isActive).toBe(true);
  });

  it('records the reason, trimmed, with the organisation.toggled event and in the activity trail', async () => {
    const harbour = (await entities('supplier')).find((e) => e.name === 'Harbour Surgical Imports')!;
    const res = await toggle(harbour.id, { active: false, reason: '  Licence renewal still outstanding  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false, status: 'deactivated' });
    const trail = await get(`/api/activity?orgId=${harbour.id}&type=organisation.toggled&limit=1`, platform);
    const [latest] = trail.json().items as { description: string; refs: Record<string, unknown> }[];
    expect(latest!.description).toBe(
      'Supplier Harbour Surgical Imports deactivated: “Licence renewal still outstanding”',
    );
    expect(latest!.refs).toMatchObject({
      organisationId: harbour.id,
      active: false,
      reason: 'Licence renewal still outstanding',
    });
  });

  it("streams a supplier's licence to platform administrators only", async () => {
    const withLicence = (await entities('supplier')).find((e) => e.hasLicence)!;
    const res = await get(`/api/admin/entities/${withLicence.id}/licence`, platform);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const supplier = await t.login('admin@tema-pharma.demo', 'supplier');
    expect((await get(`/api/admin/entities/${withLicence.id}/licence`, supplier)).statusCode).toBe(403);
    const without = (await entities('customer'))[0]!;
    expect((await get(`/api/admin/entities/${without.id}/licence`, platform)).statusCode).toBe(404);
  });

  it('lets a supplier read its own licence and nobody else’s, and tells a customer it has none to read', async () => {
    const tema = (await entities('supplier')).find((e) => e.name === 'Tema Pharma Distributors')!;
    expect(tema.hasLicence).toBe(true);
    const own = await get('/api/org/licence', await t.login('stock@tema-pharma.demo', 'supplier'));
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const viaAdmin = await get(`/api/admin/entities/${tema.id}/licence`, platform);
    expect(own.rawPayload.equals(viaAdmin.rawPayload)).toBe(true);
    const other = await get('/api/org/licence', await t.login('admin@accra-medilink.demo', 'supplier'));
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(viaAdmin.rawPayload)).toBe(false);
    expect(
      (await get('/api/org/licence', await t.login('buyer@accracare.demo', 'customer'))).statusCode,
    ).toBe(403);
    expect((await get('/api/org/licence')).statusCode).toBe(401);
  });
});

describe('server basics', () => {
  it('answers unknown API paths with a JSON 404 and sets security headers and a request id', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No API route matches GET /api/nothing-here');
    // The API's short set (plugins/security-headers.api.test.ts pins both sets).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it("gives every request its own id, and keeps a proxy's sane one so logs line up", async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await get('/api/health')).headers['x-request-id']),
    );
    expect(new Set(ids).size).toBe(3);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-4f2a91c0' },
    });
    expect(given.headers['x-request-id']).toBe('edge-4f2a91c0');
    const odd = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b' } });
    expect(odd.headers['x-request-id']).not.toBe('a b');
  });

  it('refuses a multipart body outside registration with 415 and a sentence, writing nothing', async () => {
    const buyer = await t.login('buyer@accracare.demo', 'customer');
    const before = (await get('/api/cart', buyer)).json().items.length;
    const boundary = '----aduro-test';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { authorization: buyer, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="quantity"\r\n\r\n5\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('This content type is not supported here.');
    expect((await get('/api/cart', buyer)).json().items.length).toBe(before);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/me',
        '/api/admin/entities',
      ]),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema).toBeDefined();
  });
});
