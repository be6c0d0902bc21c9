import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, type SupplierSettings } from '@aduro/shared/suppliers';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let dispatch: string;
let medilink: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@tema-pharma.demo', 'supplier');
  dispatch = await t.login('dispatch@tema-pharma.demo', 'supplier');
  medilink = await t.login('admin@accra-medilink.demo', 'supplier');
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const read = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/org/settings', headers: authorization ? { authorization } : {} });
const save = (payload: unknown, authorization = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/org/settings',
    headers: { authorization },
    payload: payload as object,
  });

const valid: SupplierSettings = {
  paymentTerms: 'Net 45',
  supportedPaymentMethods: ['cash', 'cheque'],
  defaultPaymentMethod: 'cheque',
  supportsCredit: false,
  defaultLeadTimeDays: 5,
};

async function stored(name: string) {
  const [row] = await queryRows<{ methods: string; terms: string }>(
    t.database.db,
    sql`select supported_payment_methods::text as methods, payment_terms as terms
        from organizations where name = ${name}`,
  );
  return row!;
}

describe('supplier settings', () => {
  it("gives every supplier user their own organisation's trading terms, without credit_facility", async () => {
    for (const who of [admin, dispatch]) {
      const res = await read(who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        paymentTerms: 'Net 30',
        supportedPaymentMethods: ['mobile_money', 'cheque'],
        defaultPaymentMethod: 'mobile_money',
        supportsCredit: true,
        defaultLeadTimeDays: 2,
      });
    }
    const other = await read(medilink);
    expect(other.json().supportedPaymentMethods).toEqual(['cash', 'mobile_money', 'digital_wallet']);
    expect(other.json().supportsCredit).toBe(false);
  });

  it('lets an Admin replace the terms, listing credit_facility in storage exactly while credit is offered', async () => {
    const res = await save({
      ...valid,
      paymentTerms: '  Net 45  ',
      supportedPaymentMethods: ['cheque', 'cash'],
      supportsCredit: true,
    });
    expect(res.statusCode).toBe(200);
    const expected = { ...valid, supportsCredit: true };
    expect(res.json()).toEqual(expected);
    expect((await read(dispatch)).json()).toEqual(expected);
    expect(await stored('Tema Pharma Distributors')).toEqual({
      methods: '{cash,cheque,credit_facility}',
      terms: 'Net 45',
    });

    expect((await save(valid)).json()).toEqual(valid);
    expect((await stored('Tema Pharma Distributors')).methods).toBe('{cash,cheque}');
  });

  it("changes only the caller's organisation", async () => {
    const before = (await read(medilink)).json();
    await save({ ...valid, paymentTerms: 'Cheque on delivery' });
    expect((await read(medilink)).json()).toEqual(before);
    expect((await stored('Accra Medilink Importers')).terms).not.toBe('Cheque on delivery');
  });

  it.each([
    [{ defaultPaymentMethod: 'mobile_money' }, 'defaultPaymentMethod', SETTINGS_MESSAGES.defaultMethod],
    [{ defaultPaymentMethod: 'credit_facility' }, 'defaultPaymentMethod', SETTINGS_MESSAGES.defaultMethod],
    [{ defaultLeadTimeDays: 61 }, 'defaultLeadTimeDays', SETTINGS_MESSAGES.leadTime],
    [{ defaultLeadTimeDays: -1 }, 'defaultLeadTimeDays', SETTINGS_MESSAGES.leadTime],
    [{ defaultLeadTimeDays: 2.5 }, 'defaultLeadTimeDays', SETTINGS_MESSAGES.leadTime],
    [{ defaultLeadTimeDays: '3' }, 'defaultLeadTimeDays', SETTINGS_MESSAGES.leadTime],
    [{ supportedPaymentMethods: [] }, 'supportedPaymentMethods', SETTINGS_MESSAGES.methods],
    [{ supportedPaymentMethods: undefined }, 'supportedPaymentMethods', SETTINGS_MESSAGES.methods],
    [
      { supportedPaymentMethods: ['cheque', 'credit_facility'] },
      'supportedPaymentMethods.1',
      SETTINGS_MESSAGES.methods,
    ],
    [{ paymentTerms: ' ' }, 'paymentTerms', SETTINGS_MESSAGES.paymentTerms],
    [{ paymentTerms: undefined }, 'paymentTerms', SETTINGS_MESSAGES.paymentTerms],
  ])('rejects %o with its message and changes nothing', async (change, field, message) => {
    const before = (await read(admin)).json();
    const res = await save({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    expect((await read(admin)).json()).toEqual(before);
  });

  it('lets a ShippingClerk read but not change the terms', async () => {
    const res = await save({ ...valid, paymentTerms: 'Free for all' }, dispatch);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do that.');
    expect((await read(admin)).json().paymentTerms).not.toBe('Free for all');
    // Refused before the body is looked at.
    expect((await save({}, dispatch)).statusCode).toBe(403);
  });

  it('refuses customers and platform users with 403 and anonymous callers with 401', async () => {
    const customer = await t.login('buyer@accracare.demo', 'customer');
    const platform = await t.login('admin@aduro.demo', 'platform');
    for (const who of [customer, platform]) {
      expect((await read(who)).statusCode).toBe(403);
      const res = await save(valid, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to view that area.');
    }
    expect((await read()).statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document with the staff routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/org/settings',
        '/api/org/users',
        '/api/org/users/roles',
        '/api/org/users/{id}',
        '/api/org/users/{id}/roles',
      ]),
    );
    expect(doc.paths['/api/org/users/{id}'].delete.responses['204']).toBeDefined();
    expect(doc.paths['/api/org/settings'].patch.requestBody.content['application/json'].schema).toBeDefined();
  });
});
