import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DESTRUCTIONS_CSV_COLUMNS,
  returnDetailSchema,
  returnIdParamsSchema,
  returnInspectSchema,
} from '@aduro/shared/returns';
import { CSV_BOM, toCsvLine } from '../../lib/csv.ts';
import { errorResponses, mediaResponse } from '../../lib/error-responses.ts';
import { notFound } from '../../lib/errors.ts';
import { pdfResponse, sendPdf } from '../../lib/pdf.ts';
import { member } from '../../plugins/auth.ts';
import { creditNotePdfFor } from './credit-note.pdf.ts';
import { inspectReturnFor } from './inspect-return.workflow.ts';
import { listDestructions } from './inspection.repository.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';
const creditNoteParamsSchema = z.object({ id: z.string().uuid({ error: CREDIT_NOTE_NOT_FOUND }) });

/**
 * Inspection, credit notes and the destruction register (docs/domain.md "Returns"). Inspecting and the
 * register are the supplier's inventory staff's (manage_inventory): they decide what goes back into
 * stock. A credit note is read by its two organisations only (404 for anyone else).
 */
export default async function returnInspectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['returns'];
  const inventory = app.guard(
    { userType: 'supplier', permission: 'manage_inventory' },
    { organisation: true },
  );
  // The buyer's users and the supplier's staff who see its returns (returns.routes.ts) or its invoices.
  const noteReader = app.guard(
    [
      { userType: 'customer' },
      { userType: 'supplier', permission: ['manage_shipping', 'manage_inventory', 'manage_credit'] },
    ],
    { organisation: true },
  );

  r.post(
    '/returns/:id/inspect',
    {
      preValidation: inventory,
      schema: {
        tags,
        summary: 'Inspect a received return: each unit restocked, destroyed or returned to the manufacturer',
        description:
          'Every line with received units named once, its restock + destroy + returnToManufacturer equal to ' +
          'its received units (400 on lines.<i>.restock). Any destroyed units need `destruction` (date not in ' +
          'the future, method, witness, FDA reference; 400 on destruction). 409 RESTOCK_NOT_ALLOWED for ' +
          'restocking a recalled batch, an expired one or one with under 90 days of shelf life left; 409 ' +
          'RETURN_WRONG_STATUS unless the return is received. Restocked units go back into their lot. Issues ' +
          'the credit note (every received unit at the unit price invoiced): it settles what the invoice still ' +
          'owes (and the credit line’s balance for a credit invoice); the rest is held as credit with the ' +
          'supplier. 409 CREDIT_EXCEEDS_INVOICE when the invoice’s credit notes would exceed its amount.',
        security,
        params: returnIdParamsSchema,
        body: returnInspectSchema,
        response: { 200: returnDetailSchema, ...errors },
      },
    },
    async (request) => inspectReturnFor(app.db, member(request), request.params.id, request.body),
  );

  r.get(
    '/credit-notes/:id/pdf',
    {
      preValidation: noteReader,
      schema: {
        tags,
        summary: 'The credit note as a PDF, for its buyer or its seller',
        description:
          'An A4 document in the invoice’s layout: both parties, the invoice, order and return, the credited ' +
          'lines, how the amount was applied, and what inspection did with the units. 404 ' +
          'CREDIT_NOTE_NOT_FOUND for a note of other organisations.',
        security,
        params: creditNoteParamsSchema,
        response: { 200: pdfResponse('The credit note, application/pdf, as an attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await creditNotePdfFor(app.db, member(request).orgId, request.params.id);
      if (!pdf) throw notFound('CREDIT_NOTE_NOT_FOUND', CREDIT_NOTE_NOT_FOUND);
      return sendPdf(reply, pdf.fileName, pdf.content);
    },
  );

  // A static path: Fastify's router prefers it to '/returns/:id', whatever the registration order.
  r.get(
    '/returns/destructions.csv',
    {
      preValidation: inventory,
      schema: {
        tags,
        summary: 'The caller’s destruction register as CSV, for the FDA',
        description:
          `Columns ${DESTRUCTIONS_CSV_COLUMNS.join(',')}: one row per return line whose units were destroyed, ` +
          'the latest destruction first. UTF-8 with a byte order mark; text starting with = + - @ is ' +
          "prefixed with ' so no cell runs as a formula.",
        security,
        response: {
          200: mediaResponse('text/csv, as an attachment named destructions.csv', ['text/csv']),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const rows = await listDestructions(app.db, member(request).orgId);
      const body =
        CSV_BOM +
        toCsvLine(DESTRUCTIONS_CSV_COLUMNS) +
        rows.map((row) => toCsvLine(DESTRUCTIONS_CSV_COLUMNS.map((column) => row[column]))).join('');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="destructions.csv"')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
}
