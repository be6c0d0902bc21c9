import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { entityIdParamsSchema } from '@aduro/shared/admin';
import { AUTH_MESSAGES, LICENCE_MIME_TYPES } from '@aduro/shared/auth';
import {
  COMPLIANCE_MESSAGES,
  licenceQueueQuerySchema,
  licenceQueueSchema,
  licenceRecordFormSchema,
  licenceRecordSchema,
  licenceReviewSchema,
  myLicenceRecordSchema,
} from '@aduro/shared/compliance';
import { todayUtc } from '@aduro/shared/inventory';
import { errorResponses, mediaResponse } from '../../lib/error-responses.ts';
import { badRequest, toFieldErrors } from '../../lib/errors.ts';
import { caller, member } from '../../plugins/auth.ts';
import { sendLicence, type LicenceStorage, type StagedLicence } from '../auth/licence-storage.ts';
import { discardAll, readMultipartForm, type ReadForm } from '../../lib/multipart-form.ts';
import {
  getLicenceDocumentFor,
  getOwnLicenceDocument,
  getOwnLicenceRecord,
  listLicenceQueue,
  reviewLicenceRecord,
  submitLicenceRecord,
} from './licence-records.service.ts';

const security = [{ bearerAuth: [] }];
const documentAnswer = mediaResponse(
  'The licence document as uploaded (pdf, png, jpeg, doc or docx), inline, never cached',
  Object.keys(LICENCE_MIME_TYPES),
);

/**
 * The buyer's own licence: GET and PUT /org/licence-record (multipart), GET /org/licence-record/document.
 * Registered where multipart forms are read (app.ts, beside registration). Customers only.
 */
export async function licenceRecordRoutes(app: FastifyInstance, opts: { storage: LicenceStorage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customers = app.guard(
    { userType: 'customer' },
    { wrongType: COMPLIANCE_MESSAGES.notACustomer, organisation: true },
  );

  r.get(
    '/org/licence-record',
    {
      preValidation: customers,
      schema: {
        tags: ['compliance'],
        summary: "The caller's organisation's pharmacy licence and its review; record null when none",
        description:
          'Customers only: the licence the buying organisation recorded (number, expiry, document) and ' +
          'where its review stands.',
        security,
        response: { 200: myLicenceRecordSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getOwnLicenceRecord(app.db, member(request).orgId, todayUtc()),
  );

  r.put(
    '/org/licence-record',
    {
      preValidation: customers,
      schema: {
        tags: ['compliance'],
        summary: "Submit or renew the caller's pharmacy licence; it goes back to 'pending' for review",
        description:
          'multipart/form-data: licenceKind, licenceNumber, licenceExpiresOn (YYYY-MM-DD, not yet passed), ' +
          'optionally controlledAuthorisationNumber with controlledAuthorisationExpiresOn, and the file ' +
          'licenceDocument (pdf, png, jpeg, doc or docx by content, at most 20971520 bytes), required when ' +
          'no document is on file and optional on renewal. Any change clears the review and the ' +
          "authorisation's check; a form saved again unchanged changes nothing. A JSON body is accepted " +
          'for a renewal that keeps the document.',
        security,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: myLicenceRecordSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
      config: { openapiBody: licenceRecordFormSchema },
    },
    async (request) => {
      const me = member(request);
      const { fields, files } = await readLicenceForm(request, opts.storage);
      try {
        const parsed = licenceRecordFormSchema.safeParse(fields);
        if (!parsed.success) {
          const fieldErrors = toFieldErrors(parsed.error.issues);
          const keys = Object.keys(fieldErrors);
          throw badRequest(
            keys.length === 1 ? fieldErrors[keys[0]!]![0]! : AUTH_MESSAGES.reviewForm,
            fieldErrors,
          );
        }
        const document = files.licenceDocument ? await opts.storage.verify(files.licenceDocument) : undefined;
        return await submitLicenceRecord(app.db, opts.storage, me, parsed.data, document, todayUtc());
      } finally {
        await discardAll(opts.storage, files);
      }
    },
  );

  r.get(
    '/org/licence-record/document',
    {
      preValidation: customers,
      schema: {
        tags: ['compliance'],
        summary: "The caller's organisation's licence document, as uploaded",
        description:
          'Customers only: the document of their own licence record, inline with the type it was stored ' +
          'as, never cached. 404 when there is none.',
        security,
        response: { 200: documentAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendLicence(reply, opts.storage, await getOwnLicenceDocument(app.db, member(request).orgId)),
  );
}

/** The platform's review of buyers' licences: the queue, a review, a buyer's document. */
export async function licenceReviewRoutes(app: FastifyInstance, opts: { storage: LicenceStorage }) {
  app.addHook('preValidation', app.guard({ userType: 'platform', permission: 'manage_platform' }));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/licences',
    {
      schema: {
        tags: ['admin'],
        summary: "Buyers' pharmacy licences for review, oldest submission first",
        description: 'status narrows to pending, verified or rejected; without it every record is listed.',
        security,
        querystring: licenceQueueQuerySchema,
        response: { 200: licenceQueueSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listLicenceQueue(app.db, request.query.status, todayUtc()),
  );

  r.patch(
    '/admin/entities/:id/licence-record',
    {
      schema: {
        tags: ['admin'],
        summary: "Verify or reject a buyer's pharmacy licence; rejecting a verified one revokes it",
        description:
          'reason is required on rejection (at most 500 characters) and told to the buyer. ' +
          'controlledAuthorised: true verifies the controlled-drugs authorisation too, only when verifying ' +
          'a record that carries one (else 400 with a field error); left out, a verification keeps the ' +
          "authorisation's check as it was. The reviewer and the time are recorded; the buyer's users are " +
          'notified. 404 LICENCE_RECORD_NOT_FOUND when the organisation has submitted none, ' +
          'ORGANISATION_NOT_FOUND when the id is not a buying organisation.',
        security,
        params: entityIdParamsSchema,
        body: licenceReviewSchema,
        response: { 200: licenceRecordSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = caller(request);
      return reviewLicenceRecord(
        app.db,
        request.params.id,
        request.body,
        { id: me.id, name: me.name },
        todayUtc(),
      );
    },
  );

  r.get(
    '/admin/entities/:id/licence-record/document',
    {
      schema: {
        tags: ['admin'],
        summary: "Stream a buying organisation's licence document",
        description:
          'Platform administrators: the document a buying organisation attached to its licence record, ' +
          'inline, never cached. 404 when the organisation or its document does not exist.',
        security,
        params: entityIdParamsSchema,
        response: { 200: documentAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendLicence(reply, opts.storage, await getLicenceDocumentFor(app.db, request.params.id)),
  );
}

/**
 * The licence form: multipart as the web sends it, or JSON for a renewal that keeps the document on
 * file (a file cannot come that way).
 */
async function readLicenceForm(
  request: FastifyRequest,
  storage: LicenceStorage,
): Promise<ReadForm<StagedLicence>> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('Send the licence form as multipart/form-data.', undefined, 'MALFORMED_REQUEST');
    const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    delete fields.licenceDocument;
    return { fields, files: {} };
  }
  return readMultipartForm(request, storage, { form: 'licence form', files: ['licenceDocument'] });
}
