import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  draftOrderSchema,
  dropParamsSchema,
  dropUpdateSchema,
  orderDetailSchema,
  orderIdParamsSchema,
  ORDER_MESSAGES,
  orderSchema,
  ordersPageSchema,
  ordersQuerySchema,
  ordersListQuerySchema,
} from '@aduro/shared/orders';
import { apiKeyIdOf, caller } from '../../plugins/auth.ts';
import {
  approve,
  cancel,
  changeDrop,
  createOrder,
  getOrder,
  getOrders,
  getPurchaseOrderPdf,
  repick,
} from './orders.service.ts';
import { idempotencyHeadersSchema } from '../../plugins/idempotency.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { withPageLimit } from '@aduro/shared/pagination';
import { pdfResponse, sendPdf } from '../../lib/pdf.ts';
import { sendJsonText } from '../../lib/json-reply.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** What the list and its /page (decision 0014) both say of their callers and filters, written once. */
const ORDERS_FILTERS =
  'Customers: orders they buy (buyerId must be their organisation; sellerId narrows). Suppliers with ' +
  'manage_shipping or sign_off_controlled: orders they sell (sellerId must be their organisation; buyerId ' +
  'narrows). Filters: status, counterparty (text in the other party’s name), product (text in the ' +
  'product’s name or brand, or the order number), from and to (days the order was placed, inclusive). ';

/**
 * Orders (DOMAIN.md "Orders", "Drops"). Customers draft, approve and cancel their own; suppliers with
 * manage_shipping read theirs and move drops. Guards run before the body is read.
 */
