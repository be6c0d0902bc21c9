import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceIdParamsSchema,
  invoiceSchema,
  invoicesPageSchema,
  invoicesQuerySchema,
  invoicesListQuerySchema,
  paymentRequestSchema,
} from '@aduro/shared/invoices';
import { caller } from '../../plugins/auth.ts';
import { getInvoicePdf, getInvoices, payInvoice } from './invoices.service.ts';
import { idempotencyHeadersSchema } from '../../plugins/idempotency.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { withPageLimit } from '@aduro/shared/pagination';
import { pdfResponse, sendPdf } from '../../lib/pdf.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** What the list and its /page (decision 0014) both say of their callers and filters, written once. */
const INVOICES_FILTERS =
  'The most pressing first: overdue ones (oldest due date first), then unpaid ones not yet due (soonest ' +
  'first), then paid and void ones (latest due first); the number breaks ties. Customers: invoices they ' +
  'owe (buyerId must be their organisation; sellerId narrows). Suppliers with manage_credit: invoices ' +
  'they issued (sellerId must be their organisation; buyerId narrows). Filters: status (unpaid, paid, ' +
  'void, or overdue: unpaid past its due date, UTC day), overdue (true or false), counterparty (text in ' +
  'the other party’s name), from and to (days the invoice was issued, inclusive). ';

/** Invoices (DOMAIN.md "Invoices and payments"): buyers read theirs; credit staff read and record payments. */
export default async function invoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['invoices'];
  const creditStaff = { userType: 'supplier', permission: 'manage_credit' } as const;
  const reader = app.guard([{ userType: 'customer' }, creditStaff]);

  r.get(
    '/invoices',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The caller’s invoices: a customer’s as buyer, a supplier’s as seller (manage_credit)',
        description:
          INVOICES_FILTERS +
          'Every matching invoice, as an array (SPEC); GET /api/invoices/page answers the same in pages.',
        security,
        querystring: invoicesListQuerySchema,
        response: {
          200: z.array(invoiceSchema),
          ...errors,
        },
      },
    },
    async (request) => getInvoices(app.db, caller(request), request.query),
  );

  // The same list in pages, a shape of its own (decision 0014); a static path, so no '/invoices/:id' takes it.
  r.get(
    '/invoices/page',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'The caller’s invoices: a customer’s as buyer, a supplier’s as seller (manage_credit), in pages',
        description:
          INVOICES_FILTERS +
          'Paging: an InvoicesPage of `limit` invoices (1 to 200, 50 by default) with total and ' +
          'nextCursor, which the next call passes as cursor with the same filters; pages neither repeat ' +
          'nor skip an invoice when others are issued meanwhile. A cursor this list did not give answers ' +
          '400.',
        security,
        querystring: invoicesQuerySchema,
        response: {
          200: invoicesPageSchema,
          ...errors,
        },
      },
    },
    async (request) => getInvoices(app.db, caller(request), withPageLimit(request.query)),
  );

  r.get(
    '/invoices/:id/pdf',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The invoice as a PDF, for its buyer or its seller (manage_credit)',
        description:
          'An A4 document to download: both parties, issue and due dates, status, lines by drop and batch, ' +
          'amount, paid and due. 404 for an invoice of other organisations. Amounts read "GHS" (the PDF ' +
          'standard fonts have no cedi sign).',
        security,
        params: invoiceIdParamsSchema,
        response: { 200: pdfResponse('The invoice, application/pdf, as an attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await getInvoicePdf(app.db, caller(request), request.params.id);
      return sendPdf(reply, pdf.fileName, pdf.content);
    },
  );

  r.post(
    '/invoices/:id/payments',
    {
      config: { idempotent: true },
      preValidation: app.guard(creditStaff),
      schema: {
        tags,
        summary: 'Record a payment received against an invoice the caller’s organisation issued',
        description:
          'At most what is due; lowers the credit balance for credit invoices; settles the invoice when all is paid.',
        security,
        headers: idempotencyHeadersSchema,
        params: invoiceIdParamsSchema,
        body: paymentRequestSchema,
        response: { 201: invoiceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await payInvoice(app.db, caller(request), request.params.id, request.body)),
  );
}
