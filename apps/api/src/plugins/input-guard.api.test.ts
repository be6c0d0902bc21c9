import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { supplierForm } from '../test/files.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import errorsPlugin from './errors.ts';
import inputGuard, { NUL_MESSAGE, nulFields } from './input-guard.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@tema-pharma.demo', 'supplier');
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const NUL = '\u0000';
const uniqueEmail = (name: string) =>
  `${name}-${Math.random().toString(36).slice(2)}@nul-guard.test`.toLowerCase();
const accountsWith = async (email: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where lower(email) = ${email.toLowerCase()}`,
    )
  )[0]!.n;

function expectNulRefusal(res: { statusCode: number; json(): unknown }, fields: string[]) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; code: string; fieldErrors: Record<string, string[]> };
  expect(body.message).toBe(NUL_MESSAGE);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.fieldErrors).toEqual(Object.fromEntries(fields.map((f) => [f, [NUL_MESSAGE]])));
}

describe('a NUL byte in the API', () => {
  it('in a JSON body field answers 400 naming the field, and creates nobody', async () => {
    const email = uniqueEmail('staff');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/org/users',
      headers: { authorization: admin },
      payload: { name: `Ama${NUL}Mensah`, email, password: 'password123', roles: ['InventoryManager'] },
    });
    expectNulRefusal(res, ['name']);
    expect(await accountsWith(email)).toBe(0);
  });

  it('in a password (never stored as text) is refused all the same', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'buyer@accracare.demo', password: `demo${NUL}1234`, userType: 'customer' },
    });
    expectNulRefusal(res, ['password']);
  });

  it('in a query parameter answers 400 naming the parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products?q=para%00cetamol',
      headers: { authorization: admin },
    });
    expectNulRefusal(res, ['q']);
  });

  it('still answers 401 first to a caller without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?q=para%00cetamol' });
    expect(res.statusCode).toBe(401);
  });

  it('in a JSON registration answers 400 naming the field, and creates nothing', async () => {
    const email = uniqueEmail('json');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email,
        password: 'secret123',
        name: 'Abena Owusu',
        userType: 'customer',
        businessName: `Owusu${NUL} Pharmacy`,
      },
    });
    expectNulRefusal(res, ['businessName']);
    expect(await accountsWith(email)).toBe(0);
  });

  it('in a multipart registration field answers 400 naming each field, and creates nothing', async () => {
    const email = uniqueEmail('form');
    const form = new FormData();
    form.append('email', email);
    form.append('password', 'secret123');
    form.append('name', `Abena${NUL}`);
    form.append('userType', 'customer');
    form.append('businessName', `Owusu${NUL} Pharmacy`);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expectNulRefusal(res, ['name', 'businessName']);
    expect(await accountsWith(email)).toBe(0);
  });

  it("in a supplier's approver or licence file name answers 400 naming it, and creates nothing", async () => {
    const email = uniqueEmail('supplier');
    const form = supplierForm({ email }, [`qa${NUL}@newsupplier.test`], `licence${NUL}.pdf`);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expectNulRefusal(res, ['licensureDocument', 'approvers']);
    expect(await accountsWith(email)).toBe(0);
  });
});

describe('the NUL guard on any route', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(errorsPlugin);
    await app.register(inputGuard);
    app.post('/things/:name', async (request) => ({ ok: true, body: request.body }));
    app.get('/plain', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('names a path parameter, a query parameter and nested body fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things/a%00b?sort=x%00',
      payload: { items: [{ label: 'fine' }, { label: `bad${NUL}` }], note: { text: NUL } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'items.1.label',
      'name',
      'note.text',
      'sort',
    ]);
  });

  it('names the object holding a key with a NUL in it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things/a',
      payload: { [`ke${NUL}y`]: 1, nested: { [`x${NUL}`]: 'y' } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['body', 'nested']);
  });

  it('lets clean input and other control characters through', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things/a%09b?sort=name',
      payload: { text: 'tab\there, newline\nhere, \u0001' },
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/plain?x=%00' })).statusCode).toBe(200);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = `end${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulFields(deep)).toEqual([`${'0.'.repeat(100_000 - 1)}0`]);
  });
});