export default async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['orders'];
  const customer = app.guard({ userType: 'customer' });
  const shipping = app.guard({ userType: 'supplier', permission: 'manage_shipping' });
  // Reading: the buyer, or the seller's shipping staff.
  const reader = app.guard(
    [{ userType: 'customer' }, { userType: 'supplier', permission: 'manage_shipping' }],
    {
      wrongType: ORDER_MESSAGES.needCustomer,
    },
  );
  // The list and one order are read by the seller's Pharmacists too: they sign off what it sells
  // (docs/domain.md "Controlled drugs"). Moving drops stays with shipping.
  const orderReader = app.guard(
    [
      { userType: 'customer' },
      { userType: 'supplier', permission: ['manage_shipping', 'sign_off_controlled'] },
    ],
    { wrongType: ORDER_MESSAGES.needCustomer },
  );

  r.post(
    '/orders',
    {
      config: { idempotent: true },
      preValidation: customer,
      schema: {
        tags,
        summary: 'Draft a multi-drop order for the caller’s organisation',
        description:
          'The unit price is the supplier’s current offer; drops of 0 units are left out. Refused: 0 units, ' +
          'under the moq, a method the supplier does not accept, credit without an active line or over the ' +
          'available credit, an inactive party. The order awaits the buyer’s approval.',
        security,
        headers: idempotencyHeadersSchema,
        body: draftOrderSchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createOrder(app.db, caller(request), request.body)),
  );

  r.get(
    '/orders',
    {
      preValidation: orderReader,
      schema: {
        tags,
        summary: 'The caller’s orders, newest first',
        description:
          ORDERS_FILTERS +
          'Every matching order, as an array (SPEC); GET /api/orders/page answers the same in pages.',
        security,
        querystring: ordersListQuerySchema,
        response: {
          200: z.array(orderSchema),
          ...errors,
        },
      },
    },
    async (request) => getOrders(app.db, caller(request), request.query),
  );

  // The same list in pages, a shape of its own (decision 0014); a static path, so no '/orders/:id' takes it.
  r.get(
    '/orders/page',
    {
      preValidation: orderReader,
      schema: {
        tags,
        summary: 'The caller’s orders, newest first, in pages',
        description:
          ORDERS_FILTERS +
          'Paging: an OrdersPage of `limit` orders (1 to 200, 50 by default) with total and nextCursor, ' +
          'which the next call passes as cursor with the same filters; pages neither repeat nor skip an ' +
          'order when others are placed meanwhile. A cursor this list did not give answers 400.',
        security,
        querystring: ordersQuerySchema,
        response: {
          200: ordersPageSchema,
          ...errors,
        },
      },
    },
    // The page comes as JSON text PostgreSQL built.
    async (request, reply) =>
      sendJsonText(reply, await getOrders(app.db, caller(request), withPageLimit(request.query))),
  );

  r.get(
    '/orders/:orderId',
    {
      preValidation: orderReader,
      schema: {
        tags,
        summary: 'One order with its history, for its buyer or seller',
        description:
          'The buyer, or the seller’s users with manage_shipping or sign_off_controlled; 404 for anyone else. ' +
          'For the buyer of an order awaiting approval, eligibility says whether approving can release it ' +
          'now; a released order of a controlled drug carries its Pharmacist sign-off.',
        security,
        params: orderIdParamsSchema,
        response: { 200: orderDetailSchema, ...errors },
      },
    },
    async (request) => getOrder(app.db, caller(request), request.params.orderId),
  );

  r.get(
    '/orders/:orderId/purchase-order.pdf',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The purchase order as a PDF, for its buyer or seller',
        description:
          'An A4 document to download: both parties, created and approved dates, lines by drop and batch ' +
          '(per drop before approval), total, payment terms and drops. 404 for an order of other ' +
          'organisations. Amounts read "GHS" (the PDF standard fonts have no cedi sign).',
        security,
        params: orderIdParamsSchema,
        response: { 200: pdfResponse('The purchase order, application/pdf, as an attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await getPurchaseOrderPdf(app.db, caller(request), request.params.orderId);
      return sendPdf(reply, pdf.fileName, pdf.content);
    },
  );

  r.post(
    '/orders/:orderId/approve',
    {
      config: { idempotent: true },
      preValidation: customer,
      schema: {
        tags,
        summary: 'Approve a drafted order: allocate stock, charge credit, issue the invoice, release',
        description:
          'One transaction with row locks. 409 when the order is not awaiting approval, stock or credit ' +
          'falls short, or a party is inactive; nothing changes then.',
        security,
        headers: idempotencyHeadersSchema,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => approve(app.db, caller(request), request.params.orderId),
  );

  r.post(
    '/orders/:orderId/cancel',
    {
      preValidation: customer,
      schema: {
        tags,
        summary: 'Cancel an order still awaiting the buyer’s approval',
        description:
          'The buyer cancels their own order, and its drops, while it awaits their approval; in any other ' +
          'status it answers 409.',
        security,
        params: orderIdParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => cancel(app.db, caller(request), request.params.orderId),
  );

  r.patch(
    '/orders/:orderId/drops/:dropId',
    {
      preValidation: shipping,
      schema: {
        tags,
        summary: 'Move a drop: Awaiting Dispatch → Shipped → Out for Delivery → Delivered, or Cancelled',
        description:
          'Released orders only; anything else answers 409. Shipping sets the tracking number and ETA ' +
          '(generated when not given); cancelling returns the units to their lots and the value to the ' +
          'invoice and credit line (units of a recalled lot stay quarantined there). A drop holding units of a ' +
          'recalled batch moves only to Cancelled: anything else answers 409 DROP_HOLDS_RECALLED_BATCH, with ' +
          'the recall and batches in details (re-pick it with POST …/repick while awaiting dispatch). A drop of a ' +
          'controlled drug ships only once a Pharmacist signed off what it holds (POST …/controlled-signoff): ' +
          'otherwise 409 CONTROLLED_SIGNOFF_REQUIRED, again after a re-pick.',
        security,
        params: dropParamsSchema,
        body: dropUpdateSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => changeDrop(app.db, caller(request), request.params, request.body, apiKeyIdOf(request)),
  );

  r.post(
    '/orders/:orderId/drops/:dropId/repick',
    {
      preValidation: shipping,
      schema: {
        tags,
        summary: 'Re-pick a drop held by a recall from the seller’s other batches',
        description:
          'For a drop awaiting dispatch that holds units of a recalled batch, by the seller’s manage_shipping ' +
          'staff. One transaction: those units go back to their lots, which stay quarantined, and as many are ' +
          'taken from the seller’s other lots of the product, first expiry first out, unexpired, not ' +
          'quarantined, with the order’s minimum shelf life at delivery. The price, totals and invoice do not ' +
          'change. 404 for an order or drop of another organisation. 409: DROP_NOT_AWAITING_DISPATCH (on its ' +
          'way, delivered or cancelled), DROP_NOT_RECALLED (no recalled units to replace), STOCK_SHORTFALL or ' +
          'SHELF_LIFE_SHORTFALL (the other lots cannot cover it; the message and details give available and ' +
          'needed). Answers the order as it now stands.',
        security,
        params: dropParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => repick(app.db, caller(request), request.params, apiKeyIdOf(request)),
  );
}
