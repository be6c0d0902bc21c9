import { ERROR_CODES, ERROR_STATUS, errorKindOf, type ErrorCode } from '@aduro/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.login('buyer@accracare.demo', 'customer');
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

/** `bearer` is the harness's whole header value ("Bearer …"). */
const auth = (bearer: string) => ({ authorization: bearer });

function expectAnswer(res: { statusCode: number; json(): unknown }, code: ErrorCode) {
  const kind = errorKindOf(code);
  expect(res.statusCode).toBe(ERROR_STATUS[kind]);
  expect(res.json()).toMatchObject({ code, kind });
  expect(typeof (res.json() as { message: unknown }).message).toBe('string');
}

describe('every error answer names what failed with a stable code', () => {
  it('answers a missing token UNAUTHENTICATED and a bad one UNAUTHENTICATED, both 401', async () => {
    expectAnswer(await t.app.inject({ method: 'GET', url: '/api/cart' }), 'UNAUTHENTICATED');
    expectAnswer(
      await t.app.inject({ method: 'GET', url: '/api/cart', headers: auth('Bearer not-a-token') }),
      'UNAUTHENTICATED',
    );
  });

  it('answers a wrong password INVALID_CREDENTIALS', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'buyer@accracare.demo', password: 'not-the-password', userType: 'customer' },
    });
    expectAnswer(res, 'INVALID_CREDENTIALS');
  });

  it('answers a route of another kind of user FORBIDDEN, and an unknown route NOT_FOUND', async () => {
    expectAnswer(
      await t.app.inject({ method: 'GET', url: '/api/inventory', headers: auth(buyer) }),
      'FORBIDDEN',
    );
    expectAnswer(
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: auth(buyer) }),
      'NOT_FOUND',
    );
  });

  it('answers a body that is not JSON MALFORMED_REQUEST, and a bad field VALIDATION_FAILED with field errors', async () => {
    expectAnswer(
      await t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { ...auth(buyer), 'content-type': 'application/json' },
        payload: '{"productId":',
      }),
      'MALFORMED_REQUEST',
    );
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: auth(buyer),
      payload: { productId: 'not-a-uuid', supplierId: 'not-a-uuid', quantity: -1 },
    });
    expectAnswer(invalid, 'VALIDATION_FAILED');
    expect(Object.keys((invalid.json() as { fieldErrors: object }).fieldErrors).length).toBeGreaterThan(0);
  });

  it('answers an order of another organisation ORDER_NOT_FOUND', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/00000000-0000-4000-8000-000000000000/approve',
      headers: auth(buyer),
    });
    expectAnswer(res, 'ORDER_NOT_FOUND');
  });
});

describe('the OpenAPI document lists the codes', () => {
  it('declares code as the enum of every code, each described with its status', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      components: {
        schemas: Record<string, { properties: Record<string, { enum?: string[]; description?: string }> }>;
      };
    };
    const code = doc.components.schemas.Error!.properties.code!;
    expect(code.enum).toEqual(Object.keys(ERROR_CODES));
    expect(code.description).toContain('`STOCK_SHORTFALL` (409)');
    expect(code.description).toContain('`EMAIL_TAKEN` (409)');
    expect(doc.components.schemas.Error!.properties.kind!.enum).toEqual(Object.keys(ERROR_STATUS));
  });
});
