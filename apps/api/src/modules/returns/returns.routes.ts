import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  returnCreateSchema,
  returnCreatedSchema,
  returnDetailSchema,
  returnIdParamsSchema,
  returnReceiveSchema,
  returnRejectSchema,
  returnsPageSchema,
  returnsQuerySchema,
} from '@aduro/shared/returns';
import { member } from '../../plugins/auth.ts';
import { idempotencyHeadersSchema } from '../../plugins/idempotency.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import {
  approveReturn,
  createReturn,
  getReturn,
  getReturns,
  receiveReturnUnits,
  rejectReturn,
} from './returns.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Returns (docs/domain.md "Returns"). The buying organisation's customer users ask to return delivered
 * units; the supplier's shipping or inventory staff decide and receive them; both sides read them (404
 * for another organisation's return, never 403). Platform users have no share: 403. Inspection, credit
 * notes and the destruction register are in returns.inspection.routes.ts.
 */
export default async function returnRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['returns'];
  const customer = app.guard({ userType: 'customer' }, { organisation: true });
  // Shipping staff take the packs back at the dock, inventory staff own the stock they return to.
  const handlers = { userType: 'supplier', permission: ['manage_shipping', 'manage_inventory'] } as const;
  const supplier = app.guard(handlers, { organisation: true });
  const reader = app.guard([{ userType: 'customer' }, handlers], { organisation: true });

  r.post(
    '/returns',
    {
      preValidation: customer,
      // A phone that lost the answer and asks again would claim the units twice; with an Idempotency-Key
      // the repeat gets the first answer instead.
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Ask the supplier to take back delivered packs of an order',
        description:
          'Each line names a delivered drop of the order, a batch it received (null for units without a batch ' +
          'number) and the units. Checked under the order’s lock: 404 ORDER_NOT_FOUND for an order not the ' +
          'caller’s; 400 on lines.<i>.dropId for a drop of another order or not delivered, on ' +
          'lines.<i>.batchNumber for a batch the drop did not receive; 409 RETURN_EXCEEDS_DELIVERED when the ' +
          'units exceed what the drop delivered of the batch less what other returns (not rejected) claim.',
        security,
        headers: idempotencyHeadersSchema,
        body: returnCreateSchema,
        response: { 201: returnCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createReturn(app.db, member(request), request.body)),
  );

  r.get(
    '/returns',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The caller’s returns, newest first, a page at a time',
        description:
          'A customer: its organisation’s returns. A supplier (manage_shipping or manage_inventory): the returns ' +
          'sent to it. Narrowed by status (several apart by commas) and by order.',
        security,
        querystring: returnsQuerySchema,
        response: { 200: returnsPageSchema, ...errors },
      },
    },
    async (request) => getReturns(app.db, member(request), request.query),
  );

  r.get(
    '/returns/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'One return with its lines, reason and notes, credit note and destruction record',
        description: 'As the buyer and the supplier both see it. 404 RETURN_NOT_FOUND for anyone else’s.',
        security,
        params: returnIdParamsSchema,
        response: { 200: returnDetailSchema, ...errors },
      },
    },
    async (request) => getReturn(app.db, member(request), request.params.id),
  );

  r.post(
    '/returns/:id/approve',
    {
      preValidation: supplier,
      schema: {
        tags,
        summary: 'Approve a requested return: the buyer may send the packs',
        description: '409 RETURN_WRONG_STATUS unless the return is awaiting the supplier.',
        security,
        params: returnIdParamsSchema,
        response: { 200: returnDetailSchema, ...errors },
      },
    },
    async (request) => approveReturn(app.db, member(request), request.params.id),
  );

  r.post(
    '/returns/:id/reject',
    {
      preValidation: supplier,
      schema: {
        tags,
        summary: 'Reject a requested return, with the reason the buyer sees',
        description:
          '409 RETURN_WRONG_STATUS unless the return is awaiting the supplier. Its units are no longer claimed: ' +
          'the buyer may ask again.',
        security,
        params: returnIdParamsSchema,
        body: returnRejectSchema,
        response: { 200: returnDetailSchema, ...errors },
      },
    },
    async (request) => rejectReturn(app.db, member(request), request.params.id, request.body.reason),
  );

  r.post(
    '/returns/:id/receive',
    {
      preValidation: supplier,
      schema: {
        tags,
        summary: 'Record the packs that arrived: they wait in quarantine until inspected',
        description:
          'Every line of the return once, with 0 to its quantity received (400 fieldErrors otherwise). 409 ' +
          'RETURN_WRONG_STATUS unless the return is approved. Received units are held on the return, never ' +
          'allocated, until inspection gives each its fate.',
        security,
        params: returnIdParamsSchema,
        body: returnReceiveSchema,
        response: { 200: returnDetailSchema, ...errors },
      },
    },
    async (request) => receiveReturnUnits(app.db, member(request), request.params.id, request.body),
  );
}
