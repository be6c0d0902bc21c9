import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COMPLIANCE_MESSAGES,
  licenceQueueSchema,
  licenceRecordSchema,
  myLicenceRecordSchema,
  type LicenceRecord,
} from '@aduro/shared/compliance';
import { AUTH_MESSAGES } from '@aduro/shared/auth';
import { addDays } from '../../lib/dates.ts';
import type { ActivityPage } from '@aduro/shared/activity';
import { queryRows } from '../../db/client.ts';
import { fileBlob, PDF_BYTES, PNG_BYTES, TEXT_BYTES } from '../../test/files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { giveDailyReminders } from '../notifications/reminders.service.ts';
import { LICENCE_RECORD_MESSAGES } from './licence-records.service.ts';

/**
 * Issue 32, "Buyers hold a licence, and a person checks it" and "Reminders": the buyer's licence record
 * from registration and PUT /org/licence-record, the platform's queue and review, who hears of it, and
 * the daily reminders of licences, authorisations and FDA registrations expiring within 30 days. Every
 * buyer here is registered by the test; the demo's own licence records are never relied on.
 */

let t: TestApp;
let platform: string;
let temaStock: string;
let kejetia: string;
let temaAdmin: string;
const org: Record<string, string> = {};
const today = new Date().toISOString().slice(0, 10);
const inDays = (n: number) => addDays(today, n);

beforeAll(async () => {
  t = await createTestApp({ jobPollingSeconds: 0.5 });
  [platform, temaStock, kejetia, temaAdmin] = await Promise.all([
    t.login('admin@aduro.demo', 'platform'),
    t.login('stock@tema-pharma.demo', 'supplier'),
    t.login('buyer@kejetia-health.demo', 'customer'),
    t.login('admin@tema-pharma.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
}, 120_000);
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

let seq = 0;
/** A fresh client address per registration, so the registration limit (10 an hour) never interferes. */
const address = () => `198.51.100.${(++seq % 250) + 1}`;

type Fields = Record<string, string | null>;
function form(fields: Fields, file?: { bytes: Buffer; name: string } | null) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) data.append(k, v);
  if (file) data.append('licenceDocument', fileBlob(file.bytes), file.name);
  return data;
}
const pdf = { bytes: PDF_BYTES, name: 'pharmacy-licence.pdf' };

const buyerFields = (over: Fields = {}): Fields => ({
  email: `buyer-${Date.now().toString(36)}-${++seq}@licence.test`,
  password: 'secret123',
  name: 'Kofi Boateng',
  userType: 'customer',
  businessName: `Boateng Pharmacy ${seq}`,
  licenceKind: 'retail_pharmacy',
  licenceNumber: `PC/RP/${seq}`,
  licenceExpiresOn: inDays(365),
  ...over,
});

const register = (payload: FormData | object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: address(), payload });

interface Buyer {
  token: string;
  orgId: string;
  name: string;
}
/** A new buying organisation, registered with a licence unless told otherwise. */
async function registerBuyer(over: Fields = {}, file: typeof pdf | null = pdf): Promise<Buyer> {
  const fields = buyerFields(over);
  const res = await register(form(fields, file));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { token: `Bearer ${body.accessToken}`, orgId: body.user.orgId, name: fields.businessName! };
}
const withoutLicence: Fields = { licenceKind: null, licenceNumber: null, licenceExpiresOn: null };

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  authorization?: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ownRecord(buyer: Buyer): Promise<LicenceRecord | null> {
  const res = await call('GET', '/api/org/licence-record', buyer.token);
  expect(res.statusCode, res.body).toBe(200);
  return myLicenceRecordSchema.parse(res.json()).record;
}
async function put(buyer: Buyer, fields: Fields, file?: typeof pdf | null) {
  return call('PUT', '/api/org/licence-record', buyer.token, form(fields, file));
}
async function review(orgId: string, body: object) {
  return call('PATCH', `/api/admin/entities/${orgId}/licence-record`, platform, body);
}
async function queue(status = '') {
  const res = await call('GET', `/api/admin/licences${status ? `?status=${status}` : ''}`, platform);
  expect(res.statusCode, res.body).toBe(200);
  return licenceQueueSchema.parse(res.json()).records;
}

