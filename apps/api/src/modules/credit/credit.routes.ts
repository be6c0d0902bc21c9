import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationIdParamsSchema,
  approveApplicationSchema,
  creditApplicationRequestSchema,
  creditApplicationSchema,
  creditApplicationsPageSchema,
  creditApplicationsQuerySchema,
  creditApplicationsListQuerySchema,
  creditLineSchema,
  creditLinesQuerySchema,
  rejectApplicationSchema,
  rejectionReasonOf,
  riskResultSchema,
} from '@aduro/shared/credit';
import { caller } from '../../plugins/auth.ts';
import {
  applyForCredit,
  approveApplication,
  checkRisk,
  getApplications,
  getCreditLines,
  rejectApplication,
} from './credit.service.ts';
import { idempotencyHeadersSchema } from '../../plugins/idempotency.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { withPageLimit } from '@aduro/shared/pagination';

const errors = errorResponses(400, 401, 403, 404, 409);

/** What the list and its /page (decision 0014) both say of their callers and filters, written once. */
const APPLICATIONS_FILTERS =
  'Credit staff (manage_credit) see the applications made to their supplier (supplierId, their own); a ' +
  'customer sees its own (customerId, its own). Filter: status (pending, approved or rejected; all or ' +
  'none lists every one). Order: pending oldest first, then decided latest decision first, then by id. ';

/**
 * Credit (DOMAIN.md "Credit"): customers read their lines and apply; suppliers with manage_credit
 * read, check and decide the applications made to them.
 */
export default async function creditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['credit'];
  const customer = app.guard({ userType: 'customer' });
  const approverRule = { userType: 'supplier', permission: 'manage_credit' } as const;
  const approver = app.guard(approverRule);
  // Customers follow their own applications; credit staff read the ones made to their organisation.
  const applicationReader = app.guard([{ userType: 'customer' }, approverRule]);

  r.get(
    '/credit/lines',
    {
      preValidation: customer,
      schema: {
        tags,
        summary: 'The caller’s credit lines with each supplier',
        description:
          "Customers only: each supplier's credit line for the caller's organisation, with its limit " +
          "and balance; customerId, when given, must be the caller's own.",
        security,
        querystring: creditLinesQuerySchema,
        response: { 200: z.array(creditLineSchema), ...errors },
      },
    },
    async (request) => getCreditLines(app.db, caller(request), request.query.customerId),
  );

  r.post(
    '/credit/applications',
    {
      preValidation: customer,
      schema: {
        tags,
        summary: 'Apply to an active supplier for credit (one pending application per supplier)',
        description:
          "Customers only: asks an active supplier for credit; the supplier's credit staff approve it " +
          'with a limit or reject it. A second pending application to the same supplier answers 409.',
        security,
        body: creditApplicationRequestSchema,
        response: { 201: creditApplicationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await applyForCredit(app.db, caller(request), request.body)),
  );

  r.get(
    '/credit/applications',
    {
      preValidation: applicationReader,
      schema: {
        tags,
        summary:
          'Applications to the caller’s organisation, or by it: pending first (oldest first), then decided',
        description:
          APPLICATIONS_FILTERS +
          'Every matching application, as an array (SPEC); GET /api/credit/applications/page answers the ' +
          'same in pages.',
        security,
        querystring: creditApplicationsListQuerySchema,
        response: {
          200: z.array(creditApplicationSchema),
          ...errors,
        },
      },
    },
    async (request) => getApplications(app.db, caller(request), request.query),
  );

  // The same list in pages, a shape of its own (decision 0014); a static path, so no '/credit/applications/:id' takes it.
  r.get(
    '/credit/applications/page',
    {
      preValidation: applicationReader,
      schema: {
        tags,
        summary:
          'Applications to the caller’s organisation, or by it: pending first (oldest first), then decided, in pages',
        description:
          APPLICATIONS_FILTERS +
          'Paging: a CreditApplicationsPage of `limit` applications (1 to 200, 50 by default) with total ' +
          'and nextCursor, which the next call passes as cursor with the same filters; pages neither ' +
          'repeat nor skip an application when others are submitted meanwhile. A cursor this list did not ' +
          'give answers 400.',
        security,
        querystring: creditApplicationsQuerySchema,
        response: {
          200: creditApplicationsPageSchema,
          ...errors,
        },
      },
    },
    async (request) => getApplications(app.db, caller(request), withPageLimit(request.query)),
  );

  r.post(
    '/credit/applications/:id/approve',
    {
      config: { idempotent: true },
      preValidation: approver,
      schema: {
        tags,
        summary: 'Approve with a limit: create the credit line or set its limit (never below the balance)',
        description:
          "The supplier's credit staff (manage_credit) approve a pending application with a limit, " +
          "creating the customer's credit line or setting its limit, which may not fall below the " +
          'balance owed. Idempotent with an Idempotency-Key header; a decided application answers 409.',
        security,
        headers: idempotencyHeadersSchema,
        params: applicationIdParamsSchema,
        body: approveApplicationSchema,
        response: { 200: creditApplicationSchema, ...errors },
      },
    },
    async (request) => approveApplication(app.db, caller(request), request.params.id, request.body.limit),
  );

  r.post(
    '/credit/applications/:id/reject',
    {
      config: { idempotent: true },
      preValidation: approver,
      schema: {
        tags,
        summary: 'Reject a pending application, optionally saying why',
        description:
          'The body may be left out. A reason (trimmed, at most 500 characters; blank counts as none) is kept ' +
          'on the application as rejectionReason and told to the buyer in its credit decision notification.',
        security,
        headers: idempotencyHeadersSchema,
        params: applicationIdParamsSchema,
        body: rejectApplicationSchema.nullish(),
        response: { 200: creditApplicationSchema, ...errors },
      },
    },
    async (request) =>
      rejectApplication(app.db, caller(request), request.params.id, rejectionReasonOf(request.body)),
  );

  r.get(
    '/credit/applications/:id/risk',
    {
      preValidation: approver,
      schema: {
        tags,
        summary: 'The explained risk check of an application',
        description:
          'Deterministic: score 0-100 (higher is safer) from account age, orders with you, overdue invoices, ' +
          'payment record and exposure against monthly purchases; recommendedLimit omitted without history.',
        security,
        params: applicationIdParamsSchema,
        response: { 200: riskResultSchema, ...errors },
      },
    },
    async (request) => checkRisk(app.db, caller(request), request.params.id),
  );
}
