import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recallAcknowledgementSchema,
  recallCreateSchema,
  recallDetailSchema,
  recallDropParamsSchema,
  recallIdParamsSchema,
  recallSummarySchema,
} from '@aduro/shared/recalls';
import { member } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { acknowledgeRecall, createRecall, getRecall, getRecalls } from './recalls.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Recalls (docs/domain.md "Recalls"). A supplier's inventory staff recall its own lots of a product's
 * batches, a platform administrator every supplier's; suppliers, buyers and the platform read the
 * recalls they have a share in (404 for the others, never 403); buyers acknowledge recalled deliveries.
 */
export default async function recallRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['recalls'];
  const declarer = app.guard(
    [
      { userType: 'supplier', permission: 'manage_inventory' },
      { userType: 'platform', permission: 'manage_platform' },
    ],
    { organisation: true },
  );
  // Every supplier role reads: shipping staff trace deliveries, credit staff answer buyers.
  const reader = app.guard(
    [
      { userType: 'supplier' },
      { userType: 'customer' },
      { userType: 'platform', permission: 'manage_platform' },
    ],
    { organisation: true },
  );
  const customer = app.guard({ userType: 'customer' }, { organisation: true });

  r.post(
    '/recalls',
    {
      preValidation: declarer,
      schema: {
        tags,
        summary: 'Recall batches of a product: quarantine their lots and trace every delivery of them',
        description:
          'A supplier (manage_inventory) recalls its own lots of the batches; a platform administrator every ' +
          'supplier’s. One transaction: 404 for an unknown product; 400 (fieldErrors.batchNumbers) when a batch ' +
          'names no lot the caller may recall; 409 BATCHES_ALREADY_RECALLED when every lot found is already ' +
          'quarantined. The lots keep their units, are never allocated again, and leave the marketplace.',
        security,
        body: recallCreateSchema,
        response: { 201: recallDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createRecall(app.db, member(request), request.body)),
  );

  r.get(
    '/recalls',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The recalls the caller has a share in, newest first',
        description:
          'A supplier: the recalls that quarantined any of its lots. A customer: those whose recalled units ' +
          'any of its deliveries still holds, or held until the supplier re-picked it. A platform ' +
          'administrator: all. Counts are the caller’s share.',
        security,
        response: { 200: z.array(recallSummarySchema), ...errors },
      },
    },
    async (request) => getRecalls(app.db, member(request)),
  );

  r.get(
    '/recalls/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary:
          'One recall with its quarantined lots and its trace of deliveries, as the caller may see them',
        description:
          'The trace lists every delivery still holding units of the recalled lots: a supplier’s own sales, a ' +
          'customer’s own deliveries, all for a platform administrator; `repicked` the deliveries the supplier ' +
          're-picked off the recalled batches before dispatch, with what they hold now. 404 when the caller ' +
          'has no share in it.',
        security,
        params: recallIdParamsSchema,
        response: { 200: recallDetailSchema, ...errors },
      },
    },
    async (request) => getRecall(app.db, member(request), request.params.id),
  );

  r.post(
    '/recalls/:id/drops/:dropId/acknowledge',
    {
      preValidation: customer,
      schema: {
        tags,
        summary: 'Confirm a recalled delivery is quarantined at the pharmacy',
        description:
          'Once per recall and delivery: a second call answers the first acknowledgement unchanged. 404 for a ' +
          'delivery that is not the caller’s; 409 DROP_NOT_RECALLED for one that holds none of the recalled units, ' +
          'DROP_NOT_DELIVERED for one not delivered (the supplier holds it: nothing reached the pharmacy).',
        security,
        params: recallDropParamsSchema,
        response: { 200: recallAcknowledgementSchema, ...errors },
      },
    },
    async (request) => acknowledgeRecall(app.db, member(request), request.params),
  );
}