/** The latest event of the type naming the ref. */
async function eventOf(type: string, ref: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id::int from events where type = ${type} and refs::text like ${`%${ref}%`} order by id desc limit 1`,
  );
  return row?.id;
}
/** The event's notifications once its job has run (written in one transaction, all or none). */
const notified = (eventId: number) =>
  vi.waitFor(
    async () => {
      const rows = await queryRows<{ email: string; title: string; body: string; link: string }>(
        t.database.db,
        sql`select u.email, n.title, n.body, n.link from notifications n join users u on u.id = n.user_id
            where n.event_id = ${eventId} order by u.email`,
      );
      if (rows.length === 0) throw new Error(`event ${eventId} has notified nobody yet`);
      return rows;
    },
    { timeout: 60_000, interval: 200 },
  );

describe('customer registration with a licence', () => {
  it("records a buyer's licence 'pending' review, with its document, and tells the platform", async () => {
    const buyer = await registerBuyer({ licenceKind: 'hospital_pharmacy', licenceNumber: 'PC/HP/0042' });
    const record = await ownRecord(buyer);
    expect(record).toMatchObject({
      organizationId: buyer.orgId,
      organizationName: buyer.name,
      kind: 'hospital_pharmacy',
      number: 'PC/HP/0042',
      expiresOn: inDays(365),
      expired: false,
      status: 'pending',
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      controlledAuthorisation: null,
      document: {
        fileName: 'pharmacy-licence.pdf',
        mimeType: 'application/pdf',
        sizeBytes: PDF_BYTES.length,
      },
    });
    // The document streams back, byte for byte, to the buyer and to the platform only.
    for (const [url, token] of [
      ['/api/org/licence-record/document', buyer.token],
      [`/api/admin/entities/${buyer.orgId}/licence-record/document`, platform],
    ] as const) {
      const res = await call('GET', url, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe('inline; filename="pharmacy-licence.pdf"');
      expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
    }
    // The platform's administrators hear of it, and its activity trail shows it.
    const eventId = await eventOf('licence.submitted', buyer.orgId);
    expect(eventId).toBeDefined();
    const sent = await notified(eventId!);
    expect(sent.map((s) => s.email)).toContain('admin@aduro.demo');
    expect(sent[0]!.title).toBe(`${buyer.name} sent a pharmacy licence for review`);
    expect(sent[0]!.body).toContain('hospital pharmacy licence PC/HP/0042');
    const trail = await call('GET', '/api/activity?type=licence.submitted&limit=200', platform);
    expect(trail.statusCode, trail.body).toBe(200);
    expect((trail.json() as ActivityPage).items.map((i) => i.description)).toContain(
      `Kofi Boateng submitted the pharmacy licence of ${buyer.name} for review`,
    );
  });

  it('registers a customer without a licence as before, with no record', async () => {
    const buyer = await registerBuyer(withoutLicence, null);
    expect(await ownRecord(buyer)).toBeNull();
    // A JSON body, as SPEC allows for customers, too.
    const fields = Object.fromEntries(
      Object.entries(buyerFields(withoutLicence)).filter(([, v]) => v !== null),
    );
    const json = await register({ ...fields, licenceKind: '' });
    expect(json.statusCode, json.body).toBe(201);
  });

  it('refuses a licence given in part, naming each missing field, and creates nothing', async () => {
    const fields = buyerFields({ licenceNumber: null, licenceExpiresOn: null });
    const res = await register(form(fields, null));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      licenceNumber: [COMPLIANCE_MESSAGES.licenceIncomplete],
      licenceExpiresOn: [COMPLIANCE_MESSAGES.licenceIncomplete],
      licenceDocument: [COMPLIANCE_MESSAGES.licenceIncomplete],
    });
    expect(res.json().message).toBe(AUTH_MESSAGES.reviewForm);
    const onlyFile = await register(form(buyerFields(withoutLicence), pdf));
    expect(onlyFile.statusCode).toBe(400);
    expect(Object.keys(onlyFile.json().fieldErrors).sort()).toEqual([
      'licenceExpiresOn',
      'licenceKind',
      'licenceNumber',
    ]);
    const created = await queryRows(
      t.database.db,
      sql`select 1 from users where lower(email) = lower(${fields.email!})`,
    );
    expect(created).toHaveLength(0);
  });

  it('refuses an unknown kind, an expired or impossible date and an over-long number with their messages', async () => {
    const cases: [Fields, string, string][] = [
      [{ licenceKind: 'chemist' }, 'licenceKind', COMPLIANCE_MESSAGES.licenceKind],
      [{ licenceExpiresOn: inDays(-1) }, 'licenceExpiresOn', COMPLIANCE_MESSAGES.licenceExpired],
      [{ licenceExpiresOn: '2027-02-30' }, 'licenceExpiresOn', COMPLIANCE_MESSAGES.licenceExpiresOn],
      [{ licenceNumber: 'x'.repeat(61) }, 'licenceNumber', COMPLIANCE_MESSAGES.licenceNumberTooLong],
    ];
    for (const [over, field, message] of cases) {
      const res = await register(form(buyerFields(over), pdf));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(over)).toEqual({ [field]: [message] });
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a licence document that is not a pdf, image or Word file by its content (415)', async () => {
    const fields = buyerFields();
    const res = await register(form(fields, { bytes: TEXT_BYTES, name: 'licence.pdf' }));
    expect(res.statusCode).toBe(415);
    expect(res.json().fieldErrors).toEqual({ licenceDocument: [AUTH_MESSAGES.licenceType] });
    const named = await register(form(buyerFields(), { bytes: PDF_BYTES, name: 'licence.txt' }));
    expect(named.statusCode).toBe(400);
    expect(named.json().fieldErrors).toEqual({ licenceDocument: [AUTH_MESSAGES.licenceType] });
    const created = await queryRows(
      t.database.db,
      sql`select 1 from users where lower(email) = lower(${fields.email!})`,
    );
    expect(created).toHaveLength(0);
  });
});

describe("the buyer's own licence record", () => {
  it('submits a first licence, which needs its document, then renews it back to pending', async () => {
    const buyer = await registerBuyer(withoutLicence, null);
    const fields = {
      licenceKind: 'retail_pharmacy',
      licenceNumber: 'PC/RP/7001',
      licenceExpiresOn: inDays(200),
    };
    const noDocument = await put(buyer, fields);
    expect(noDocument.statusCode).toBe(400);
    expect(noDocument.json().fieldErrors).toEqual({
      licenceDocument: [COMPLIANCE_MESSAGES.licenceDocument],
    });
    const expired = await put(buyer, { ...fields, licenceExpiresOn: inDays(-3) }, pdf);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().fieldErrors).toEqual({ licenceExpiresOn: [COMPLIANCE_MESSAGES.licenceExpired] });
    const halfAuthorisation = await put(buyer, { ...fields, controlledAuthorisationNumber: 'NACOC/1' }, pdf);
    expect(halfAuthorisation.statusCode).toBe(400);
    expect(halfAuthorisation.json().fieldErrors).toEqual({
      controlledAuthorisationExpiresOn: [COMPLIANCE_MESSAGES.authorisationIncomplete],
    });

    const first = await put(buyer, fields, { bytes: PNG_BYTES, name: 'licence.png' });
    expect(first.statusCode, first.body).toBe(200);
    expect(myLicenceRecordSchema.parse(first.json()).record).toMatchObject({
      status: 'pending',
      number: 'PC/RP/7001',
      document: { fileName: 'licence.png', mimeType: 'image/png' },
    });

    const verified = await review(buyer.orgId, { status: 'verified', reason: 'Checked with the Council' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(licenceRecordSchema.parse(verified.json())).toMatchObject({
      status: 'verified',
      reason: 'Checked with the Council',
      reviewedBy: 'Efua Asante',
    });
    expect(verified.json().reviewedAt).not.toBeNull();

    // Saved again unchanged, nothing changes: the verification stays.
    const same = await put(buyer, fields);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().record).toMatchObject({ status: 'verified', reason: 'Checked with the Council' });

    // A renewal keeping the document on file goes back to pending, its review cleared.
    const renewed = await put(buyer, {
      ...fields,
      licenceExpiresOn: inDays(600),
      controlledAuthorisationNumber: 'NACOC/AUTH/9',
      controlledAuthorisationExpiresOn: inDays(300),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().record).toMatchObject({
      status: 'pending',
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      expiresOn: inDays(600),
      document: { fileName: 'licence.png' },
      controlledAuthorisation: {
        number: 'NACOC/AUTH/9',
        expiresOn: inDays(300),
        expired: false,
        authorised: false,
      },
    });

    // A new document replaces the old one, whose bytes go.
    const files = sql`select count(*)::int as n from licence_files where org_id = ${buyer.orgId}`;
    const replaced = await put(buyer, fields, pdf);
    expect(replaced.json().record.document.fileName).toBe('pharmacy-licence.pdf');
    expect((await queryRows<{ n: number }>(t.database.db, files))[0]!.n).toBe(1);
    const doc = await call('GET', '/api/org/licence-record/document', buyer.token);
    expect(doc.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('answers null and 404 for a buyer that has submitted nothing', async () => {
    const buyer = await registerBuyer(withoutLicence, null);
    expect(await ownRecord(buyer)).toBeNull();
    const doc = await call('GET', '/api/org/licence-record/document', buyer.token);
    expect(doc.statusCode).toBe(404);
    expect(doc.json().code).toBe('LICENCE_RECORD_NOT_FOUND');
  });
});

describe("the platform's queue and review", () => {
  it('lists pending licences oldest submission first, and each status on its own', async () => {
    const a = await registerBuyer();
    const b = await registerBuyer();
    const pending = (await queue('pending')).map((r) => r.organizationId);
    expect(pending.indexOf(a.orgId)).toBeGreaterThanOrEqual(0);
    expect(pending.indexOf(a.orgId)).toBeLessThan(pending.indexOf(b.orgId));
    expect((await review(a.orgId, { status: 'verified' })).statusCode).toBe(200);
    expect((await queue('pending')).map((r) => r.organizationId)).not.toContain(a.orgId);
    expect((await queue('verified')).map((r) => r.organizationId)).toContain(a.orgId);
    const all = (await queue()).map((r) => r.organizationId);
    expect(all).toEqual(expect.arrayContaining([a.orgId, b.orgId]));
    const bad = await call('GET', '/api/admin/licences?status=approved', platform);
    expect(bad.statusCode).toBe(400);
  });

  it('rejects only with a reason, which the buyer is told; revoking a verified licence tells it too', async () => {
    const buyer = await registerBuyer();
    const noReason = await review(buyer.orgId, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({ reason: [COMPLIANCE_MESSAGES.reviewReason] });

    const rejected = await review(buyer.orgId, {
      status: 'rejected',
      reason: 'The scan is unreadable.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reason: 'The scan is unreadable.',
      reviewedBy: 'Efua Asante',
    });
    const rejectedEvent = await eventOf('licence.reviewed', buyer.orgId);
    const told = await notified(rejectedEvent!);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Your pharmacy licence was not accepted',
      link: '/customer/licence',
    });
    expect(told[0]!.body).toContain('Reason: The scan is unreadable.');

    expect((await review(buyer.orgId, { status: 'verified' })).statusCode).toBe(200);
    const verifiedEvent = await eventOf('licence.reviewed', buyer.orgId);
    expect((await notified(verifiedEvent!))[0]!.title).toBe('Your pharmacy licence is verified');

    const revoked = await review(buyer.orgId, { status: 'rejected', reason: 'Licence suspended' });
    expect(revoked.json().status).toBe('rejected');
    const revokedEvent = await eventOf('licence.reviewed', buyer.orgId);
    const withdrawn = await notified(revokedEvent!);
    expect(withdrawn[0]!.title).toBe('Your pharmacy licence is no longer verified');
    expect(withdrawn[0]!.body).toContain('Reason: Licence suspended.');

    const trail = await call('GET', `/api/activity?type=licence.reviewed&orgId=${buyer.orgId}`, platform);
    expect((trail.json() as ActivityPage).items.map((i) => i.description)).toEqual([
      `Efua Asante withdrew the verification of the pharmacy licence of ${buyer.name}: “Licence suspended”`,
      `Efua Asante verified the pharmacy licence of ${buyer.name}`,
      `Efua Asante rejected the pharmacy licence of ${buyer.name}: “The scan is unreadable.”`,
    ]);
  });

  it('refuses a review of a version the buyer has since replaced (409 LICENCE_RECORD_CHANGED), and applies one of the current version', async () => {
    const buyer = await registerBuyer();
    const read = await ownRecord(buyer);
    // The buyer renews while the reviewer still has the first version open.
    const renewed = await put(buyer, {
      licenceKind: 'retail_pharmacy',
      licenceNumber: 'PCG/RP/GA/9999',
      licenceExpiresOn: inDays(400),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);

    const stale = await review(buyer.orgId, { status: 'verified', submittedAt: read!.submittedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'LICENCE_RECORD_CHANGED',
      message: COMPLIANCE_MESSAGES.licenceRecordChanged(buyer.name),
    });
    expect((await ownRecord(buyer))!.status).toBe('pending');

    const current = await ownRecord(buyer);
    const fresh = await review(buyer.orgId, { status: 'verified', submittedAt: current!.submittedAt });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ status: 'verified', number: 'PCG/RP/GA/9999' });
  });

  it('verifies a controlled-drugs authorisation only with the licence, and only one the record carries', async () => {
    const plain = await registerBuyer();
    const none = await review(plain.orgId, { status: 'verified', controlledAuthorised: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({
      controlledAuthorised: [LICENCE_RECORD_MESSAGES.noAuthorisation],
    });
    expect((await ownRecord(plain))!.status).toBe('pending');

    const buyer = await registerBuyer();
    const put1 = await put(buyer, {
      licenceKind: 'retail_pharmacy',
      licenceNumber: 'PC/RP/8800',
      licenceExpiresOn: inDays(400),
      controlledAuthorisationNumber: 'NACOC/AUTH/8800',
      controlledAuthorisationExpiresOn: inDays(100),
    });
    expect(put1.statusCode, put1.body).toBe(200);
    const onRejection = await review(buyer.orgId, {
      status: 'rejected',
      reason: 'x',
      controlledAuthorised: true,
    });
    expect(onRejection.statusCode).toBe(400);
    expect(Object.keys(onRejection.json().fieldErrors)).toEqual(['controlledAuthorised']);

    const both = await review(buyer.orgId, { status: 'verified', controlledAuthorised: true });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().controlledAuthorisation).toMatchObject({ authorised: true });
    // Verified again without saying, the authorisation's check stays; a revocation clears it.
    const again = await review(buyer.orgId, { status: 'verified', reason: 'Renewal noted' });
    expect(again.json().controlledAuthorisation.authorised).toBe(true);
    const event = await eventOf('licence.reviewed', buyer.orgId);
    const sent = await notified(event!);
    expect(sent[0]!.body).toContain(
      `Your controlled-drugs authorisation NACOC/AUTH/8800 is verified too, until ${inDays(100)}.`,
    );
    const revoked = await review(buyer.orgId, { status: 'rejected', reason: 'Authorisation withdrawn' });
    expect(revoked.json().controlledAuthorisation.authorised).toBe(false);
  });

  it('answers 404 for a buyer without a record, a supplier and an unknown organisation', async () => {
    const buyer = await registerBuyer(withoutLicence, null);
    const missing = await review(buyer.orgId, { status: 'verified' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'LICENCE_RECORD_NOT_FOUND',
      message: COMPLIANCE_MESSAGES.licenceRecordNotFound,
    });
    const supplier = await review(org['Tema Pharma Distributors']!, { status: 'verified' });
    expect(supplier.statusCode).toBe(404);
    expect(supplier.json()).toMatchObject({
      code: 'ORGANISATION_NOT_FOUND',
      message: COMPLIANCE_MESSAGES.notACustomer,
    });
    const unknown = await review('00000000-0000-4000-8000-000000000000', { status: 'verified' });
    expect(unknown.statusCode).toBe(404);
    const supplierDoc = await call(
      'GET',
      `/api/admin/entities/${org['Tema Pharma Distributors']}/licence-record/document`,
      platform,
    );
    expect(supplierDoc.statusCode).toBe(404);
  });
});

describe('who reaches the licence routes', () => {
  it("shows each buyer its own record only; suppliers get 403, customers 403 on the platform's routes", async () => {
    const mine = await registerBuyer({ licenceNumber: 'PC/RP/MINE' });
    const theirs = await registerBuyer({ licenceNumber: 'PC/RP/THEIRS' });
    expect((await ownRecord(mine))!.number).toBe('PC/RP/MINE');
    expect((await ownRecord(theirs))!.number).toBe('PC/RP/THEIRS');
    // Kejetia (a demo buyer) reads its own record or none, never one of these.
    const kejetiaRecord = await call('GET', '/api/org/licence-record', kejetia);
    expect(kejetiaRecord.statusCode).toBe(200);
    expect(kejetiaRecord.json().record?.organizationId ?? null).not.toBe(mine.orgId);

    for (const token of [temaStock, temaAdmin]) {
      for (const [method, url] of [
        ['GET', '/api/org/licence-record'],
        ['PUT', '/api/org/licence-record'],
        ['GET', '/api/org/licence-record/document'],
      ] as const) {
        const res = await call(method, url, token, method === 'PUT' ? form({ licenceKind: 'x' }) : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(COMPLIANCE_MESSAGES.notACustomer);
      }
    }
    for (const token of [mine.token, temaAdmin]) {
      for (const [method, url, body] of [
        ['GET', '/api/admin/licences', undefined],
        ['PATCH', `/api/admin/entities/${theirs.orgId}/licence-record`, { status: 'verified' }],
        ['GET', `/api/admin/entities/${theirs.orgId}/licence-record/document`, undefined],
      ] as const) {
        expect((await call(method, url, token, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await ownRecord(theirs))!.status).toBe('pending');
    expect((await call('GET', '/api/org/licence-record')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/licences')).statusCode).toBe(401);
  });
});

describe('reminders of what expires within 30 days', () => {
  it("reminds a buyer's users of a licence and an authorisation expiring within 30 days, once per expiry date", async () => {
    const soon = await registerBuyer({ licenceExpiresOn: inDays(30) });
    const later = await registerBuyer({ licenceExpiresOn: inDays(31) });
    const authorised = await registerBuyer({ licenceExpiresOn: inDays(300) });
    const put1 = await put(authorised, {
      licenceKind: 'retail_pharmacy',
      licenceNumber: 'PC/RP/AUTH',
      licenceExpiresOn: inDays(300),
      controlledAuthorisationNumber: 'NACOC/SOON',
      controlledAuthorisationExpiresOn: inDays(12),
    });
    expect(put1.statusCode, put1.body).toBe(200);

    const given = await giveDailyReminders(t.app.db, today);
    expect(given.licencesExpiring).toBeGreaterThanOrEqual(1);
    expect(given.authorisationsExpiring).toBeGreaterThanOrEqual(1);
    const licenceEvent = await eventOf('licence.expiring', soon.orgId);
    expect(licenceEvent).toBeDefined();
    expect(await eventOf('licence.expiring', later.orgId)).toBeUndefined();
    expect(await eventOf('licence.expiring', authorised.orgId)).toBeUndefined();
    const sent = await notified(licenceEvent!);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: `Your pharmacy licence expires on ${inDays(30)}`,
      link: '/customer/licence',
    });
    const authorisationEvent = await eventOf('licence.authorisation_expiring', authorised.orgId);
    expect((await notified(authorisationEvent!))[0]!.title).toBe(
      `Your controlled-drugs authorisation expires on ${inDays(12)}`,
    );

    // A second run, as another replica's, reminds nobody again.
    await giveDailyReminders(t.app.db, today);
    const count = sql`select count(*)::int as n from events where type = 'licence.expiring'
                      and refs ->> 'organisationId' = ${soon.orgId}`;
    expect((await queryRows<{ n: number }>(t.database.db, count))[0]!.n).toBe(1);
    // Thirty days on, the later licence is due; a renewal to a new date is reminded of in its turn.
    await giveDailyReminders(t.app.db, inDays(1));
    expect(await eventOf('licence.expiring', later.orgId)).toBeDefined();
    const renewed = await put(soon, {
      licenceKind: 'retail_pharmacy',
      licenceNumber: 'PC/RP/RENEWED',
      licenceExpiresOn: inDays(20),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await giveDailyReminders(t.app.db, today);
    expect((await queryRows<{ n: number }>(t.database.db, count))[0]!.n).toBe(2);
  });

  it('reminds the InventoryManager and Admin users of every supplier offering a product whose FDA registration expires within 30 days', async () => {
    const products: string[] = [];
    for (const name of ['Registration soon', 'Registration later']) {
      const created = await call('POST', '/api/products', temaStock, {
        name: `${name} ${Date.now().toString(36)}`,
        brandName: 'Test',
        category: 'Tests',
        unitOfMeasure: 'Box',
        itemsPerUnit: '20 tablets',
      });
      expect(created.statusCode, created.body).toBe(201);
      products.push(created.json().id as string);
    }
    const medilink = await t.login('admin@accra-medilink.demo', 'supplier');
    for (const productId of products) {
      for (const token of [temaStock, medilink]) {
        const synced = await t.app.inject({
          method: 'POST',
          url: '/api/inventory',
          headers: { authorization: token },
          payload: { productId, quantity: 50, unitPrice: 10, moq: 1 },
        });
        expect(synced.statusCode, synced.body).toBe(200);
      }
    }
    const [soon, later] = products as [string, string];
    await t.database.db.execute(sql`update products set fda_registration_number = 'FDA/GH/1',
      fda_registration_expires_on = ${inDays(25)}::date where id = ${soon}`);
    await t.database.db.execute(sql`update products set fda_registration_number = 'FDA/GH/2',
      fda_registration_expires_on = ${inDays(45)}::date where id = ${later}`);

    const given = await giveDailyReminders(t.app.db, today);
    expect(given.registrationsExpiring).toBeGreaterThanOrEqual(1);
    const [tema, medi] = [org['Tema Pharma Distributors']!, org['Accra Medilink Importers']!];
    const events = await queryRows<{ id: number; supplierId: string; productIds: string[] }>(
      t.database.db,
      sql`select id::int, refs ->> 'supplierId' as "supplierId",
                 array(select jsonb_array_elements_text(refs -> 'productIds')) as "productIds"
          from events where type = 'registrations.expiring' and refs::text like ${`%${soon}%`}
          order by id`,
    );
    expect(events.map((e) => e.supplierId).sort()).toEqual([tema, medi].sort());
    for (const e of events) expect(e.productIds).not.toContain(later);
    const temaEvent = events.find((e) => e.supplierId === tema)!;
    const sent = await notified(temaEvent.id);
    expect(sent.map((s) => s.email)).toEqual(['admin@tema-pharma.demo', 'stock@tema-pharma.demo']);
    expect(sent[0]!.body).toContain(`registration FDA/GH/1, expires ${inDays(25)}`);
    const mediSent = await notified(events.find((e) => e.supplierId === medi)!.id);
    expect(mediSent.map((s) => s.email)).toContain('admin@accra-medilink.demo');

    // Once per expiry date: a second run names the product to nobody again.
    await giveDailyReminders(t.app.db, today);
    const again = await queryRows(
      t.database.db,
      sql`select 1 from events where type = 'registrations.expiring' and refs::text like ${`%${soon}%`}`,
    );
    expect(again).toHaveLength(2);
  });
});
