import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTROLLED_REGISTER_CSV_COLUMNS,
  controlledRegisterSchema,
  controlledSignoffSchema,
} from '@aduro/shared/compliance';
import { orderIdParamsSchema } from '@aduro/shared/orders';
import { caller } from '../../plugins/auth.ts';
import { CSV_BOM } from '../../lib/csv.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { getRegister, registerCsv, signOff } from './controlled-register.service.ts';

const REGISTER_CSV_FILE = 'controlled_register.csv';

/**
 * Controlled drugs (issue 32, docs/domain.md "Controlled drugs"): a supplier's Pharmacist signs off a
 * released order before it ships, and the register of every sign-off is read by the supplier's
 * Pharmacists and shipping staff, and by the platform. Guards run before anything else is read.
 */
export default async function controlledRegisterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['compliance'];
  const pharmacist = app.guard(
    { userType: 'supplier', permission: 'sign_off_controlled' },
    { organisation: true },
  );
  // The register: who signs it and who ships by it, and the operator that answers to the regulator.
  const registerReader = app.guard([
    { userType: 'supplier', permission: ['sign_off_controlled', 'manage_shipping'] },
    { userType: 'platform', permission: 'manage_platform' },
  ]);

  r.post(
    '/orders/:orderId/controlled-signoff',
    {
      preValidation: pharmacist,
      schema: {
        tags,
        summary: 'A Pharmacist signs off a released order of a controlled drug, writing the register',
        description:
          'For supplier users holding sign_off_controlled (the Pharmacist role; Admins do not hold it), on ' +
          'orders their organisation sells (any other answers 404). One transaction: every open allocation ' +
          '(not returned, in a drop not cancelled) without a register entry gets one — date, product, ' +
          'batch, quantity, buyer with its licence and controlled-drugs authorisation numbers, the buyer’s ' +
          'approver and the pharmacist. Until then the drop cannot ship (CONTROLLED_SIGNOFF_REQUIRED); a ' +
          'drop re-picked afterwards needs a new sign-off. 409: NOT_CONTROLLED, NOTHING_TO_SIGN_OFF (not ' +
          'released, or everything already signed off), or the buyer’s refusal under "who may buy what" ' +
          '(LICENCE_REQUIRED, CONTROLLED_NOT_AUTHORISED, LICENCE_CLASS_NOT_ALLOWED, REGISTRATION_LAPSED) when ' +
          'its licence or authorisation no longer holds. Answers the entries written.',
        security,
        params: orderIdParamsSchema,
        response: { 200: controlledSignoffSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => signOff(app.db, caller(request), request.params.orderId),
  );

  r.get(
    '/controlled-register',
    {
      preValidation: registerReader,
      schema: {
        tags,
        summary: 'The controlled-drugs register, newest first',
        description:
          'A supplier’s own entries, for its users holding sign_off_controlled or manage_shipping; every ' +
          'supplier’s for platform administrators. Customers get 403. Entries are never updated or deleted.',
        security,
        response: { 200: controlledRegisterSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getRegister(app.db, caller(request)),
  );

  r.get(
    '/controlled-register.csv',
    {
      preValidation: registerReader,
      schema: {
        tags,
        summary: 'The controlled-drugs register as CSV',
        description:
          `Columns ${CONTROLLED_REGISTER_CSV_COLUMNS.join(',')}; same scope and order as ` +
          'GET /controlled-register. Streamed in batches of 500, UTF-8 with a byte order mark; text starting ' +
          "with = + - @ is prefixed with ' so no cell runs as a formula.",
        security,
        response: {
          200: z.unknown().meta({
            description: `text/csv, as an attachment named ${REGISTER_CSV_FILE}`,
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const lines = registerCsv(app.db, caller(request));
      async function* withBom() {
        yield CSV_BOM;
        yield* lines;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${REGISTER_CSV_FILE}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(withBom()));
    },
  );
}
