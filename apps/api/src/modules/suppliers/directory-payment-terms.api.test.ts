import { supplierDirectoryEntrySchema } from '@aduro/shared/marketplace';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

describe('GET /api/suppliers with a supplier whose payment terms are null', () => {
  it("answers 'Prepaid' (SPEC §9), so the directory keeps to its contract", async () => {
    // Today's schema refuses null; a row from before the default could still hold one.
    await t.database.db.execute(sql`alter table organizations alter column payment_terms drop not null`);
    await t.database.db.execute(
      sql`update organizations set payment_terms = null where name = 'Harbour Surgical Imports'`,
    );
    const buyer = await t.login('buyer@accracare.demo', 'customer');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/suppliers',
      headers: { authorization: buyer },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = supplierDirectoryEntrySchema.array().parse(res.json());
    expect(entries.find((e) => e.name === 'Harbour Surgical Imports')?.paymentTerms).toBe('Prepaid');
    expect(entries.find((e) => e.name === 'Tema Pharma Distributors')?.paymentTerms).toBe('Net 30');
  });
});
